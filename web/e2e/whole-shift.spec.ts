import type { Page } from '@playwright/test';
import {
  addRunInModal,
  newReport,
  runRows,
  startHole,
  uniqueHoleId,
  saveDemoShift,
} from './collab-helpers';
import { expectAccessible } from './accessibility';
import { DOCS_SCREENSHOTS as SHOTS } from './docs-screenshots';
import { expect, heading, test, PHONE } from './fixtures';
import { signOnPad } from './plod-report-helpers';

// Browser test 1 (issue 6): one crew's whole shift on a phone, New Report to submission, against the
// real server; the downloaded CSV must equal the server's export and hold what was entered.
// Its phone screenshots illustrate docs/crew-guide.md.

async function shot(page: Page, name: string): Promise<void> {
  // A toast and the Undo bar are fixed to the viewport: each would sit over the middle of a
  // full-page picture.
  await page.screenshot({
    path: `${SHOTS}guide-${name}.png`,
    fullPage: true,
    style: '[class*="mantine-Notification"], [data-bottom-bar] { display: none !important; }',
  });
  // Each pictured moment of the shift also meets WCAG 2.2 AA.
  await expectAccessible(page, name);
}

/** Picks an option of a Mantine Select by its label. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).and(page.locator('input')).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function addTime(page: Page, holeId: string, start: string, end: string, activity?: string) {
  await page.getByRole('button', { name: 'Add Time Entry' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Time Entry' });
  await dialog.getByLabel('Hole ID').fill(holeId);
  if (activity) await choose(page, 'Activity', activity);
  await choose(page, 'Start Time', start);
  await choose(page, 'End Time', end);
  await dialog.getByRole('button', { name: 'Add Entry' }).click();
  await expect(dialog).toBeHidden();
}

/** Rows of one CSV section as header -> cell (cells here hold no commas or quotes). */
function csvSection(csv: string, title: string): Record<string, string>[] {
  const lines = csv.split('\r\n');
  const start = lines.indexOf(title);
  if (start < 0) return [];
  const end = lines.indexOf('', start);
  const [header = '', ...rows] = lines.slice(start + 1, end < 0 ? undefined : end);
  const names = header.split(',');
  return rows.map((row) => Object.fromEntries(row.split(',').map((c, i) => [names[i] ?? i, c])));
}

test.use({ ...PHONE });

