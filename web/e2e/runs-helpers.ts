import type { Browser, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import type { Phone } from './collab-helpers';
import { prepareContext } from './fixtures';
import { E2E_CREW_CODE } from './server';

/** A fresh phone at the app's design size, not yet joined. */
export async function newPhone(browser: Browser): Promise<Phone> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    // A service worker would keep serving the previous build between runs.
    serviceWorkers: 'block',
  });
  await prepareContext(context, null);
  return { context, page: await context.newPage() };
}

/** Joins the phone on the Join screen with the crew's access code, as a new crew member would. */
export async function joinPhone(page: Page, name: string): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Access code').fill(E2E_CREW_CODE);
  await page.getByLabel('Device name').fill(name);
  await page.getByRole('button', { name: /Join/ }).click();
  await expect(page.getByRole('button', { name: 'New Report' })).toBeVisible();
}

/** A date no other test's plod has, so the plod's card can be told apart in the shared list. */
export function uniqueDate(): string {
  const day = Math.floor(Math.random() * 3000);
  return new Date(Date.UTC(2031, 0, 1 + day)).toISOString().slice(0, 10);
}

/**
 * New Report, then Shift Details at the demo site (so the plod's holes join the register) on the
 * given date. Returns the plod's Run Sheets link as its card in the Plods list offers it.
 */
export async function newPlod(page: Page, date: string): Promise<string> {
  await page.goto('/');
  await page.getByRole('button', { name: 'New Report' }).click();
  await expect(page).not.toHaveURL(/\/$/);
  await page.goto('/shift-details');
  await page.getByLabel('Date').fill(date);
  await page.getByLabel('Site').selectOption({ label: 'Demo Site' });
  await page.getByLabel('Rig').selectOption({ label: 'Demo Rig 1' });
  await page.getByRole('button', { name: 'Save & Continue' }).click();
  await expect(page.getByTestId('report-header')).toContainText('Demo Site - Demo Rig 1');
  return plodLink(page, date);
}

/** The Run Sheets link of the plod dated `date`, from its card in the Plods list. */
export async function plodLink(page: Page, date: string): Promise<string> {
  await page.goto('/');
  const card = page.getByTestId('report-card').filter({ hasText: date });
  await expect(card).toHaveCount(1, { timeout: 20_000 });
  const href = await card.getByRole('link', { name: 'Run Sheets' }).getAttribute('href');
  expect(href).toBeTruthy();
  return href ?? '';
}

/** Adds a run on the Add Run modal with the given stick-up text. */
export async function addRun(page: Page, stickUp = '0.5'): Promise<void> {
  await page.getByRole('button', { name: 'Add New Run' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Variable Stick-up (m)').fill(stickUp);
  await dialog.getByRole('button', { name: 'Add Run' }).click();
  await expect(dialog).toBeHidden();
}

/** Cuts the phone off the network (or brings it back) as losing signal would. */
export async function setSignal(page: Page, on: boolean): Promise<void> {
  await page.context().setOffline(!on);
}
