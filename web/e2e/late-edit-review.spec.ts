import type { APIRequestContext, Browser } from '@playwright/test';
import {
  addRunInModal,
  closePhones,
  createReport,
  openPhones,
  pauseSync,
  resumeSync,
  type Phone,
  startHole,
  uniqueHoleId,
} from './collab-helpers';
import { addTimeEntry } from './entry-helpers';
import { expectAccessible } from './accessibility';
import { expect, test } from './fixtures';
import {
  lateEditCard,
  mergeLateEdit,
  signInAsSupervisor,
  waitForLateEditCard,
} from './supervisor-helpers';

// Issue 17, late-edit review: each phone's held edits show their values (before -> after), are
// merged or discarded after a confirmation, in any order, or all at once, with no raw errors.

test.use({ joined: false });

/** Back on the network: the phone opens the plod's Run Sheets again and resumes sync. */
const goOnline = (phone: Phone, plodId: string) => resumeSync(phone, `/plods/${plodId}/run-sheets`);

/**
 * Opens a plod's Dashboard, Timesheets and Run Sheets through the app's own links while online, so
 * their code is loaded and the phone can move between them offline (no service worker in tests).
 */
async function openScreens(phone: Phone, plodId: string, hole: string): Promise<void> {
  await phone.page.goto(`/plods/${plodId}`);
  await phone.page.getByRole('link', { name: /^Timesheets/ }).click();
  await expect(phone.page.getByRole('button', { name: 'Add Time Entry' })).toBeVisible();
  await phone.page.goBack();
  await phone.page.getByRole('link', { name: /^Run Sheets/ }).click();
  await expect(phone.page.getByTestId('hole-status')).toContainText(hole);
}

/** From a plod's Run Sheets to its Timesheets through the app's own links (works offline). */
async function toTimesheets(phone: Phone): Promise<void> {
  await phone.page.getByRole('link', { name: /Back to Dashboard/ }).click();
  await phone.page.getByRole('link', { name: /^Timesheets/ }).click();
  await expect(phone.page.getByRole('button', { name: 'Add Time Entry' })).toBeVisible();
}

/** A plod made on the server with a driller of its own, so a filtered list finds it on any page. */
async function plodFor(request: APIRequestContext, driller: string): Promise<string> {
  const id = await createReport(request);
  const named = await request.patch(`/api/shift-summaries/${id}`, { data: { operator: driller } });
  expect(named.status()).toBe(200);
  return id;
}

/**
 * A plod of its own driller (`${label} ${tag}`) and two phones of `names` (each followed by the
 * tag); the first starts a hole on the plod's Run Sheets.
 */
async function twoPhonesOnAPlod(
  browser: Browser,
  request: APIRequestContext,
  label: string,
  names: [string, string],
  holePrefix: string,
) {
  const tag = Date.now().toString(36);
  const plodId = await plodFor(request, `${label} ${tag}`);
  const phones = await openPhones(browser, `${names[0]} ${tag}`, `${names[1]} ${tag}`);
  const hole = uniqueHoleId(holePrefix);
  await phones[0].page.goto(`/plods/${plodId}/run-sheets`);
  await startHole(phones[0].page, hole);
  return { tag, plodId, phones, hole };
}

