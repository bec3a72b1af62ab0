import { readFile, readdir } from 'node:fs/promises';
import { join as joinPath } from 'node:path';
import type { Page } from '@playwright/test';
import { operatorOnServer, plodIdOf, saveDemoShift } from './collab-helpers';
import { E2E_ADMIN, E2E_CREW_CODE } from './server';
import { expect, heading, test } from './fixtures';
import { expectAccessible } from './accessibility';

// Every test here starts on a device that has never joined.
test.use({ joined: false, serviceWorkers: 'block' });

const card = (page: Page, id: string) =>
  page.locator(`[data-testid="report-card"][data-report-id="${id}"]`);

async function join(page: Page, code: string, deviceName: string): Promise<void> {
  await page.getByLabel('Access code').fill(code);
  await page.getByLabel('Device name').fill(deviceName);
  await page.getByRole('button', { name: 'Join' }).click();
}

/** New Report on the Plods list: the new plod's dashboard; returns its id. */
async function tapNewReport(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'New Report' }).click();
  await expect(heading(page, 'Drill Report Dashboard')).toBeVisible();
  return plodIdOf(page);
}

test('a fresh device sees the Join screen, a wrong code is refused, the right one lets it in', async ({
  page,
  errors,
}) => {
  await page.goto('/');
  await expect(heading(page, 'Join this device')).toBeVisible();
  await expect(page).toHaveTitle('Join this device · Plod');
  // Crew screens are behind the gate too; the public ones are not.
  await page.goto('/run-sheets');
  await expect(heading(page, 'Join this device')).toBeVisible();
  await page.goto('/privacy');
  await expect(heading(page, 'Privacy Policy')).toBeVisible();
  await page.goto('/');

  await join(page, 'WRONG-CODE', 'Gate Test Phone');
  await expect(page.getByRole('alert')).toHaveText(
    'Invalid credentials. Please contact your supervisor for access.',
  );
  await expectAccessible(page, 'join refused');
  await expect(heading(page, 'Join this device')).toBeVisible();

  await join(page, E2E_CREW_CODE, 'Gate Test Phone');
  await expect(heading(page, 'Plods')).toBeVisible();
  await expect(page.getByRole('button', { name: 'New Report' })).toBeVisible();
  // The token is kept: a reload goes straight to the list.
  await page.reload();
  await expect(heading(page, 'Plods')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a supervisor signs in at /login and lands on Live Reports; a wrong password is refused', async ({
  page,
  errors,
}) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Supervisor? Sign in' }).click();
  await expect(heading(page, 'Administrator Login')).toBeVisible();
  await expect(page.getByText('This page is for drill site supervisors only.')).toBeVisible();

  // Both fields are required.
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Username is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expectAccessible(page, 'sign-in with the fields required');

  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByRole('textbox', { name: 'Password' }).fill(`${E2E_ADMIN.password}-wrong`);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Login Failed')).toBeVisible();
  await expect(page.getByText('Invalid username or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByRole('textbox', { name: 'Password' }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Login Successful')).toBeVisible();
  // With no screen it was headed to, a supervisor's sign-in leads to the screen a supervisor watches.
  await expect(page).toHaveURL(/\/live$/);
  await expect(heading(page, 'Live Reports')).toBeVisible();
  // No credential is kept in the page: the session is an httpOnly cookie.
  const stored = await page.evaluate(() => JSON.stringify(localStorage));
  expect(stored).not.toContain(E2E_ADMIN.password);
  expect(await page.evaluate(() => document.cookie)).not.toContain('plod_session');
  // A supervisor gets past the gate without joining.
  await page.goto('/');
  await expect(heading(page, 'Plods')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a device revoked by the supervisor returns to Join; its reports and unsent edits survive and sync after re-joining', async ({
  page,
  playwright,
  baseURL,
}) => {
  const deviceName = `Soon Revoked ${Date.now().toString(36)}`;
  await page.goto('/join');
  await join(page, E2E_CREW_CODE, deviceName);
  await expect(heading(page, 'Plods')).toBeVisible();

  // A report made on this phone, then an edit made while switched to Offline: not yet sent.
  const reportId = await tapNewReport(page);
  await page.goto('/');
  await page.getByTestId('network-toggle').click();
  await expect(page.getByTestId('network-toggle')).toHaveText('Resume sync');
  await page.goto(`/edit-report/${reportId}`);
  await page.getByLabel('Operator').fill('Kept Kim');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(card(page, reportId)).toContainText('Kept Kim');
  await expect(page.getByTestId('pending-count')).not.toHaveText('0');

  // The supervisor finds the phone by its name in the device list and revokes it through the API.
  const origin = { Origin: String(baseURL) };
  const supervisor = await playwright.request.newContext({ baseURL });
  expect(
    (await supervisor.post('/api/auth/login', { data: E2E_ADMIN, headers: origin })).status(),
  ).toBe(200);
  const joined = (await (await supervisor.get('/api/devices')).json()) as {
    id: string;
    name: string;
  }[];
  const deviceId = joined.find((d) => d.name === deviceName)?.id ?? '';
  expect(deviceId).not.toBe('');
  expect((await supervisor.delete(`/api/devices/${deviceId}`, { headers: origin })).status()).toBe(
    204,
  );
  const devices = (await (await supervisor.get('/api/devices')).json()) as {
    id: string;
    revokedAt: string | null;
  }[];
  expect(devices.find((d) => d.id === deviceId)?.revokedAt).toBeTruthy();

  // On the next start the phone learns it was revoked: the token goes, nothing else does.
  await page.reload();
  await expect(heading(page, 'Join this device')).toBeVisible();

  await join(page, E2E_CREW_CODE, 'Rejoined Phone');
  await expect(heading(page, 'Plods')).toBeVisible();
  await expect(card(page, reportId)).toContainText('Kept Kim');
  // The plod it was working on is still its current one.
  await page.goto('/drill-report-dashboard');
  await expect(page).toHaveURL(new RegExp(`/plods/${reportId}$`));
  await page.goto('/');

  // Back online with the new token, the edit made before the revocation reaches the server.
  await page.getByTestId('network-toggle').click();
  await expect(page.getByTestId('pending-count')).toHaveText('0');
  await expect.poll(() => operatorOnServer(supervisor, reportId)).toBe('Kept Kim');
  await supervisor.dispose();
});

