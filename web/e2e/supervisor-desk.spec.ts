import type { Page, TestInfo } from '@playwright/test';
import { createReport, openPhone } from './collab-helpers';
import { expectAccessible } from './accessibility';
import { expect, heading, test } from './fixtures';
import { E2E_ADMIN } from './server';
import { names, signInAsSupervisor, signInWithOwnSite } from './supervisor-helpers';

// Issue 17, the supervisor's desk: the menu on every screen, signing in where one was going, sites
// with plods archived rather than deleted, duplicate site names refused, deleted plods restored.

test.use({ joined: false });

/** Pictures the screen, and checks it meets WCAG 2.2 AA. */
async function shot(page: Page, info: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });
  await expectAccessible(page, name);
}

async function signInHere(page: Page): Promise<void> {
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Goes to a place through the supervisor menu (a bar at desk width, a Menu button on a phone). */
async function menuTo(page: Page, place: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Supervisor menu' });
  const menuButton = nav.getByRole('button', { name: 'Menu' });
  const link = nav.getByRole('link', { name: place, exact: true });
  // The menu is its own chunk: wait for it before asking which of the two it shows.
  await expect(menuButton.or(link)).toBeVisible();
  if (await menuButton.isVisible()) {
    await menuButton.click();
    await page.getByRole('menuitem', { name: place, exact: true }).click();
  } else {
    await link.click();
  }
}

test('a signed-out supervisor opening /live signs in there and lands back on it', async ({
  page,
  errors,
}) => {
  await page.goto('/live?status=sent');
  // The sign-in page, not the crew's Join screen.
  await expect(heading(page, 'Administrator Login')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await signInHere(page);
  await expect(heading(page, 'Live Reports')).toBeVisible();
  await expect(page).toHaveURL(/\/live\?status=sent$/);
  expect(errors).toEqual([]);
});

test('the supervisor menu reaches every supervisor screen and signs out', async ({
  page,
  errors,
}, testInfo) => {
  await signInAsSupervisor(page);
  for (const [place, title] of [
    ['Live', 'Live Reports'],
    ['Plods', 'Plods'],
    ['Site Configuration', 'Site Configuration & PLOD Management'],
    ['Site Setup', 'Site Setup'],
  ] as const) {
    await menuTo(page, place);
    await expect(heading(page, title)).toBeVisible();
  }
  await menuTo(page, 'Devices');
  await expect(page.getByRole('tab', { name: 'Devices' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('crew-access-code')).toBeVisible();
  await shot(page, testInfo, 'devices');
  const nav = page.getByRole('navigation', { name: 'Supervisor menu' });
  const menuButton = nav.getByRole('button', { name: 'Menu' });
  await expect(menuButton.or(nav.getByRole('button', { name: 'Sign out' }))).toBeVisible();
  if (await menuButton.isVisible()) {
    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
  } else {
    await nav.getByRole('button', { name: 'Sign out' }).click();
  }
  await expect(heading(page, 'Administrator Login')).toBeVisible();
  await expect(nav).toBeHidden();
  // Signed out, a supervisor screen asks for the sign-in again.
  await page.goto('/site-setup');
  await expect(heading(page, 'Administrator Login')).toBeVisible();
  expect(errors).toEqual([]);
});

test('deleting a site with plods archives it: its plods stay readable and it leaves crews’ lists', async ({
  page,
  browser,
  request,
  errors,
}, testInfo) => {
  test.setTimeout(180_000);
  const n = await signInWithOwnSite(page);

  // The same name in other case and spacing is refused beside the field.
  await page.getByRole('button', { name: 'Add Site' }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByRole('textbox', { name: 'Site name' })
    .fill(`  ${n.site.toUpperCase().replace(' ', '   ')}`);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText(/^A site named ".*" already exists$/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // A crew phone's plod on the site (made as the phone's REST calls make it).
  const sites = (await (await request.get('/api/sites')).json()) as {
    id: string;
    siteName: string;
  }[];
  const site = sites.find((s) => s.siteName === n.site);
  expect(site).toBeDefined();
  const plod = await request.post('/api/shift-summaries', {
    data: { siteId: site?.id, date: '2026-03-04', operator: n.member, status: 'completed' },
  });
  expect(plod.status()).toBe(201);
  const plodId = ((await plod.json()) as { id: string }).id;

  // Delete asks, says the site is archived instead, and does so.
  await page.getByLabel('Site', { exact: true }).selectOption({ label: n.site });
  await expect(page.getByTestId('site-plods')).toHaveText('1');
  await page.getByRole('button', { name: 'Archive' }).click();
  const question = page.getByRole('dialog', { name: 'Archive site' });
  await expect(question).toContainText('has 1 plod, so it is archived, not deleted');
  await question.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByTestId('site-archived')).toBeVisible();
  await shot(page, testInfo, 'site-archived');

  // Its plod stays listed under it, and opens whole.
  await page.goto(`/live?siteId=${site?.id ?? ''}`);
  const row = page.locator(`[data-testid="live-report"][data-report-id="${plodId}"]`);
  await expect(row).toBeVisible();
  await row.getByTestId('live-title').click();
  await expect(heading(page, 'Plod Report')).toBeVisible();
  await expect(page.getByText(`${n.site} - No rig`).first()).toBeVisible();
  // Its site export still answers.
  const exported = await page.request.get(`/api/sites/${site?.id ?? ''}/export-csv`);
  expect(exported.status()).toBe(200);
  expect(await exported.text()).toContain(plodId);

  // A crew phone no longer offers the site for a new shift.
  const phone = await openPhone(browser, `Archive phone ${n.device}`);
  const phonePlod = await createReport(request);
  await phone.page.goto(`/plods/${phonePlod}/shift-details`);
  await expect(phone.page.getByLabel('Site')).toBeVisible();
  expect(await phone.page.getByLabel('Site').locator('option').allTextContents()).not.toContain(
    n.site,
  );

  // Unarchived, it is back.
  await page.goto('/site-setup');
  await page.getByLabel('Site', { exact: true }).selectOption({ label: `${n.site} (archived)` });
  await page.getByRole('button', { name: 'Unarchive' }).click();
  await expect(page.getByTestId('site-archived')).toBeHidden();
  await expect
    .poll(async () => phone.page.getByLabel('Site').locator('option').allTextContents())
    .toContain(n.site);
  await phone.context.close();
  expect(errors).toEqual([]);
});

test('a supervisor restores a deleted plod to the status it had', async ({
  page,
  request,
  errors,
}) => {
  const driller = `Restore ${names().member}`;
  const made = await request.post('/api/shift-summaries', {
    data: { date: '2026-03-06', operator: driller, status: 'completed' },
  });
  const id = ((await made.json()) as { id: string }).id;
  expect((await request.delete(`/api/shift-summaries/${id}`)).status()).toBe(200);

  await signInAsSupervisor(page);
  await page.goto(`/plods?tab=deleted&driller=${encodeURIComponent(driller)}`);
  const card = page.locator(`[data-testid="report-card"][data-report-id="${id}"]`);
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: /^Restore/ }).click();
  await expect(page.getByText('Plod restored')).toBeVisible();
  await expect(card).toBeHidden();
  // Back as it was: completed, on the Active tab.
  await page.getByRole('tab', { name: /^Active/ }).click();
  await expect(card).toBeVisible();
  await expect(card).toContainText('Completed');

  // Deleted again, Live Reports restores it too.
  expect((await request.delete(`/api/shift-summaries/${id}`)).status()).toBe(200);
  await page.goto(`/live?status=deleted&driller=${encodeURIComponent(driller)}`);
  const row = page.locator(`[data-testid="live-report"][data-report-id="${id}"]`);
  await expect(row.getByTestId('live-status')).toHaveText('Deleted');
  await row.getByRole('button', { name: /^Restore/ }).click();
  await expect(row).toBeHidden();
  await page.goto(`/live?driller=${encodeURIComponent(driller)}`);
  await expect(row.getByTestId('live-status')).toHaveText('Completed');
  expect(errors).toEqual([]);
});