test('a whole shift on a phone, from New Report to submission and the CSV download', async ({
  page,
  request,
  errors,
}) => {
  test.setTimeout(300_000);
  const holeId = uniqueHoleId('DH');

  // New Report from the reports list: it opens at the plod's address.
  const reportId = await newReport(page);

  // Shift details.
  await page.goto('/shift-details');
  await saveDemoShift(page);

  // Two crew, one primary.
  await page.goto('/crew');
  await page.getByLabel('Crew member').selectOption({ label: 'Alex Driller (driller)' });
  await page.getByLabel('Role').selectOption({ label: 'Primary Driller' });
  await page.getByRole('button', { name: 'Assign Crew Member' }).click();
  await page.getByLabel('Crew member').selectOption({ label: 'Jordan Offsider (offsider)' });
  await page.getByRole('button', { name: 'Assign Crew Member' }).click();
  await expect(page.getByTestId('crew-assignment')).toHaveCount(2);

  // A new hole and five runs: rod added, no rod with the ori tool, rod added with the ori tool,
  // then rod added with a shorter and a standard stick-up.
  await page.goto('/run-sheets');
  await startHole(page, holeId);
  await addRunInModal(page, { rodAdded: true, stickUp: '0.5', notes: 'rod one' });
  await addRunInModal(page, { rodAdded: false, ori: true, notes: 'ori pass' });
  await addRunInModal(page, { rodAdded: true, stickUp: '0.5', ori: true });
  await addRunInModal(page, { rodAdded: true, stickUp: '0.3' });
  await addRunInModal(page, { rodAdded: true, stickUp: '0.5', notes: 'last run' });
  expect(await runRows(page)).toHaveLength(5);
  await shot(page, 'run-sheets');

  // Timesheet entries.
  await page.goto('/timesheets');
  await expect(page.getByText('No time entries recorded')).toBeVisible();
  await addTime(page, holeId, '6:00 AM', '12:00 PM');
  await addTime(page, holeId, '12:30 PM', '5:30 PM', 'Maintenance');
  await expect(page.getByTestId('total-hours')).toHaveText('11.0');
  await expect(page.getByTestId('remaining-hours')).toHaveText('1.0');
  await shot(page, 'timesheets');

  // A survey point.
  await page.goto('/survey');
  await page.getByRole('button', { name: 'Add Survey Point' }).click();
  await choose(page, 'Hole ID', holeId);
  await page.getByLabel('Depth (m)').fill('12.5');
  await page.getByLabel('Azimuth (°)').fill('275');
  await page.getByRole('button', { name: 'Add Survey Point' }).last().click();
  await expect(page.getByTestId('survey-table')).toContainText('12.5 m');
  await shot(page, 'survey');

  // A maintenance task.
  await page.goto('/drill-site-maintenance');
  await page.getByRole('button', { name: 'Add Maintenance Task' }).click();
  await page.getByLabel('Description').fill('Replaced hydraulic hose');
  await page.getByLabel('Time Spent (hours)').fill('1.5');
  await page.getByRole('button', { name: 'Add Task' }).click();
  await expect(page.getByTestId('maintenance-hours')).toHaveText('1.5');
  await shot(page, 'maintenance');

  // A hire tool from the site's library (its rate fills in).
  await page.goto('/hire-tools');
  await page.getByRole('button', { name: 'Add Hire Tool' }).click();
  await choose(page, 'Tool', 'Survey camera');
  await page.getByLabel('Hours').fill('2');
  await expect(page.getByTestId('estimated-cost')).toHaveText('Estimated cost: $80.00');
  await shot(page, 'hire-tool-form');
  await page.getByRole('button', { name: 'Add Hire Tool' }).last().click();
  await expect(page.getByTestId('hire-total-cost')).toHaveText('$80.00');

  // Complete Shift, then Submit.
  await page.goto('/complete-shift');
  await page.getByLabel('Shift Notes').fill('Good ground, no incidents');
  await shot(page, 'complete-shift');
  await page.getByRole('button', { name: 'Complete Shift & Save' }).click();
  await expect(heading(page, 'Shift Completion')).toBeVisible();
  await expect(page.getByTestId('crew-lines')).toContainText('Alex Driller (Primary)');
  await expect(page.getByTestId('crew-lines')).toContainText('Jordan Offsider');
  await page.getByLabel('I certify the statements above').check();
  await signOnPad(page);
  await shot(page, 'shift-completion');
  await page.getByRole('button', { name: 'Submit Shift Report' }).click();
  await expect(page.getByText('Shift Report Submitted')).toBeVisible();
  await expect(heading(page, 'Plods')).toBeVisible();

  // The submitted report is read-only on its screens.
  await page.goto('/timesheets');
  await expect(page.getByTestId('read-only')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Time Entry' })).toHaveCount(0);

  // The CSV download equals the server's export, and holds what was entered.
  await page.goto(`/csv-editor/${reportId}`);
  await expect(page.getByTestId('csv-preview')).toContainText('SHIFT SUMMARY');
  await shot(page, 'csv-editor');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  const downloaded = await readFile(path, 'utf8');
  const server = await request.get(`/api/shift-summaries/${reportId}/export-csv`);
  expect(server.ok()).toBe(true);
  expect(downloaded).toBe(await server.text());
  expect(download.suggestedFilename()).toMatch(
    /^PLOD_Demo_Site_Demo_Rig_1_(day|night)_\d{4}-\d{2}-\d{2}\.csv$/,
  );
  for (const entered of [
    'Alex Driller',
    'Jordan Offsider',
    holeId,
    'ori pass',
    'Replaced hydraulic hose',
    'Survey camera',
    'Good ground, no incidents',
  ]) {
    expect(downloaded).toContain(entered);
  }
  const runs = csvSection(downloaded, 'RUN SHEET ENTRIES');
  expect(runs.map((r) => r.runNumber)).toEqual(['1', '2', '3', '4', '5']);
  expect(runs.map((r) => r.rodAdded)).toEqual(['Yes', 'No', 'Yes', 'Yes', 'Yes']);
  expect(runs.map((r) => r.oriToolUsed)).toEqual(['No', 'Yes', 'Yes', 'No', 'No']);
  // One run rule: the run without a rod drilled the 0.5 m run 1 left (+0.4 m ori) and has no
  // stick-up of its own, never the form's 0.5 m default.
  expect(runs.map((r) => r.stickUp)).toEqual(['0.50', '0.00', '0.50', '0.30', '0.50']);
  expect(runs.map((r) => r.interval)).toEqual(['3.0', '0.9', '2.9', '2.7', '2.5']);
  expect(runs.every((r) => r.holeId === holeId)).toBe(true);
  expect(csvSection(downloaded, 'TIMESHEET ENTRIES').map((r) => r.hours)).toEqual(['6.00', '5.00']);
  expect(csvSection(downloaded, 'HIRE TOOLS USAGE')[0]?.totalCost).toBe('80.00');
  expect(errors).toEqual([]);
});
