import type { Locator, Page } from '@playwright/test';
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

/** Signs in, opens Site Setup and adds a site of this run's own names; returns the names. */
export async function signInWithOwnSite(page: Page): Promise<ReturnType<typeof names>> {
  const n = names();
  await signInToSiteSetup(page);
  await addSite(page, n.site);
  return n;
}

/** Add Site on Site Setup: a site of that name. */
export async function addSite(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Add Site' }).click();
  await create(page, { 'Site name': name });
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

/**
 * On Site Setup: Demo Site's consumables list gains two items of this run's own, drilling mud at
 * $24.50 a bag and core trays with no price. Returns their names.
 */
export async function addDemoConsumables(desk: Page): Promise<{ mud: string; trays: string }> {
  const tag = Date.now().toString(36).toUpperCase();
  const mud = `Drilling mud ${tag}`;
  const trays = `Core trays ${tag}`;
  await desk.getByLabel('Site', { exact: true }).selectOption({ label: 'Demo Site' });
  await addOnTab(desk, 'Consumables', 'Add Consumable', {
    'Item name': mud,
    Unit: 'bag',
    'Price per unit ($, optional)': '24.50',
  });
  await addOnTab(desk, 'Consumables', 'Add Consumable', { 'Item name': trays, Unit: 'each' });
  return { mud, trays };
}

/** Signs in at /login as `user`, which leads to the screen at `landing` and its heading `title`. */
export async function signIn(
  page: Page,
  user: { username: string; password: string },
  landing: RegExp,
  title: string,
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(landing);
  await expect(heading(page, title)).toBeVisible();
}

/** Signs in at /login, which leads to Live Reports (the screen a supervisor watches). */
export async function signInAsSupervisor(page: Page): Promise<void> {
  await signIn(page, E2E_ADMIN, /\/live$/, 'Live Reports');
}

/** Signs in, then opens Site Setup. */
export async function signInToSiteSetup(page: Page): Promise<void> {
  await signInAsSupervisor(page);
  await page.goto('/site-setup');
  await expect(heading(page, 'Site Setup')).toBeVisible();
}

/** A phone's card of late edits on the desk's Live Reports. */
export function lateEditCard(page: Page, device: string): Locator {
  return page.getByRole('article', { name: `Late edits from ${device}` });
}

/**
 * Refreshes Live Reports until the phone's card is there (it arrives once the phone reconnects);
 * the card.
 */
export async function waitForLateEditCard(page: Page, device: string): Promise<Locator> {
  const card = lateEditCard(page, device);
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(card).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  return card;
}

/** Approve on the plod's report at a desk, confirmed in the dialog: the plod reads Approved. */
export async function approveOnDesk(desk: Page): Promise<void> {
  await desk.getByRole('button', { name: 'Approve' }).click();
  await desk
    .getByRole('dialog', { name: 'Approve this plod?' })
    .getByRole('button', { name: 'Approve plod' })
    .click();
  await expect(desk.getByTestId('report-status')).toHaveText('Approved');
}

/** Merge on a late edit's card at a desk, then Merge again in the dialog that asks. */
export async function mergeLateEdit(page: Page, card: Locator): Promise<void> {
  await card.getByRole('button', { name: 'Merge' }).click();
  await page
    .getByRole('dialog', { name: 'Merge late edits' })
    .getByRole('button', { name: 'Merge' })
    .click();
}

/** Merges each phone's card of late edits in turn at a desk: each card leaves the list. */
export async function mergeLateEditsOf(page: Page, devices: readonly string[]): Promise<void> {
  for (const device of devices) {
    await mergeLateEdit(page, lateEditCard(page, device));
    await expect(lateEditCard(page, device)).toBeHidden();
  }
}