test('the app the server serves holds no credential', async ({ request }) => {
  // The very build these tests run against (playwright.config.ts builds it for this run).
  const webDir = process.env.PLOD_E2E_WEB_DIR ?? '';
  const files = (await readdir(webDir, { recursive: true })).filter((f) =>
    /\.(js|html|json|webmanifest|map)$/.test(f),
  );
  expect(files.some((f) => f.endsWith('.js'))).toBe(true);
  const secrets = [E2E_ADMIN.password, E2E_CREW_CODE, E2E_CREW_CODE.replace('-', '')];
  for (const file of files) {
    const text = await readFile(joinPath(webDir, file), 'utf8');
    for (const secret of secrets) expect(text.includes(secret), `${secret} in ${file}`).toBe(false);
  }
  // And what the server answers for the app's entry point is that build.
  const index = await request.get('/');
  expect(await index.text()).toBe(await readFile(joinPath(webDir, 'index.html'), 'utf8'));
});

test('a site’s crew code: the desk makes it, a phone joins with it, works a plod there and is listed with that site', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  // The supervisor's desk, 1366 x 800, makes Demo Site's code in Site Setup's Devices tab.
  const desk = await browser.newContext({ baseURL, viewport: { width: 1366, height: 800 } });
  const deskPage = await desk.newPage();
  await deskPage.goto('/login');
  await deskPage.getByLabel('Username').fill(E2E_ADMIN.username);
  await deskPage.getByRole('textbox', { name: 'Password', exact: true }).fill(E2E_ADMIN.password);
  await deskPage.getByRole('button', { name: 'Login' }).click();
  await expect(heading(deskPage, 'Live Reports')).toBeVisible();
  await deskPage.goto('/site-setup?tab=devices');
  const codes = deskPage.getByRole('table', { name: 'Site crew codes' });
  const demoRow = codes.getByRole('row', { name: 'Demo Site' });
  const make = demoRow.getByRole('button', { name: /(Create|Rotate) code for Demo Site/ });
  await make.click();
  // A code made before (an earlier run on this server) is rotated after a confirmation.
  const confirm = deskPage.getByRole('dialog', { name: 'Rotate the code for Demo Site' });
  if (await confirm.isVisible()) await confirm.getByRole('button', { name: 'Rotate' }).click();
  await expect(demoRow.getByTestId('site-crew-code')).toHaveText(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  const code = (await demoRow.getByTestId('site-crew-code').textContent()) ?? '';
  await expectAccessible(deskPage, 'site crew codes at the desk');
  await deskPage.screenshot({ path: testInfo.outputPath('devices-desk.png'), fullPage: true });

  // A phone, 390 x 844, joins with it and works a plod at Demo Site.
  const deviceName = `Demo Site Phone ${Date.now().toString(36)}`;
  await page.goto('/join');
  await join(page, code, deviceName);
  await expect(heading(page, 'Plods')).toBeVisible();
  const reportId = await tapNewReport(page);
  await page.getByRole('link', { name: /Shift Details/ }).click();
  await saveDemoShift(page);
  await page.goto(`/edit-report/${reportId}`);
  await page.getByLabel('Operator').fill('Site Sam');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(card(page, reportId)).toContainText('Site Sam');
  // Everything it wrote reached the server (its socket to the plod was accepted).
  await expect(page.getByTestId('pending-count')).toHaveText('0');

  // The desk lists the phone with its site, and the server holds the plod as the phone left it.
  await deskPage.reload();
  const phoneRow = deskPage
    .getByRole('table', { name: 'Joined devices' })
    .getByRole('row', { name: deviceName });
  await expect(phoneRow).toContainText('Demo Site');
  await expect(phoneRow).not.toContainText('All sites');
  const onServer = await desk.request.get(`/api/shift-summaries/${reportId}`);
  expect(await onServer.json()).toMatchObject({ operator: 'Site Sam' });

  // The same tab at a phone's width: one card per site and per device.
  await deskPage.setViewportSize({ width: 390, height: 844 });
  await deskPage.goto('/site-setup?tab=devices');
  await expect(
    deskPage
      .getByRole('list', { name: 'Site crew codes' })
      .getByRole('listitem', { name: 'Demo Site' }),
  ).toContainText(code);
  await deskPage.screenshot({ path: testInfo.outputPath('devices-phone.png'), fullPage: true });
  await desk.close();
});
