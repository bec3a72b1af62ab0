import type { Browser, Page } from '@playwright/test';
import { expect, heading, prepareContext } from './fixtures';
import { signInAsSupervisor } from './supervisor-helpers';

// What the plod report's browser tests do: fill in and sign a plod on a phone, and read it at a desk.

/** Shift Details of the plod: the demo site and rig. */
export async function setUpShift(page: Page, id: string): Promise<void> {
  await page.goto(`/plods/${id}/shift-details`);
  await page.getByLabel('Site').selectOption({ label: 'Demo Site' });
  await page.getByLabel('Rig').selectOption({ label: 'Demo Rig 1' });
  await page.getByRole('button', { name: 'Save & Continue' }).click();
  await expect(page).not.toHaveURL(/shift-details$/);
}

/** Draws a signature on the pad with the pointer: a wave, then a stroke across it. */
export async function signOnPad(page: Page): Promise<void> {
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  const at = (fx: number, fy: number): [number, number] => [
    box.x + box.width * fx,
    box.y + box.height * fy,
  ];
  await page.mouse.move(...at(0.1, 0.5));
  await page.mouse.down();
  for (let i = 1; i <= 24; i += 1) {
    await page.mouse.move(...at(0.1 + i * 0.03, 0.5 + Math.sin(i / 2.5) * 0.3));
  }
  await page.mouse.up();
  await page.mouse.move(...at(0.3, 0.2));
  await page.mouse.down();
  await page.mouse.move(...at(0.45, 0.85), { steps: 8 });
  await page.mouse.up();
}

/** Shift Completion: certify, sign with the finger and Submit Shift Report. */
export async function signAndSubmit(page: Page, id: string, signer: string): Promise<void> {
  await page.goto(`/plods/${id}/shift-completion`);
  await expect(heading(page, 'Shift Completion')).toBeVisible();
  await page.getByLabel('Signed by').fill(signer);
  await page.getByLabel('I certify the statements above').check();
  await signOnPad(page);
  await page.getByRole('button', { name: 'Submit Shift Report' }).click();
  await expect(page.getByText('Shift Report Submitted')).toBeVisible();
}

/** A supervisor's desk: its own browser at 1366 x 800, signed in on /login. */
export async function openDesk(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 800 },
    serviceWorkers: 'block',
    acceptDownloads: true,
  });
  await prepareContext(context);
  const page = await context.newPage();
  await signInAsSupervisor(page);
  return page;
}

/** Opens a plod from its Live Reports row (the row's name is the link). */
export async function openFromLive(page: Page, id: string): Promise<void> {
  await page.goto('/live');
  await expect(heading(page, 'Live Reports')).toBeVisible();
  await page
    .locator(`[data-testid="live-report"][data-report-id="${id}"]`)
    .getByRole('link')
    .click();
  await expect(page).toHaveURL(new RegExp(`/plods/${id}/report$`));
  await expect(heading(page, 'Plod Report')).toBeVisible();
}
