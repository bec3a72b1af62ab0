import type { Locator, Page } from '@playwright/test';
import {
  addRunInModal,
  createReport,
  openPhone,
  phoneContext,
  plodIdOf,
  startHole,
  uniqueHoleId,
} from './collab-helpers';
import { expect, heading, test, watchErrors } from './fixtures';
import { expectAccessible } from './accessibility';
import { E2E_ADMIN } from './server';
import {
  addOnTab,
  mergeLateEdit,
  signInAsSupervisor,
  signInWithOwnSite,
} from './supervisor-helpers';

// Issue 7's browser test: a supervisor signs in and sets up a site with a rig, a crew member and a
// hire tool; a crew phone joins with the access code, starts a report on that site and rig; the
// supervisor's live view shows the report and follows it as the crew works.

// The supervisor's browser is not a crew device: it starts fresh and signs in.
test.use({ joined: false });

function liveRow(page: Page, reportId: string): Locator {
  return page.locator(`[data-testid="live-report"][data-report-id="${reportId}"]`);
}

test('a supervisor sets up a site, a crew phone joins and reports on it, and the live view follows', async ({
  page,
  browser,
  errors,
}, testInfo) => {
  test.setTimeout(240_000);

  // The supervisor signs in (landing on Live Reports), opens Site Setup and adds a site; then a rig,
  // a crew member and a hire tool on it.
  const n = await signInWithOwnSite(page);
  await page.getByLabel('Site', { exact: true }).selectOption({ label: n.site });
  await addOnTab(page, 'Rigs', 'Add Rig', { 'Rig name': n.rig, 'Rig number': '42' });
  await addOnTab(page, 'Crew', 'Add Crew Member', { 'Crew member name': n.member });
  await addOnTab(page, 'Hire Tools', 'Add Hire Tool', {
    'Tool name': n.tool,
    'Rate per hour ($)': '35.5',
  });
  await page.getByRole('tab', { name: 'Devices' }).click();
  const code = (await page.getByTestId('crew-access-code').textContent())?.trim() ?? '';
  expect(code).not.toBe('');

  // A crew phone of its own joins with the code.
  const crew = await phoneContext(browser);
  const phone = await crew.newPage();
  const phoneErrors = watchErrors(phone);
  await phone.goto('/');
  await expect(heading(phone, 'Join this device')).toBeVisible();
  await phone.getByLabel('Access code').fill(code);
  await phone.getByLabel('Device name').fill(n.device);
  await phone.getByRole('button', { name: 'Join' }).click();
  await expect(heading(phone, 'Plods')).toBeVisible();

  // Site Configuration stays locked on the crew phone without a supervisor's credentials.
  await phone.goto('/site-config');
  const login = phone.getByRole('dialog');
  await login.getByLabel('Username').fill(E2E_ADMIN.username);
  await login
    .getByRole('textbox', { name: 'Password', exact: true })
    .fill(`${E2E_ADMIN.password}-wrong`);
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(login.getByText('Invalid credentials. Please try again.')).toBeVisible();
  await login.getByRole('button', { name: 'Cancel' }).click();
  await expect(heading(phone, 'Plods')).toBeVisible();

  // The crew starts a report on the new site and rig (the setup document reached the phone).
  await phone.getByRole('button', { name: 'New Report' }).click();
  await expect(heading(phone, 'Drill Report Dashboard')).toBeVisible();
  const reportId = plodIdOf(phone);
  await phone.getByRole('link', { name: /Shift Details/ }).click();
  await phone.getByLabel('Site').selectOption({ label: n.site });
  await phone.getByLabel('Rig').selectOption({ label: n.rig });
  await phone.getByRole('button', { name: 'Save & Continue' }).click();
  await expect(heading(phone, 'Crew Assignment')).toBeVisible();
  await phone.goto('/drill-report-dashboard');
  await expect(phone.getByTestId('report-header')).toContainText(`${n.site} - ${n.rig}`);

  // The supervisor's Site Configuration shows the site; it has nothing completed to export yet.
  await page.goto('/site-config');
  await page.getByRole('button', { name: `Configure ${n.site}` }).click();
  await expect(page.getByTestId('site-settings')).toContainText(n.site);
  await expect(page.getByText('No completed reports available for export')).toBeVisible();
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'No completed reports available for export' }),
  ).toBeVisible();
  // The server's first daily run comes a minute after it starts: either answer is right here.
  await expect(page.getByTestId('auto-cleanup')).toHaveText(
    /^Auto cleanup (has not run yet|on .+ removed \d+ reports?)\. Next run /,
  );
  await page.getByRole('button', { name: 'Clean Up Deleted Reports' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('deleted more than 30 days ago');
  await confirm.getByRole('button', { name: 'Delete permanently' }).click();
  await expect(page.getByTestId('last-cleanup')).toContainText('Cleaned up 0 deleted reports');
  await page.screenshot({ path: testInfo.outputPath('site-config.png'), fullPage: true });
  await expectAccessible(page, 'site configuration');

  // The live view shows the crew's report.
  await page.getByRole('link', { name: 'Live Reports' }).first().click();
  await expect(heading(page, 'Live Reports')).toBeVisible();
  const row = liveRow(page, reportId);
  await expect(row).toContainText(`${n.site} - ${n.rig}`);
  await expect(row.getByTestId('live-status')).toHaveText('Active');
  await expect(row.getByTestId('live-metres')).toHaveText('0.0');

  // The crew names its primary driller: the operator changes on the supervisor's screen.
  await phone.goto('/crew');
  await phone.getByLabel('Crew member').selectOption({ label: `${n.member} (driller)` });
  await phone.getByLabel('Role').selectOption({ label: 'Primary Driller' });
  await phone.getByRole('button', { name: 'Assign Crew Member' }).click();
  await expect(row.getByTestId('live-operator')).toHaveText(n.member);

  // A run on a new hole: the metres change too.
  await phone.goto('/run-sheets');
  await startHole(phone, uniqueHoleId('SUP'));
  await addRunInModal(phone);
  await expect(row.getByTestId('live-metres')).toHaveText('3.0');
  await expect(page.getByTestId('live-total-metres')).not.toHaveText('0.0');
  await page.screenshot({ path: testInfo.outputPath('live.png'), fullPage: true });
  await expectAccessible(page, 'live reports');

  await crew.close();
  expect(errors).toEqual([]);
  expect(phoneErrors).toEqual([]);
});

