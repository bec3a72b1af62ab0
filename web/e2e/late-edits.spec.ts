import {
  addRunInModal,
  newReport,
  openPhones,
  runRows,
  startHole,
  uniqueHoleId,
} from './collab-helpers';
import { addTimeEntry } from './entry-helpers';
import { expect, heading, test } from './fixtures';
import { openDesk, signAndSubmit } from './plod-report-helpers';
import { expectAccessible } from './accessibility';
import { mergeLateEdit } from './supervisor-helpers';

// Issue 15, point 5: changes made offline to a plod that turns out to be submitted show on the
// phone as "Waiting for supervisor" (apart from pending), and the phone learns the decision: merged
// data stays, discarded data leaves the phone with a notice. After both sync, phone and server agree.

test('late edits: the phone shows them waiting, then keeps the merged run and loses the discarded hours', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  const [alex, sam, kim] = await openPhones(
    browser,
    'Alex late phone',
    'Sam late phone',
    'Kim submitting phone',
  );

  // Alex starts the plod on Demo Site, a hole and a first run; Sam logs 2 hours.
  const id = await newReport(alex.page);
  await alex.page.getByRole('link', { name: /Shift Details/ }).click();
  await alex.page.getByLabel('Site', { exact: true }).selectOption({ label: 'Demo Site' });
  await alex.page.getByLabel('Rig', { exact: true }).selectOption({ label: 'Demo Rig 1' });
  await alex.page.getByRole('button', { name: 'Save & Continue' }).click();
  // Save & Continue goes on to Crew Assignment; its Next leads to Run Sheets.
  await expect(alex.page).toHaveURL(new RegExp(`/plods/${id}/crew$`));
  await alex.page.getByRole('link', { name: 'Next: Run Sheets' }).click();
  await startHole(alex.page, uniqueHoleId('LATE'));
  await addRunInModal(alex.page, { notes: 'first' });
  await sam.page.goto(`/plods/${id}/timesheets`);
  await addTimeEntry(sam.page, { start: '6:00 AM', end: '8:00 AM' });
  await expect(sam.page.getByTestId('total-hours')).toHaveText('2.0');

  // Both lose signal and keep working: Alex adds a run, Sam adds 3 more hours.
  await alex.context.setOffline(true);
  await sam.context.setOffline(true);
  await addRunInModal(alex.page, { notes: 'late run' });
  await addTimeEntry(sam.page, { start: '8:00 AM', end: '11:00 AM' });
  await expect(sam.page.getByTestId('total-hours')).toHaveText('5.0');

  // Kim, with signal, completes and submits the plod.
  await kim.page.goto(`/plods/${id}/complete-shift`);
  await kim.page.getByRole('button', { name: 'Complete Shift & Save' }).click();
  await expect(heading(kim.page, 'Shift Completion')).toBeVisible();
  await signAndSubmit(kim.page, id, 'Kim Offsider');

  // Signal again: both phones' changes are kept aside. Nothing is pending; each waits.
  await alex.context.setOffline(false);
  await sam.context.setOffline(false);
  for (const phone of [alex, sam]) {
    await expect(phone.page.getByTestId('waiting-for-supervisor')).toContainText(
      '1 change from this phone reached this plod after it was submitted',
      { timeout: 30_000 },
    );
    await expect(phone.page.getByTestId('read-only')).toContainText('Report submitted');
  }
  await sam.page.screenshot({ path: testInfo.outputPath('waiting.png'), fullPage: true });
  await expectAccessible(sam.page, 'edits waiting for the supervisor');
  await sam.page.goto('/');
  await expect(sam.page.getByTestId('pending-count')).toHaveText('0');
  await expect(sam.page.getByTestId('waiting-count')).toContainText(
    'Waiting for supervisor: 1 change',
  );
  await sam.page.goto(`/plods/${id}/timesheets`);
  const server = async () => {
    const response = await request.get(`/api/shift-summaries/${id}`);
    return (await response.json()) as { totalDepthDrilled: number; hoursWorked: number };
  };
  expect(await server()).toMatchObject({ totalDepthDrilled: 3, hoursWorked: 2 });

  // The supervisor merges Alex's run and discards Sam's hours.
  const supervisor = await openDesk(browser);
  await supervisor.goto('/live');
  const edits = supervisor.locator(`[data-testid="late-edit"][data-report-id="${id}"]`);
  await expect(async () => {
    await supervisor.getByRole('button', { name: 'Refresh' }).click();
    await expect(edits).toHaveCount(2, { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await mergeLateEdit(supervisor, edits.filter({ hasText: 'Alex late phone' }));
  await expect(edits).toHaveCount(1);
  await edits
    .filter({ hasText: 'Sam late phone' })
    .getByRole('button', { name: 'Discard' })
    .click();
  await supervisor
    .getByRole('dialog', { name: 'Discard late edits' })
    .getByRole('button', { name: 'Discard' })
    .click();
  await expect(edits).toHaveCount(0);

  // Alex's phone keeps its run and says it was merged; the server has it too.
  await expect(alex.page.getByTestId('late-edit-decision')).toContainText(
    'The supervisor merged your late changes (runs)',
  );
  await expect(alex.page.getByTestId('waiting-for-supervisor')).toHaveCount(0);
  expect((await runRows(alex.page)).map((row) => row[6])).toEqual(['first', 'late run']);
  await expect.poll(async () => (await server()).totalDepthDrilled).toBeGreaterThan(3);

  // Sam's phone loses the discarded hours and says so: it shows what the server and Alex show.
  await expect(sam.page.getByTestId('late-edit-decision')).toContainText(
    'The supervisor discarded your late changes (timesheet). They have been removed from this phone.',
  );
  await expect(sam.page.getByTestId('total-hours')).toHaveText('2.0');
  await sam.page.screenshot({ path: testInfo.outputPath('discarded.png'), fullPage: true });
  await sam.page.getByRole('button', { name: 'OK' }).click();
  await expect(sam.page.getByTestId('late-edit-decision')).toHaveCount(0);
  expect((await server()).hoursWorked).toBe(2);
  await alex.page.goto(`/plods/${id}/timesheets`);
  await expect(alex.page.getByTestId('total-hours')).toHaveText('2.0');
  // After a reload (everything synced again) the phone still agrees.
  await sam.page.reload();
  await expect(sam.page.getByTestId('total-hours')).toHaveText('2.0');

  await Promise.all([alex, sam, kim].map((phone) => phone.context.close()));
  await supervisor.context().close();
});
