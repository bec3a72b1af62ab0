import type { Page } from '@playwright/test';
import { expect, heading } from './fixtures';
import { E2E_CREW_CODE } from './server';

/**
 * Joins a fresh phone the way a crew does: the Join screen, the crew access code, a device name.
 * Specs that use it run with `test.use({ joined: false })`, so nothing is stored behind the UI.
 */
export async function joinThroughUi(page: Page, deviceName: string): Promise<void> {
  await page.goto('/');
  await expect(heading(page, 'Join this device')).toBeVisible();
  await page.getByLabel('Access code').fill(E2E_CREW_CODE);
  await page.getByLabel('Device name').fill(deviceName);
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(heading(page, 'Plods')).toBeVisible();
}

/** New Report on the Plods list, which opens the new plod's dashboard. */
export async function newReport(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'New Report', exact: true }).click();
  await expect(heading(page, 'Drill Report Dashboard')).toBeVisible();
}
