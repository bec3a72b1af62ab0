import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { newReport } from './collab-helpers';
import { restingDialog } from './fixtures';

/**
 * New Report, then Shift Details at the demo site (so the plod's holes join the hole register).
 * Returns the plod's id, read from its address.
 */
export async function newPlod(page: Page): Promise<string> {
  const id = await newReport(page);
  await page.goto(`/plods/${id}/shift-details`);
  await page.getByLabel('Site').selectOption({ label: 'Demo Site' });
  await page.getByLabel('Rig').selectOption({ label: 'Demo Rig 1' });
  await page.getByRole('button', { name: 'Save & Continue' }).click();
  // Save & Continue goes on to the shift's next step; the plod's dashboard shows what was saved.
  await expect(page).toHaveURL(new RegExp(`/plods/${id}/crew$`));
  await page.goto(`/plods/${id}`);
  await expect(page.getByTestId('report-header')).toContainText('Demo Site - Demo Rig 1');
  return id;
}

/** A plod's Run Sheets address: the link a crewmate sends. */
export const runSheetsOf = (id: string) => `/plods/${id}/run-sheets`;

/** Adds a run on the Add Run modal with the given stick-up text (and recovered core, if given). */
export async function addRun(page: Page, stickUp = '0.5', recoveredCore?: string): Promise<void> {
  const opener = page.getByRole('button', { name: 'Add New Run' });
  await opener.click();
  // Tapped once it has come to rest: the modal slides in, and a tap on a moving Add Run misses.
  const dialog = await restingDialog(page);
  await dialog.getByLabel('Variable Stick-up (m)').fill(stickUp);
  if (recoveredCore !== undefined)
    await dialog.getByLabel('Recovered Core (m)').fill(recoveredCore);
  await dialog.getByRole('button', { name: 'Add Run' }).click();
  await expect(dialog).toBeHidden();
  // Gone for good once focus is back on Add New Run: the modal returns it after sliding out, and
  // that can scroll the page under the next tap.
  await expect(opener).toBeFocused();
}

/** Cuts the phone off the network (or brings it back) as losing signal would. */
export async function setSignal(page: Page, on: boolean): Promise<void> {
  await page.context().setOffline(!on);
}
