import type { Page } from '@playwright/test';
import { choose } from './entry-helpers';
import { expect } from './fixtures';

// Steps of a shift on the phone that several specs take: crew hours, downtime, bits.

/** A crew member's card on Crew Assignment. */
export const crewCard = (page: Page, name: string) => page.getByRole('listitem', { name });

/** Assigns a crew member in a role on Crew Assignment. */
export async function assign(page: Page, member: string, role: string): Promise<void> {
  await page.getByLabel('Crew member').selectOption({ label: member });
  await page.getByLabel('Role').selectOption({ label: role });
  await page.getByRole('button', { name: 'Assign Crew Member' }).click();
}

/** Sets a crew member's hours in the Hours dialog. */
export async function setHours(
  page: Page,
  name: string,
  hours: { start?: string; finish?: string; break?: string; travel?: string },
): Promise<void> {
  await crewCard(page, name)
    .getByRole('button', { name: `Hours of ${name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Hours of ${name}` });
  if (hours.start) await choose(page, dialog, 'Start', hours.start);
  if (hours.finish) await choose(page, dialog, 'Finish', hours.finish);
  if (hours.break) await dialog.getByLabel('Break (h)').fill(hours.break);
  if (hours.travel) await dialog.getByLabel('Travel (h)').fill(hours.travel);
  await dialog.getByRole('button', { name: 'Save Hours' }).click();
  await expect(dialog).toBeHidden();
}

/** Fills Add Downtime and saves it. */
export async function addDowntime(
  page: Page,
  entry: { code: string; start: string; end: string; notes?: string },
): Promise<void> {
  await page.getByRole('button', { name: 'Add Downtime' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Downtime' });
  await choose(page, dialog, 'Downtime Code', entry.code);
  await choose(page, dialog, 'Start Time', entry.start);
  await choose(page, dialog, 'End Time', entry.end);
  if (entry.notes) await dialog.getByLabel('Notes (Optional)').fill(entry.notes);
  await dialog.getByRole('button', { name: 'Add Downtime' }).click();
  await expect(dialog).toBeHidden();
}

/** Registers a bit on the Bits screen. */
export async function registerBit(page: Page, serial: string, matrix: string): Promise<void> {
  await page.getByRole('button', { name: 'Register Bit' }).click();
  const form = page.getByRole('region', { name: 'Register a Bit' });
  await form.getByLabel('Serial').fill(serial);
  await form.getByLabel('Matrix').fill(matrix);
  await form.getByRole('button', { name: 'Register Bit' }).click();
  await expect(form).toBeHidden();
}

/** Bit in or out on the Bits screen, at the depth it offers (the hole's current depth). */
export async function bitChange(page: Page, action: 'in' | 'out', serial: string): Promise<string> {
  await page.getByRole('button', { name: 'Bit In / Out' }).click();
  const form = page.getByRole('region', { name: 'Bit In / Out' });
  if (action === 'out') await form.getByText('Bit out', { exact: true }).click();
  await form.getByLabel('Bit', { exact: true }).click();
  await page.getByRole('option', { name: new RegExp(`^${serial}`) }).click();
  const depth = await form.getByLabel('Depth (m)').inputValue();
  await form
    .getByRole('button', { name: action === 'in' ? 'Record Bit In' : 'Record Bit Out' })
    .click();
  await expect(form).toBeHidden();
  return depth;
}

/** The hole's depth on Run Sheets ("5.5 m / 60.0 m" reads 5.5). */
export async function holeDepth(page: Page): Promise<number> {
  const text = (await page.getByTestId('hole-depth').textContent()) ?? '';
  return Number(/([\d.]+) m \//.exec(text)?.[1]);
}
