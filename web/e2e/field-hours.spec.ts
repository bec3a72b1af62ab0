import { expectAccessible } from './accessibility';
import { newReport, plodCard } from './collab-helpers';
import { addTimeEntry } from './entry-helpers';
import { expect, heading, test, PHONE } from './fixtures';

// No hours are shown until the timesheet has entries: a new plod's card and its Complete Shift do
// not count the shift's twelve hours while Timesheets says 0.0.

test.use({ ...PHONE });

test('a plod without time entries shows no hours on its card or at Complete Shift', async ({
  page,
  errors,
}) => {
  test.setTimeout(120_000);
  const id = await newReport(page);

  await page.goto('/complete-shift');
  const facts = page.getByTestId('shift-facts');
  await expect(facts).toContainText('Total HoursNo time entries yet');
  await expectAccessible(page, 'complete shift with no time entries');

  await page.goto('/');
  await expect(heading(page, 'Plods')).toBeVisible();
  await expect(plodCard(page, id)).toContainText('Hours—');

  await page.goto('/timesheets');
  await addTimeEntry(page, { start: '6:00 AM', end: '12:00 PM' });
  await expect(page.getByTestId('total-hours')).toHaveText('6.0');
  await page.goto('/complete-shift');
  await expect(facts).toContainText('Total Hours6.0 h');
  await page.goto('/');
  await expect(plodCard(page, id)).toContainText('Hours6.0');
  expect(errors).toEqual([]);
});
