import { expectAccessible } from './accessibility';
import { expect, test } from './fixtures';
import {
  addRunInModal,
  closePhones,
  newReport,
  openPhones,
  pauseSync,
  resumeSync,
  runRows,
  startHole,
  uniqueHoleId,
} from './collab-helpers';

interface RunSheetEntry {
  holeId: string;
  runNumber: number;
  fromDepth: number;
  toDepth: number;
  notes: string | null;
}

// Issue 6, browser test 3: runs added to one hole on two phones with no signal merge into one chain.
test('runs added offline on two phones merge into one depth chain everywhere', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const [a, b] = await openPhones(browser, 'Phone A', 'Phone B');

  // Phone A starts the plod; phone B opens it by its link (as a crewmate would from a message).
  const reportId = await newReport(a.page);
  const holeId = uniqueHoleId('OFF');
  await a.page.getByRole('link', { name: /Run Sheets/ }).click();
  await startHole(a.page, holeId);
  await addRunInModal(a.page, { notes: 'online run' });
  await b.page.goto(`/plods/${reportId}/run-sheets`);
  await expect(b.page.getByTestId('run-row')).toHaveCount(1);

  await pauseSync(a);
  await pauseSync(b);
  await addRunInModal(a.page, { notes: 'A1' });
  await addRunInModal(a.page, { stickUp: '0.2', ori: true, notes: 'A2' });
  await addRunInModal(b.page, { notes: 'B1' });
  await addRunInModal(b.page, { rodAdded: false, ori: true, notes: 'B2' });
  await addRunInModal(b.page, { stickUp: '1', notes: 'B3' });
  // Apart, each phone numbers its own runs 2, 3, ...
  await expect(a.page.getByTestId('run-row')).toHaveCount(3);
  await expect(b.page.getByTestId('run-row')).toHaveCount(4);
  await b.page.screenshot({ path: testInfo.outputPath('offline-phone-b.png'), fullPage: true });
  await expectAccessible(b.page, 'run sheets offline');

  await resumeSync(a);
  await resumeSync(b);
  await expect(a.page.getByTestId('run-row')).toHaveCount(6, { timeout: 20_000 });
  await expect(b.page.getByTestId('run-row')).toHaveCount(6, { timeout: 20_000 });

  const rowsA = await runRows(a.page);
  expect(await runRows(b.page)).toEqual(rowsA);
  // One chain: numbered 1..6, each run starting where the previous ended, every run kept.
  expect(rowsA.map((r) => r[0])).toEqual(['1', '2', '3', '4', '5', '6']);
  for (let i = 1; i < rowsA.length; i += 1) expect(rowsA[i]?.[1]).toBe(rowsA[i - 1]?.[2]);
  expect(rowsA.map((r) => r[6]).sort()).toEqual(['A1', 'A2', 'B1', 'B2', 'B3', 'online run']);
  await a.page.screenshot({ path: testInfo.outputPath('merged-phone-a.png'), fullPage: true });
  await expectAccessible(a.page, 'run sheets after two phones merged');

  // The server holds the same chain.
  await expect
    .poll(async () => {
      const response = await request.get(`/api/run-sheet-entries?shiftSummaryId=${reportId}`);
      return ((await response.json()) as RunSheetEntry[]).length;
    })
    .toBe(6);
  const response = await request.get(`/api/run-sheet-entries?shiftSummaryId=${reportId}`);
  const entries = ((await response.json()) as RunSheetEntry[])
    .filter((e) => e.holeId === holeId)
    .sort((x, y) => x.runNumber - y.runNumber);
  expect(
    entries.map((e) => [
      String(e.runNumber),
      e.fromDepth.toFixed(1),
      e.toDepth.toFixed(1),
      e.notes ?? '',
    ]),
  ).toEqual(rowsA.map((r) => [r[0], r[1], r[2], r[6]]));

  await closePhones(a, b);
});