test('held edits from two phones show their values and merge in any order, then all at once', async ({
  page,
  browser,
  request,
  errors,
}, testInfo) => {
  test.setTimeout(240_000);
  const {
    tag,
    plodId,
    phones: [runner, timer],
    hole,
  } = await twoPhonesOnAPlod(browser, request, 'Review', ['Runs phone', 'Times phone'], 'REV');

  // Both phones have the plod; one run reaches the server while online.
  await addRunInModal(runner.page);
  await openScreens(timer, plodId, hole);
  await expect
    .poll(async () => {
      const summary = await request.get(`/api/shift-summaries/${plodId}`);
      return ((await summary.json()) as { totalDepthDrilled: number }).totalDepthDrilled;
    })
    .toBe(3);

  // Offline, each works on; meanwhile the plod is submitted.
  await pauseSync(runner);
  await pauseSync(timer);
  await addRunInModal(runner.page);
  await toTimesheets(timer);
  await addTimeEntry(timer.page, { start: '6:00 AM', end: '10:00 AM' });
  const sent = await request.patch(`/api/shift-summaries/${plodId}`, { data: { status: 'sent' } });
  expect(sent.status(), await sent.text()).toBe(200);
  await goOnline(runner, plodId);
  await goOnline(timer, plodId);

  await signInAsSupervisor(page);
  await page.goto(`/live?driller=${encodeURIComponent(`Review ${tag}`)}`);
  const runs = lateEditCard(page, `Runs phone ${tag}`);
  const times = lateEditCard(page, `Times phone ${tag}`);
  await waitForLateEditCard(page, `Runs phone ${tag}`);
  await waitForLateEditCard(page, `Times phone ${tag}`);

  // Filtered to another driller's plods, the list holds none of these edits and says they wait
  // elsewhere; Merge all is not offered for edits it does not show.
  await page.goto(`/live?driller=${encodeURIComponent(`Nobody ${tag}`)}`);
  await expect(page.getByTestId('late-edits-empty')).toHaveText(
    'No late edits on the plods this filter shows',
  );
  await expect(page.getByTestId('late-edits-hidden')).toContainText('outside this filter');
  await expect(runs).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Merge all' })).toHaveCount(0);
  await page.goto(`/live?driller=${encodeURIComponent(`Review ${tag}`)}`);
  await waitForLateEditCard(page, `Runs phone ${tag}`);

  // Each card says what merging it does, in words.
  await expect(runs.getByTestId('late-edit-change')).toContainText([
    `Run 2 added on ${hole}: 3.0-5.5 m`,
    'Plod metres 3 -> 5.5 m',
  ]);
  // The entry starts on the hole being drilled.
  await expect(times.getByTestId('late-edit-change').first()).toHaveText(
    `Timesheet: Time entry added: Drilling 06:00-10:00 on ${hole}`,
  );
  await page.screenshot({ path: testInfo.outputPath('late-edit-review-390.png'), fullPage: true });
  await expectAccessible(page, 'late-edit review at phone size');
  // At desk width too, for a person to look at; then back to the phone.
  await page.setViewportSize({ width: 1366, height: 800 });
  await expect(lateEditCard(page, `Runs phone ${tag}`)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('late-edit-review-1366.png'), fullPage: true });
  await expectAccessible(page, 'late-edit review at desk width');
  await page.setViewportSize({ width: 390, height: 844 });

  // The later card first: merged after its confirmation; the plod's last updated moves.
  const row = page.locator(`[data-testid="live-report"][data-report-id="${plodId}"]`);
  const before = await (await request.get(`/api/shift-summaries/${plodId}`)).json();
  await times.getByRole('button', { name: 'Merge' }).click();
  const confirm = page.getByRole('dialog', { name: 'Merge late edits' });
  await expect(confirm).toContainText('The plod stays submitted');
  await confirm.getByRole('button', { name: 'Merge' }).click();
  await expect(times).toBeHidden();
  await expect(row.getByTestId('live-hours')).toHaveText('4.0');
  const after = await (await request.get(`/api/shift-summaries/${plodId}`)).json();
  expect(
    (after as { updatedAt: string }).updatedAt > (before as { updatedAt: string }).updatedAt,
  ).toBe(true);

  // Merge all takes the rest (the earlier card), after its own confirmation.
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(runs).toBeVisible();
  await page.getByRole('button', { name: 'Merge all' }).click();
  const confirmAll = page.getByRole('dialog', { name: 'Merge all late edits' });
  await expect(confirmAll).toContainText('Merge the 1 waiting session');
  await confirmAll.getByRole('button', { name: 'Merge all' }).click();
  await expect(runs).toBeHidden();
  await expect(row.getByTestId('live-metres')).toHaveText('5.5');
  await expect(row.getByTestId('live-status')).toHaveText('Sent');
  await closePhones(runner, timer);
  expect(errors).toEqual([]);
});

test('discarding one phone’s edits first leaves the others to merge, and the phone sees its edit undone', async ({
  page,
  browser,
  request,
  errors,
}) => {
  test.setTimeout(240_000);
  const {
    tag,
    plodId,
    phones: [phone, other],
    hole,
  } = await twoPhonesOnAPlod(browser, request, 'Discard', ['Discard phone', 'Keep phone'], 'DIS');
  await openScreens(other, plodId, hole);

  await pauseSync(phone);
  await pauseSync(other);
  await addRunInModal(phone.page);
  await toTimesheets(other);
  await addTimeEntry(other.page, { start: '6:00 AM', end: '8:00 AM' });
  expect(
    (await request.patch(`/api/shift-summaries/${plodId}`, { data: { status: 'sent' } })).status(),
  ).toBe(200);
  await goOnline(phone, plodId);
  await goOnline(other, plodId);

  await signInAsSupervisor(page);
  await page.goto(`/live?driller=${encodeURIComponent(`Discard ${tag}`)}`);
  await waitForLateEditCard(page, `Discard phone ${tag}`);
  await waitForLateEditCard(page, `Keep phone ${tag}`);
  const discarded = lateEditCard(page, `Discard phone ${tag}`);
  await discarded.getByRole('button', { name: 'Discard' }).click();
  const confirm = page.getByRole('dialog', { name: 'Discard late edits' });
  await expect(confirm).toContainText('the phone sees them undone');
  await confirm.getByRole('button', { name: 'Discard' }).click();
  await expect(discarded).toBeHidden();
  // The phone's run is undone there too.
  await expect(phone.page.getByTestId('run-row')).toHaveCount(0);

  const kept = lateEditCard(page, `Keep phone ${tag}`);
  await mergeLateEdit(page, kept);
  await expect(kept).toBeHidden();
  const row = page.locator(`[data-testid="live-report"][data-report-id="${plodId}"]`);
  await expect(row.getByTestId('live-hours')).toHaveText('2.0');
  await expect(row.getByTestId('live-metres')).toHaveText('0.0');
  await closePhones(phone, other);
  expect(errors).toEqual([]);
});
