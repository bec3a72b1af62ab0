import type { Page } from '@playwright/test';
import { expect, heading } from './fixtures';
import { E2E_ADMIN } from './server';

// What the supervisor's browser tests do in Site Setup.

/** Names of this run's own, so runs in both projects against one server never meet. */
export function names() {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`.toUpperCase();
  return {
    site: `Ridge ${tag}`,
    rig: `Rig ${tag}`,
    member: `Casey ${tag}`,
    tool: `Core barrel ${tag}`,
    device: `Crew phone ${tag}`,
  };
}

/** Fills in and submits the open Create dialog of Site Setup. */
export async function create(page: Page, fields: Record<string, string>): Promise<void> {
  const dialog = page.getByRole('dialog');
  for (const [label, value] of Object.entries(fields)) {
    await dialog.getByRole('textbox', { name: label, exact: true }).fill(value);
  }
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
}

/** Opens a Site Setup tab, adds an entry there and sees it listed. */
export async function addOnTab(
  page: Page,
  tab: string,
  button: string,
  fields: Record<string, string>,
): Promise<void> {
  await page.getByRole('tab', { name: tab }).click();
  await page.getByRole('button', { name: button }).click();
  await create(page, fields);
  const [first] = Object.values(fields);
  await expect(page.getByRole('tabpanel').getByText(first ?? '', { exact: true })).toBeVisible();
}

/** Signs in at /login, which leads to Live Reports (the screen a supervisor watches). */
export async function signInAsSupervisor(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/live$/);
  await expect(heading(page, 'Live Reports')).toBeVisible();
}

/** Signs in, then opens Site Setup. */
export async function signInToSiteSetup(page: Page): Promise<void> {
  await signInAsSupervisor(page);
  await page.goto('/site-setup');
  await expect(heading(page, 'Site Setup')).toBeVisible();
}
