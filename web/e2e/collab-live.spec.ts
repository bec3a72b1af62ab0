import { expectAccessible } from './accessibility';
import { expect, heading, test } from './fixtures';
import {
  addRunInModal,
  closePhones,
  newReport,
  openFromList,
  openPhones,
  runRows,
  startHole,
  uniqueHoleId,
} from './collab-helpers';

// Issue 6, browser test 2: two phones on one report at once, crew on one and runs on the other.
// Issue 15: the second phone opens the plod a crewmate started by tapping its card in the list.
test('two phones on the same report see each other and each other’s work live', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const [alex, sam] = await openPhones(browser, 'Alex phone', 'Sam phone');
  const shot = async (phone: typeof alex, name: string) => {
    await phone.page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
    // Two phones in one plod (presence, live changes) also meet WCAG 2.2 AA.
    await expectAccessible(phone.page, name);
  };

  // Alex starts the plod and sets up the shift, then opens Crew Assignment.
  const reportId = await newReport(alex.page);
  await alex.page.getByRole('link', { name: /Shift Details/ }).click();
  await alex.page.getByLabel('Site').selectOption({ label: 'Demo Site' });
  await alex.page.getByLabel('Rig').selectOption({ label: 'Demo Rig 1' });
  await shot(alex, 'shift-details');
  await alex.page.getByRole('button', { name: 'Save & Continue' }).click();
  // Save & Continue goes on to Crew Assignment, the shift's next step.
  await expect(heading(alex.page, 'Crew Assignment')).toBeVisible();
  await alex.page.getByRole('link', { name: 'Back' }).click();
  await expect(alex.page.getByTestId('report-header')).toContainText('Demo Site - Demo Rig 1');
  await expect(alex.page).toHaveURL(new RegExp(`/plods/${reportId}$`));
  await shot(alex, 'drill-report-dashboard');
  await alex.page.getByRole('link', { name: /Crew Assignment/ }).click();
  await expect(alex.page).toHaveURL(new RegExp(`/plods/${reportId}/crew$`));

  // Sam finds Alex's plod in the list, taps its card and opens Run Sheets from its dashboard.
  await openFromList(sam.page, reportId);
  await expect(sam.page.getByTestId('report-header')).toContainText('Demo Site - Demo Rig 1');
  await sam.page.getByRole('link', { name: /Run Sheets/ }).click();
  await expect(sam.page).toHaveURL(new RegExp(`/plods/${reportId}/run-sheets$`));

  // Presence: each sees who else is in the report and where.
  await expect(alex.page.getByTestId('presence-bar')).toContainText('Sam phone · Run Sheets');
  await expect(sam.page.getByTestId('presence-bar')).toContainText('Alex phone · Crew Assignment');

  // At the same time: Sam starts a hole and adds a run, Alex assigns the primary driller.
  const holeId = uniqueHoleId('LIVE');
  await startHole(sam.page, holeId);
  await addRunInModal(sam.page, { notes: 'collar' });
  await alex.page.getByLabel('Crew member').selectOption({ label: 'Alex Driller (driller)' });
  await alex.page.getByLabel('Role').selectOption({ label: 'Primary Driller' });
  await alex.page.getByRole('button', { name: 'Assign Crew Member' }).click();
  await expect(alex.page.getByTestId('crew-assignment')).toHaveCount(1);

  // Sam moves to Crew Assignment (the plain route leads to his current plod) and watches Alex add
  // an offsider.
  await sam.page.goto('/crew');
  await expect(sam.page).toHaveURL(new RegExp(`/plods/${reportId}/crew$`));
  await expect(
    sam.page.getByTestId('crew-assignment').filter({ hasText: 'Alex Driller' }),
  ).toContainText('Primary');
  await alex.page.getByLabel('Crew member').selectOption({ label: 'Jordan Offsider (offsider)' });
  await alex.page.getByRole('button', { name: 'Assign Crew Member' }).click();
  await expect(sam.page.getByTestId('crew-assignment')).toHaveCount(2);
  await expect(sam.page.getByTestId('crew-count')).toHaveText('2 assigned');
  await shot(sam, 'crew-assignment');

  // Alex moves to Run Sheets and watches Sam add the next run.
  await alex.page.getByRole('link', { name: 'Back' }).click();
  await alex.page.getByRole('link', { name: /Run Sheets/ }).click();
  await expect(alex.page.getByTestId('run-row')).toHaveCount(1);
  await sam.page.goBack();
  await expect(sam.page).toHaveURL(new RegExp(`/plods/${reportId}/run-sheets(\\?|$)`));
  await addRunInModal(sam.page, { stickUp: '0.3', ori: true, notes: 'broken ground' });
  await expect(alex.page.getByTestId('run-row')).toHaveCount(2);
  expect(await runRows(alex.page)).toEqual(await runRows(sam.page));
  // Run 1: 4 m barrel less 0.5 stick-up and 0.5 constant stick-up; run 2: 3 - 0.3 + 0.4 ori.
  expect((await runRows(alex.page)).map((r) => r.slice(0, 4))).toEqual([
    ['1', '0.0', '3.0', '3.0'],
    ['2', '3.0', '6.1', '3.1'],
  ]);
  await expect(alex.page.getByTestId('header-shift-total')).toHaveText('6.1 m');
  await shot(alex, 'run-sheets');

  // The operator (primary driller) shows on Sam's dashboard.
  await sam.page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(sam.page.getByTestId('report-header')).toContainText('Operator: Alex Driller');

  await closePhones(alex, sam);
});
