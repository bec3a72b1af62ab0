import { newReport } from './collab-helpers';
import { addTimeEntry, choose, deleteRow, scrollsSideways, submitTimeEntry } from './entry-helpers';
import { expectAccessible } from './accessibility';
import { expect, test, PHONE, shot } from './fixtures';

// Issues 15 (point 3) and 16 on a phone: correct or remove any time entry, survey point,
// maintenance task and hire tool; night shifts keep their hours; the lists fit a phone's width.

test.use({ ...PHONE });

test('a night entry 10 PM -> 2 AM counts 4.0 h, and 2 PM -> 1 PM asks before it is saved', async ({
  page,
  errors,
}, testInfo) => {
  await newReport(page);
  await page.goto('/timesheets');

  await page.getByRole('button', { name: 'Add Time Entry' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Time Entry' });
  await choose(page, dialog, 'Start Time', '10:00 PM');
  await choose(page, dialog, 'End Time', '2:00 AM');
  await expect(dialog.getByTestId('calculated-hours')).toHaveValue('4.0');
  await expect(dialog.getByText('Ends the next day')).toBeVisible();
  await expectAccessible(page, 'a night time entry, ending the next day');
  await dialog.getByRole('button', { name: 'Add Entry' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('total-hours')).toHaveText('4.0');
  await expect(page.getByTestId('timesheet-table-card')).toContainText('4.0');

  const asking = await submitTimeEntry(page, { start: '2:00 PM', end: '1:00 PM' });
  const question = asking.getByTestId('hours-question');
  await expect(question).toContainText('23.0 hours, ending the next day');
  await shot(page, testInfo, 'timesheet-over-12-question');
  await expectAccessible(page, 'time entry asking about 23 hours');
  // Not saved until the crew says so.
  await expect(page.getByTestId('total-hours')).toHaveText('4.0');
  await question.getByRole('button', { name: 'Change Times' }).click();
  await choose(page, asking, 'End Time', '6:00 PM');
  await asking.getByRole('button', { name: 'Add Entry' }).click();
  await expect(asking).toBeHidden();
  await expect(page.getByTestId('total-hours')).toHaveText('8.0');

  // A 0 h entry asks too; Save Anyway keeps it.
  const zero = await submitTimeEntry(page, { start: '6:00 AM', end: '6:00 AM' });
  await expect(zero.getByTestId('hours-question')).toContainText('0.0 hours');
  await zero.getByRole('button', { name: 'Save Anyway' }).click();
  await expect(zero).toBeHidden();
  await expect(page.getByTestId('timesheet-table-card')).toHaveCount(3);
  await expectAccessible(page, 'timesheets with three entries');
  expect(errors).toEqual([]);
});

test('edit and delete, after a confirmation, on every kind of entry', async ({
  page,
  errors,
}, testInfo) => {
  test.setTimeout(120_000);
  await newReport(page);

  // Timesheet: the edit form holds the entry's values; Delete asks first, and Cancel keeps it.
  await page.goto('/timesheets');
  await addTimeEntry(page, { start: '6:00 AM', end: '10:00 AM', holeId: 'DH001' });
  await page.getByRole('button', { name: /^Edit time entry/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Time Entry' });
  await expect(edit.getByLabel('Hole ID')).toHaveValue('DH001');
  await expect(edit.getByLabel('Start Time', { exact: true })).toHaveValue('6:00 AM');
  await edit.getByLabel('Hole ID').fill('DH002');
  await choose(page, edit, 'End Time', '11:30 AM');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  const entry = page.getByTestId('timesheet-table-card');
  await expect(entry).toContainText('DH002');
  await expect(page.getByTestId('total-hours')).toHaveText('5.5');
  await page.getByRole('button', { name: /^Delete time entry/ }).click();
  const question = page.getByRole('dialog', { name: 'Delete time entry?' });
  await expect(question).toContainText('6:00 AM - 11:30 AM Drilling will be removed');
  await shot(page, testInfo, 'delete-question');
  await expectAccessible(page, 'delete time entry question');
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(entry).toHaveCount(1);
  await deleteRow(page, /^Delete time entry/);
  await expect(page.getByText('No time entries recorded')).toBeVisible();

  // Survey: the dip gets its minus from the ± button (a phone keypad may have none).
  await page.goto('/survey');
  await page.getByRole('button', { name: 'Add Survey Point' }).click();
  await page.getByLabel('Depth (m)').fill('12.5');
  await page.getByRole('button', { name: 'Add Survey Point' }).last().click();
  await page.getByRole('button', { name: /^Edit survey point/ }).click();
  const survey = page.getByRole('dialog', { name: 'Edit Survey Point' });
  await expect(survey.getByLabel('Dip (°)', { exact: true })).toHaveValue('-60');
  // One decimal of dip: the decimal keypad, and the ± button for the sign.
  await expect(survey.getByLabel('Dip (°)', { exact: true })).toHaveAttribute(
    'inputmode',
    'decimal',
  );
  await expect(survey.getByLabel('Depth (m)')).toHaveAttribute('inputmode', 'decimal');
  await survey.getByLabel('Dip (°)', { exact: true }).fill('75');
  await survey.getByRole('button', { name: 'Change the sign of Dip (°)' }).click();
  await expect(survey.getByLabel('Dip (°)', { exact: true })).toHaveValue('-75');
  await shot(page, testInfo, 'survey-edit');
  await expectAccessible(page, 'survey point edit form');
  await survey.getByRole('button', { name: 'Save Changes' }).click();
  await expect(survey).toBeHidden();
  await expect(page.getByTestId('survey-table-card')).toContainText('-75°');
  await expect(page.getByTestId('survey-table-card')).toContainText('12.5 m');
  await deleteRow(page, /^Delete survey point/);
  await expect(page.getByText('No survey points recorded yet')).toBeVisible();

  // Maintenance.
  await page.goto('/drill-site-maintenance');
  await page.getByRole('button', { name: 'Add Maintenance Task' }).click();
  await page.getByLabel('Description').fill('Replaced hydraulic hose');
  await page.getByRole('button', { name: 'Add Task' }).click();
  await page.getByRole('button', { name: 'Edit maintenance task Replaced hydraulic hose' }).click();
  const task = page.getByRole('dialog', { name: 'Edit Maintenance Task' });
  await expect(task.getByLabel('Description')).toHaveValue('Replaced hydraulic hose');
  await expectAccessible(page, 'maintenance task edit form');
  await choose(page, task, 'Status', 'In Progress');
  await task.getByLabel('Time Spent (hours)').fill('1.5');
  await task.getByRole('button', { name: 'Save Changes' }).click();
  await expect(task).toBeHidden();
  await expect(page.getByTestId('maintenance-table-card')).toContainText('In Progress');
  await expect(page.getByTestId('maintenance-hours')).toHaveText('1.5');
  await deleteRow(page, /^Delete maintenance task/);
  await expect(page.getByText('No maintenance tasks recorded yet')).toBeVisible();

  // Hire tools (no site chosen: the name is typed).
  await page.goto('/hire-tools');
  await page.getByRole('button', { name: 'Add Hire Tool' }).click();
  await page.getByLabel('Tool Name').fill('Core saw');
  await page.getByLabel('Rate/Hr ($)').fill('40');
  await page.getByRole('button', { name: 'Add Hire Tool' }).last().click();
  await page.getByRole('button', { name: 'Edit hire tool Core saw x1' }).click();
  const tool = page.getByRole('dialog', { name: 'Edit Hire Tool' });
  await expect(tool.getByLabel('Quantity')).toHaveAttribute('inputmode', 'numeric');
  await tool.getByLabel('Quantity').fill('3');
  await expect(tool.getByTestId('estimated-cost')).toHaveText('Estimated cost: $120.00');
  await expectAccessible(page, 'hire tool edit form');
  await tool.getByRole('button', { name: 'Save Changes' }).click();
  await expect(tool).toBeHidden();
  await expect(page.getByTestId('hire-total-cost')).toHaveText('$120.00');
  await deleteRow(page, /^Delete hire tool/);
  await expect(page.getByText('No hire tools recorded yet')).toBeVisible();
  expect(errors).toEqual([]);
});

test('the entry lists fit a phone: no sideways scroll, and each card shows what matters', async ({
  page,
  errors,
}, testInfo) => {
  test.setTimeout(90_000);
  await newReport(page);
  const fits = async (name: string) => {
    expect(await scrollsSideways(page), `${name} scrolls sideways`).toBe(false);
    await shot(page, testInfo, `${name}-390`);
    await expectAccessible(page, `${name} as cards`);
  };
  /** Each label is shown in full, inside the screen. */
  const shows = async (card: string, labels: string[]) => {
    for (const text of labels) {
      const label = page.getByTestId(card).getByText(text, { exact: true });
      await expect(label).toBeVisible();
      const box = await label.boundingBox();
      expect(box && box.x + box.width <= 390, `${text} inside the screen`).toBe(true);
    }
  };

  await page.goto('/timesheets');
  await addTimeEntry(page, { start: '6:00 PM', end: '10:00 PM', holeId: 'DH-2026-014' });
  await shows('timesheet-table-card', ['Hours', 'Activity', 'Start', 'End']);
  await expect(page.getByTestId('timesheet-table-card')).toContainText('4.0');
  await fits('timesheets');

  await page.goto('/drill-site-maintenance');
  await page.getByRole('button', { name: 'Add Maintenance Task' }).click();
  await page.getByLabel('Description').fill('Changed the hydraulic filter on the main pump');
  await page.getByLabel('Notes').fill('Filter from the spares box; old one bagged for return');
  await page.getByRole('button', { name: 'Add Task' }).click();
  await shows('maintenance-table-card', ['Description', 'Status', 'Time']);
  await fits('maintenance');

  await page.goto('/survey');
  await page.getByRole('button', { name: 'Add Survey Point' }).click();
  await page.getByLabel('Depth (m)').fill('125.5');
  await page.getByRole('button', { name: 'Add Survey Point' }).last().click();
  await shows('survey-table-card', ['Depth', 'Dip', 'Azimuth']);
  await fits('survey');

  await page.goto('/hire-tools');
  await page.getByRole('button', { name: 'Add Hire Tool' }).click();
  await page.getByLabel('Tool Name').fill('Core saw');
  await page.getByRole('button', { name: 'Add Hire Tool' }).last().click();
  await shows('hire-tools-table-card', ['Tool', 'Total Cost']);
  await fits('hire-tools');

  // A desk gets a table with the row actions in it.
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto('/drill-site-maintenance');
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'Status' })).toBeVisible();
  await expect(table.getByRole('button', { name: /^Delete maintenance task/ })).toBeVisible();
  await expectAccessible(page, 'maintenance as a table at desk width');
  await deleteRow(page, /^Delete maintenance task/);
  await expect(page.getByText('No maintenance tasks recorded yet')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Undo: maintenance task deleted' })).toBeVisible();
  await expectAccessible(page, 'maintenance emptied, Undo offered');
  await shot(page, testInfo, 'maintenance-1366');
  expect(errors).toEqual([]);
});
