import { closePhones, newReport, openPhone, openPhones, plodCard } from './collab-helpers';
import { addTimeEntry } from './entry-helpers';
import { expect, heading, test } from './fixtures';
import { openDesk, openFromLive, signAndSubmit } from './plod-report-helpers';
import { expectAccessible } from './accessibility';

// Issue 15, point 6 and the lifecycle on phones: Active -> Completed (the crew can reopen it until it
// is submitted) -> Submitted. Completed and submitted plods say so and offer no edits on crew phones;
// edits that reach a completed plod from a crewmate who had not seen it completed are kept and shown.

test('a completed plod: a late edit from an offline crewmate shows on the phone that completed it, which reopens it', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const [alex, sam] = await openPhones(browser, 'Alex phone', 'Sam phone');
  const id = await newReport(alex.page);

  // Sam opens the plod's timesheet by its link, then loses signal and adds an entry.
  await sam.page.goto(`/plods/${id}/timesheets`);
  await expect(sam.page.getByText('No time entries recorded')).toBeVisible();
  await sam.context.setOffline(true);
  await addTimeEntry(sam.page, { start: '6:00 AM', end: '9:00 AM' });
  await expect(sam.page.getByTestId('total-hours')).toHaveText('3.0');

  // Meanwhile Alex completes the shift: his screens now show it and offer no changes.
  await alex.page.getByRole('link', { name: /Complete Shift/ }).click();
  await alex.page.getByRole('button', { name: 'Complete Shift & Save' }).click();
  await expect(heading(alex.page, 'Shift Completion')).toBeVisible();
  await alex.page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await alex.page.getByRole('link', { name: /Timesheets/ }).click();
  await expect(alex.page.getByTestId('read-only')).toContainText('Shift completed');
  await expect(alex.page.getByRole('button', { name: 'Add Time Entry' })).toHaveCount(0);
  await expect(alex.page.getByTestId('total-hours')).toHaveText('0.0');
  await alex.page.screenshot({ path: testInfo.outputPath('completed-banner.png') });

  // Sam has signal again: his entry reaches the completed plod, which stays completed. Alex's phone
  // shows the entry and says it arrived after completion; Sam's phone now shows the plod completed.
  await sam.context.setOffline(false);
  await expect(alex.page.getByTestId('total-hours')).toHaveText('3.0', { timeout: 30_000 });
  await expect(alex.page.getByTestId('changed-after-completion')).toContainText(
    'Changes from another phone arrived after the shift was completed',
  );
  await expect(sam.page.getByTestId('read-only')).toContainText('Shift completed');
  await expect(sam.page.getByRole('button', { name: 'Add Time Entry' })).toHaveCount(0);
  await expect(sam.page.getByTestId('total-hours')).toHaveText('3.0');
  await alex.page.screenshot({ path: testInfo.outputPath('changed-after-completion.png') });
  await expectAccessible(alex.page, 'completed plod with a change that came after');

  // Reopening is an explicit tap: then both phones can change the plod again.
  await alex.page.getByRole('button', { name: 'Reopen shift' }).click();
  await expect(alex.page.getByRole('button', { name: 'Add Time Entry' })).toBeVisible();
  await expect(alex.page.getByTestId('read-only')).toHaveCount(0);
  await expect(sam.page.getByRole('button', { name: 'Add Time Entry' })).toBeVisible();
  await addTimeEntry(sam.page, { start: '9:00 AM', end: '10:00 AM' });
  await expect(alex.page.getByTestId('total-hours')).toHaveText('4.0');

  await closePhones(alex, sam);
});

test('a submitted plod is read-only on a crew phone, offers no delete, and opens again once returned', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const alex = await openPhone(browser, 'Alex phone');
  const page = alex.page;
  const id = await newReport(page);
  await page.getByRole('link', { name: /Shift Details/ }).click();
  await page.getByLabel('Site', { exact: true }).selectOption({ label: 'Demo Site' });
  await page.getByLabel('Rig', { exact: true }).selectOption({ label: 'Demo Rig 1' });
  await page.getByRole('button', { name: 'Save & Continue' }).click();
  // Save & Continue goes on to the shift's next step; this shift goes straight to Complete Shift.
  await expect(page).toHaveURL(new RegExp(`/plods/${id}/crew$`));
  await page.goto(`/plods/${id}`);
  await page.getByRole('link', { name: /Complete Shift/ }).click();
  await page.getByRole('button', { name: 'Complete Shift & Save' }).click();
  await signAndSubmit(page, id, 'Alex Driller');
  await expect(heading(page, 'Plods')).toBeVisible();

  // On the Sent tab: no delete (a crew phone's delete would only be kept aside by the server).
  await page.getByRole('tab', { name: /Sent/ }).click();
  const card = plodCard(page, id);
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: 'Delete report' })).toHaveCount(0);

  // Edit Shift Report shows the plod with every field disabled and no Save Changes.
  await card.getByRole('link', { name: 'Edit Report' }).click();
  await expect(page.getByTestId('read-only')).toContainText('Report submitted');
  await expect(page.getByLabel('Operator')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('edit-submitted.png'), fullPage: true });
  await expectAccessible(page, 'submitted plod, read-only');

  // The CSV editor offers View Mode and the download, not Edit Mode.
  await page.goto(`/plods/${id}/csv`);
  await expect(page.getByTestId('csv-preview')).toContainText('SHIFT SUMMARY');
  await expect(page.getByText('Edit Mode')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeVisible();

  // Shift Details: the fields are disabled and there is no Save & Continue.
  await page.goto(`/plods/${id}/shift-details`);
  await expect(page.getByTestId('read-only')).toContainText('Report submitted');
  await expect(page.getByLabel('End Time')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save & Continue' })).toHaveCount(0);

  // A supervisor returns it from the desk with a comment: the phone shows it returned, with the
  // comment, and editable again.
  const desk = await openDesk(browser);
  await openFromLive(desk, id);
  await desk.getByRole('button', { name: 'Return to crew' }).click();
  const returnDialog = desk.getByRole('dialog', { name: 'Return to the crew?' });
  await returnDialog.getByLabel('What must the crew fix?').fill('End time is 6 PM, not 5 PM');
  await returnDialog.getByRole('button', { name: 'Return plod' }).click();
  await expect(desk.getByTestId('report-return-comment')).toContainText('End time is 6 PM');
  await expect(page.getByTestId('returned')).toContainText('Returned for changes');
  await expect(page.getByTestId('return-comment')).toContainText('End time is 6 PM, not 5 PM');
  await expect(page.getByRole('button', { name: 'Save & Continue' })).toBeVisible();
  await expect(page.getByLabel('End Time')).toBeEnabled();
  await page.screenshot({ path: testInfo.outputPath('returned-banner.png') });
  await expectAccessible(page, 'returned plod with the comment');
  await alex.context.close();
  await desk.context().close();
});