test('an offline edit that arrives after submission waits for the supervisor, who merges it', async ({
  page,
  browser,
  request,
  errors,
}) => {
  test.setTimeout(180_000);
  const reportId = await createReport(request);
  // A driller of its own: the filtered Live list finds the plod whatever page it would be on.
  const driller = `Late ${Date.now().toString(36)}`;
  expect(
    (
      await request.patch(`/api/shift-summaries/${reportId}`, { data: { operator: driller } })
    ).status(),
  ).toBe(200);
  const phone = await openPhone(browser, 'Late phone');

  // One run while online: the server has it. The phone opens the plod by its link.
  await phone.page.goto(`/plods/${reportId}/run-sheets`);
  await startHole(phone.page, uniqueHoleId('LATE'));
  await addRunInModal(phone.page);
  await expect
    .poll(async () => {
      const summary = await request.get(`/api/shift-summaries/${reportId}`);
      return ((await summary.json()) as { totalDepthDrilled: number }).totalDepthDrilled;
    })
    .toBe(3);

  // The phone loses signal and adds a second run; meanwhile the report is submitted.
  await phone.context.setOffline(true);
  await phone.page.getByTestId('network-toggle').click();
  await expect(phone.page.getByTestId('network-toggle')).toHaveText('Resume sync');
  await addRunInModal(phone.page);
  const sent = await request.patch(`/api/shift-summaries/${reportId}`, {
    data: { status: 'sent' },
  });
  expect(sent.status(), await sent.text()).toBe(200);

  // Back online, the phone sends its run: the server keeps it aside, the submitted report is unchanged.
  await phone.context.setOffline(false);
  await phone.page.getByTestId('network-toggle').click();
  await expect(phone.page.getByTestId('network-toggle')).toHaveText('Pause sync');

  await signInAsSupervisor(page);
  await page.goto(`/live?driller=${encodeURIComponent(driller)}`);
  const row = liveRow(page, reportId);
  await expect(row.getByTestId('live-status')).toHaveText('Sent');
  await expect(row.getByTestId('live-metres')).toHaveText('3.0');
  const edit = page.locator(`[data-testid="late-edit"][data-report-id="${reportId}"]`);
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(edit).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(edit).toContainText('Late phone');
  await expect(edit).toContainText('Runs');
  await expect(row).toContainText('Late edit');
  await page.screenshot({ path: test.info().outputPath('late-edit.png'), fullPage: true });
  await expectAccessible(page, 'late edit waiting for the supervisor');

  // Merge, once confirmed: the run joins the submitted report, which stays submitted.
  await mergeLateEdit(page, edit);
  await expect(edit).toBeHidden();
  await expect(row.getByTestId('live-metres')).toHaveText('5.5');
  await expect(row.getByTestId('live-status')).toHaveText('Sent');

  await phone.context.close();
  expect(errors).toEqual([]);
});
