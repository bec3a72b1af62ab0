import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** Picks an option of a Mantine Select by its label (within `scope`, a dialog or the page). */
export async function choose(
  page: Page,
  scope: Page | Locator,
  label: string,
  option: string,
): Promise<void> {
  await scope.getByLabel(label, { exact: true }).and(scope.locator('input')).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Fills Add Time Entry's times and taps Add Entry (the dialog stays open when it asks). */
export async function submitTimeEntry(
  page: Page,
  entry: { start: string; end: string; holeId?: string },
): Promise<Locator> {
  await page.getByRole('button', { name: 'Add Time Entry' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Time Entry' });
  if (entry.holeId) await dialog.getByLabel('Hole ID').fill(entry.holeId);
  await choose(page, dialog, 'Start Time', entry.start);
  await choose(page, dialog, 'End Time', entry.end);
  await dialog.getByRole('button', { name: 'Add Entry' }).click();
  return dialog;
}

/** Adds a time entry that needs no confirmation. */
export async function addTimeEntry(
  page: Page,
  entry: { start: string; end: string; holeId?: string },
): Promise<void> {
  const dialog = await submitTimeEntry(page, entry);
  await expect(dialog).toBeHidden();
}

/** Taps Delete on the row named `name`, then the confirmation's Delete. */
export async function deleteRow(page: Page, name: RegExp): Promise<void> {
  await page.getByRole('button', { name }).click();
  const question = page.getByRole('dialog', { name: /^Delete .*\?$/ });
  await question.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(question).toBeHidden();
}

/** True when the page scrolls sideways (the whole document is wider than the screen). */
export function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth > root.clientWidth;
  });
}
