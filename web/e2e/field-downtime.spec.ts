import { expectAccessible } from './accessibility';
import { newReport } from './collab-helpers';
import { addTimeEntry, choose } from './entry-helpers';
import { expect, heading, test, PHONE, shot } from './fixtures';
import { openDesk } from './plod-report-helpers';
import { addDowntime } from './shift-helpers';

// Issue 24, downtime and standby: a driller on a night shift records why the rig stood, one entry a
// client standby across midnight, and sees the shift's hours add up and overlapping times named.

test.use({ ...PHONE });

test('a night shift records client standby across midnight, sees the hours line and an overlap', async ({
  page,
  browser,
  errors,
}, testInfo) => {
  test.setTimeout(180_000);
  const id = await newReport(page);

  await page.goto(`/plods/${id}/shift-details`);
  await page.getByLabel('Site').selectOption({ label: 'Demo Site' });
  await page.getByLabel('Rig').selectOption({ label: 'Demo Rig 1' });
  await page.getByText('Night', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Night' })).toBeChecked();
  await page.getByRole('button', { name: 'Save & Continue' }).click();
  await expect(page).not.toHaveURL(/shift-details$/);

  await page.goto(`/plods/${id}/timesheets`);
  await addTimeEntry(page, { start: '6:00 PM', end: '10:00 PM' });

  // Reached from the dashboard, like every step of the shift.
  await page.goto(`/plods/${id}`);
  await page.getByRole('link', { name: /Downtime/ }).click();
  await expect(heading(page, 'Downtime')).toBeVisible();
  await expect(page.getByTestId('shift-hours-line')).toHaveText(
    'Drilling 4.0 h, Downtime 0.0 h (client standby 0.0 h)',
  );

  await page.getByRole('button', { name: 'Add Downtime' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Downtime' });
  await choose(page, dialog, 'Downtime Code', 'Client standby (Client standby, charged)');
  await choose(page, dialog, 'Start Time', '11:00 PM');
  await choose(page, dialog, 'End Time', '1:00 AM');
  await expect(dialog.getByTestId('calculated-hours')).toHaveValue('2.0');
  await expect(dialog.getByText('Ends the next day')).toBeVisible();
  await expectAccessible(page, 'add downtime, ending the next day');
  await dialog.getByLabel('Notes (Optional)').fill('Geologist logging core');
  await dialog.getByRole('button', { name: 'Add Downtime' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('shift-hours-line')).toHaveText(
    'Drilling 4.0 h, Downtime 2.0 h (client standby 2.0 h)',
  );
  await expect(page.getByTestId('downtime-overlap')).toHaveCount(0);

  await addDowntime(page, {
    code: 'Waiting on water (Operational)',
    start: '12:30 AM',
    end: '2:00 AM',
  });
  await expect(page.getByTestId('shift-hours-line')).toHaveText(
    'Drilling 4.0 h, Downtime 3.5 h (client standby 2.0 h)',
  );
  // Both entries stay as recorded; the overlap is named, never fixed.
  await expect(page.getByTestId('downtime-overlap')).toHaveText(
    'Check the timesTimes overlap: downtime Client standby (23:00-01:00) and downtime Waiting on water (00:30-02:00)',
  );
  await expect(page.getByTestId('downtime-table-card')).toHaveCount(2);
  await expectAccessible(page, 'downtime with an overlap');
  await shot(page, testInfo, 'downtime-phone');

  // Shift completion shows the same line.
  await page.goto(`/plods/${id}/complete-shift`);
  await expect(page.getByTestId('shift-facts')).toContainText(
    'Drilling 4.0 h, Downtime 3.5 h (client standby 2.0 h)',
  );

  // The desk's report view: the Downtime table and the line.
  const desk = await openDesk(browser);
  await desk.goto(`/plods/${id}/report`);
  await expect(heading(desk, 'Plod Report')).toBeVisible();
  const table = desk.getByTestId('report-downtime-table');
  await expect(table).toContainText('Client standby');
  await expect(table).toContainText('Waiting on water');
  await expect(desk.getByTestId('report-summary-facts')).toContainText(
    'Drilling 4.0 h, Downtime 3.5 h (client standby 2.0 h)',
  );
  await desk.getByRole('heading', { name: 'Downtime' }).scrollIntoViewIfNeeded();
  await desk.screenshot({ path: testInfo.outputPath('downtime-desk.png') });
  await expectAccessible(desk, 'desk report view with downtime');
  await desk.context().close();
  expect(errors).toEqual([]);
});
