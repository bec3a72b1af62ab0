import { expect, test } from './fixtures';
import {
  addRunInModal,
  createReport,
  openPhone,
  runRows,
  startHole,
  uniqueHoleId,
} from './collab-helpers';

// Issue 6, browser test 2: two phones on one report at once, crew on one and runs on the other.
test('two phones on the same report see each other and each other’s work live', async ({
  browser,
  request,
  crewDevice,
}, testInfo) => {
  test.setTimeout(120_000);
  const reportId = await createReport(request);
  const alex = await openPhone(browser, crewDevice, reportId, 'Alex phone');
  const sam = await openPhone(browser, crewDevice, reportId, 'Sam phone');
  const shot = (phone: typeof alex, name: string) =>
    phone.page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });

  // Alex sets up the shift, then opens Crew Assignment; Sam opens Run Sheets.
  await alex.page.goto('/shift-details');
  await alex.page.getByLabel('Site').selectOption({ label: 'Demo Site' });
  await alex.page.getByLabel('Rig').selectOption({ label: 'Demo Rig 1' });
  await shot(alex, 'shift-details');
  await alex.page.getByRole('button', { name: 'Save & Continue' }).click();
  await expect(alex.page.getByTestId('report-header')).toContainText('Demo Site - Demo Rig 1');
  await shot(alex, 'drill-report-dashboard');
  await alex.page.getByRole('link', { name: /Crew Assignment/ }).click();
  await sam.page.goto('/run-sheets');

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

  // Sam moves to Crew Assignment and watches Alex add an offsider.
  await sam.page.goto('/crew');
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
  await sam.page.goto('/run-sheets');
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
  await sam.page.goto('/drill-report-dashboard');
  await expect(sam.page.getByTestId('report-header')).toContainText('Operator: Alex Driller');

  await alex.context.close();
  await sam.context.close();
});
