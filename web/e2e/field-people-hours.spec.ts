import { readFile } from 'node:fs/promises';
import { expectAccessible } from './accessibility';
import { newReport, plodIdOf, saveDemoShift } from './collab-helpers';
import { choose } from './entry-helpers';
import { expect, heading, test, PHONE } from './fixtures';
import { assign, crewCard, setHours } from './shift-helpers';
import { signInAsSupervisor } from './supervisor-helpers';

// A driller on a night shift records three crew members' hours on Crew (one finishing early, after
// midnight), sees each person's hours there and on Shift Completion; the supervisor then exports
// people's hours for the pay period from the desk.

test.use({ ...PHONE });

const EXPECTED = {
  'Alex Driller': '6:00 PM - 6:00 AM · 11.50 h worked · break 0.50 h',
  'Jordan Offsider': '6:00 PM - 2:00 AM · 7.50 h worked · break 0.50 h · travel 1.00 h',
  'Casey Offsider': '7:00 PM - 6:00 AM · 10.00 h worked · break 1.00 h',
};

test("a night shift's crew hours on Crew and Shift Completion, exported for the pay period", async ({
  page,
  browser,
  errors,
}, testInfo) => {
  test.setTimeout(180_000);
  await newReport(page);
  const plodId = plodIdOf(page);
  await page.getByRole('link', { name: /Shift Details/ }).click();
  await expect(heading(page, 'Shift Details')).toBeVisible();
  await page.getByText('Night', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Night' })).toBeChecked();
  await expect(page.getByLabel('Start Time')).toHaveValue('18:00');
  await expect(page.getByLabel('End Time')).toHaveValue('06:00');
  const date = await page.getByLabel('Date').inputValue();
  await saveDemoShift(page);

  await assign(page, 'Alex Driller (driller)', 'Primary Driller');
  await assign(page, 'Jordan Offsider (offsider)', 'Offsider');
  await assign(page, 'Casey Offsider (offsider)', 'Offsider');
  await expect(page.getByTestId('crew-assignment')).toHaveCount(3);
  // Before anything is set, each person works the shift: 18:00 to 06:00 the next morning.
  await expect(crewCard(page, 'Casey Offsider').getByTestId('crew-hours')).toHaveText(
    '6:00 PM - 6:00 AM · 12.00 h worked · break 0.00 h',
  );

  await setHours(page, 'Alex Driller', { break: '0.5' });
  // Jordan left at 2 AM: the finish is after midnight, before the start.
  await crewCard(page, 'Jordan Offsider')
    .getByRole('button', { name: 'Hours of Jordan Offsider' })
    .click();
  const jordan = page.getByRole('dialog', { name: 'Hours of Jordan Offsider' });
  await choose(page, jordan, 'Finish', '2:00 AM');
  await jordan.getByLabel('Break (h)').fill('9');
  await expect(
    jordan.getByText('Break is longer than the time from start to finish'),
  ).toBeVisible();
  await expect(jordan.getByRole('button', { name: 'Save Hours' })).toBeDisabled();
  await jordan.getByLabel('Break (h)').fill('0.5');
  await jordan.getByLabel('Travel (h)').fill('1');
  await expect(jordan.getByTestId('person-hours-total')).toHaveText(
    '7.50 h worked (finishes the next day) · 8.50 h paid',
  );
  await expectAccessible(page, "a crew member's hours");
  await jordan.getByRole('button', { name: 'Save Hours' }).click();
  await expect(jordan).toBeHidden();
  await setHours(page, 'Casey Offsider', { start: '7:00 PM', break: '1' });

  for (const [name, text] of Object.entries(EXPECTED)) {
    await expect(crewCard(page, name).getByTestId('crew-hours')).toHaveText(text);
  }
  await expectAccessible(page, "crew with people's hours");
  await page.screenshot({ path: testInfo.outputPath('crew-people-hours.png'), fullPage: true });

  await page.goto('/complete-shift');
  await page.getByRole('button', { name: 'Complete Shift & Save' }).click();
  await expect(heading(page, 'Shift Completion')).toBeVisible();
  const hours = page.getByTestId('people-hours');
  for (const [name, text] of Object.entries(EXPECTED)) {
    await expect(hours).toContainText(`${name}${text}`);
  }
  await expectAccessible(page, "shift completion with people's hours");
  expect(errors).toEqual([]);

  // The supervisor's desk: people's hours for the pay period that holds the night.
  const desk = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  const boss = await desk.newPage();
  await signInAsSupervisor(boss);
  await boss.getByRole('button', { name: 'People’s hours' }).click();
  const exportDialog = boss.getByRole('dialog', { name: 'People’s hours for a pay period' });
  await exportDialog.getByLabel('From').fill(date);
  await exportDialog.getByLabel('To').fill(date);
  await expectAccessible(boss, "people's hours export");
  await boss.screenshot({ path: testInfo.outputPath('desk-people-hours-export.png') });
  const [download] = await Promise.all([
    boss.waitForEvent('download'),
    exportDialog.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`PLOD_People_Hours_${date}_${date}.csv`);
  const csv = await readFile(await download.path(), 'utf8');
  const ours = csv.split('\r\n').filter((line) => line.includes(plodId));
  expect(ours.map((line) => line.split(',').slice(5, 13))).toEqual([
    ['Alex Driller', 'Driller', '18:00', '06:00', '0.50', '11.50', '0.00', '11.50'],
    ['Casey Offsider', 'Offsider', '19:00', '06:00', '1.00', '10.00', '0.00', '10.00'],
    ['Jordan Offsider', 'Offsider', '18:00', '02:00', '0.50', '7.50', '1.00', '8.50'],
  ]);
  expect(csv).toContain('\r\nTOTALS PER PERSON\r\nPerson,Shifts,Hours,Travel (h),Paid hours\r\n');

  // The plod's report view on the desk: each person's hours in the crew table, and the totals.
  await boss.goto(`/plods/${plodId}/report`);
  const crewRows = boss.getByTestId('report-crew').getByTestId('report-crew-table-row');
  await expect(crewRows).toHaveCount(3);
  await expect(crewRows.filter({ hasText: 'Jordan Offsider' })).toContainText('2:00 AM');
  await expect(boss.getByTestId('report-crew-table-totals')).toHaveText(
    'Worked 29.00 h · Travel 1.00 h · Paid 30.00 h',
  );
  await desk.close();
});
