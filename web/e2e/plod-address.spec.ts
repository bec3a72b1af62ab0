import {
  createReport,
  newReport,
  openFromList,
  openPhones,
  plodCard,
  startHole,
  uniqueHoleId,
} from './collab-helpers';
import { expectAccessible } from './accessibility';
import { addTimeEntry } from './entry-helpers';
import { expect, heading, prepareContext, test, untilWorksOffline } from './fixtures';
import { E2E_ADMIN } from './server';

// Issue 15, point 1: a plod is a place with an address. A link opens the same plod on any phone or
// browser, after a reload, with the back button, and says so plainly when it cannot (offline, never
// downloaded). Tapping a card opens a plod and makes it the phone's current one.

test('a plod opened by its link on a third phone and in a supervisor’s browser, after a reload and with Back', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const [alex, sam, kim] = await openPhones(browser, 'Alex phone', 'Sam phone', 'Kim phone');

  // Alex starts the plod and sets up the shift.
  const id = await newReport(alex.page);
  await alex.page.getByRole('link', { name: /Shift Details/ }).click();
  await alex.page.getByLabel('Site').selectOption({ label: 'Demo Site' });
  await alex.page.getByLabel('Rig').selectOption({ label: 'Demo Rig 1' });
  await alex.page.getByRole('button', { name: 'Save & Continue' }).click();
  // Save & Continue goes on to the shift's next step, Crew Assignment, of the same plod.
  await expect(alex.page).toHaveURL(new RegExp(`/plods/${id}/crew$`));

  // Sam taps the Run Sheets button on the plod's card and starts a hole on it.
  await sam.page.goto('/');
  await plodCard(sam.page, id).getByRole('link', { name: 'Run Sheets' }).click();
  await expect(sam.page).toHaveURL(new RegExp(`/plods/${id}/run-sheets$`));
  const holeId = uniqueHoleId('LINK');
  await startHole(sam.page, holeId);

  // Kim opens the plod's Run Sheets link, as sent in a message: the same hole, live.
  await kim.page.goto(`/plods/${id}/run-sheets`);
  await expect(kim.page.getByTestId('hole-status')).toContainText(holeId);
  await kim.page.screenshot({ path: testInfo.outputPath('kim-by-link.png'), fullPage: true });
  await expectAccessible(kim.page, 'a plod opened by its link');
  // After a reload, still the same plod at the same address.
  await kim.page.reload();
  await expect(kim.page.getByTestId('hole-status')).toContainText(holeId);
  // Back to its dashboard, then the browser's back button returns to Run Sheets.
  await kim.page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(kim.page).toHaveURL(new RegExp(`/plods/${id}$`));
  await expect(kim.page.getByTestId('report-header')).toContainText('Demo Site - Demo Rig 1');
  await kim.page.goBack();
  await expect(kim.page).toHaveURL(new RegExp(`/plods/${id}/run-sheets(\\?|$)`));
  await expect(kim.page.getByTestId('hole-status')).toContainText(holeId);

  // Opening it made it Kim's current plod: the SPEC's plain routes lead there.
  await kim.page.goto('/timesheets');
  await expect(kim.page).toHaveURL(new RegExp(`/plods/${id}/timesheets$`));
  await expect(heading(kim.page, 'Timesheets')).toBeVisible();
  // Kim's phone, which only ever had the link, changes the plod: Alex sees the hours on his.
  await addTimeEntry(kim.page, { start: '6:00 AM', end: '8:00 AM' });
  await alex.page.goto(`/plods/${id}/timesheets`);
  await expect(alex.page.getByTestId('total-hours')).toHaveText('2.0');

  // A stray New Report no longer strands the plod in progress: its card leads back to it, and it is
  // the current plod again.
  const stray = await newReport(kim.page);
  expect(stray).not.toBe(id);
  await openFromList(kim.page, id);
  await kim.page.goto('/run-sheets');
  await expect(kim.page).toHaveURL(new RegExp(`/plods/${id}/run-sheets`));
  await expect(kim.page.getByTestId('hole-status')).toContainText(holeId);

  // A supervisor's browser opens the same link: sign in from the gate, and land on the plod.
  const desk = await browser.newContext({
    viewport: { width: 1366, height: 800 },
    serviceWorkers: 'block',
  });
  await prepareContext(desk);
  const supervisor = await desk.newPage();
  await supervisor.goto(`/plods/${id}/run-sheets`);
  await expect(heading(supervisor, 'Join this device')).toBeVisible();
  await supervisor.getByRole('link', { name: 'Supervisor? Sign in' }).click();
  await supervisor.getByLabel('Username').fill(E2E_ADMIN.username);
  await supervisor.getByRole('textbox', { name: 'Password', exact: true }).fill(E2E_ADMIN.password);
  await supervisor.getByRole('button', { name: 'Login' }).click();
  await expect(supervisor).toHaveURL(new RegExp(`/plods/${id}/run-sheets$`));
  await expect(supervisor.getByTestId('hole-status')).toContainText(holeId);
  await supervisor.screenshot({ path: testInfo.outputPath('supervisor-by-link.png') });
  await expectAccessible(supervisor, 'a plod opened by its link in a supervisor’s browser');

  await Promise.all([alex, sam, kim].map((phone) => phone.context.close()));
  await desk.close();
});

test('offline, a plod the phone never had says so plainly; one it has opened starts with no network', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  // Two plods another phone made: this phone opens the first while it has signal, never the second.
  const opened = await createReport(request);
  const never = await createReport(request);
  await page.goto(`/plods/${opened}/shift-details`);
  await expect(heading(page, 'Shift Details')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save & Continue' })).toBeVisible();
  // The service worker takes over once its precache is complete: the app can then start offline.
  await untilWorksOffline(page);

  await context.setOffline(true);
  // A cold start at the first plod's address with no network: it opens from the device.
  await page.goto(`/plods/${opened}/shift-details`);
  await expect(page.getByRole('button', { name: 'Save & Continue' })).toBeVisible();

  // The second plod's link, offline: the phone says it does not have it, rather than a blank form.
  await page.goto(`/plods/${never}/timesheets`);
  const missing = page.getByTestId('plod-not-on-device');
  await expect(missing).toContainText('Not on this phone yet: connect to open it');
  await expect(missing).toContainText('the phone is offline');
  await expect(page.getByRole('button', { name: 'Add Time Entry' })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('not-on-this-phone.png') });
  await expectAccessible(page, 'a plod not on this phone, offline');

  // Signal again: the plod downloads and the screen opens where it is.
  await context.setOffline(false);
  await expect(page.getByRole('button', { name: 'Add Time Entry' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page).toHaveURL(new RegExp(`/plods/${never}/timesheets$`));
});
