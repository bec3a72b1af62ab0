import { closePhones, newReport, openPhones } from './collab-helpers';
import { addTimeEntry, deleteRow } from './entry-helpers';
import { expectAccessible } from './accessibility';
import { expect, test } from './fixtures';

// Issue 15: Undo takes back this phone's own recent change, never a crewmate's.

test('Undo brings back this phone’s deleted entry and leaves a second phone’s entry alone', async ({
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const [alex, sam] = await openPhones(browser, 'Alex phone', 'Sam phone');
  const a = alex.page;
  const b = sam.page;

  // Alex starts the plod and records three entries, then deletes the night one (after the question).
  const id = await newReport(a);
  await a.getByRole('link', { name: /Timesheets/ }).click();
  await addTimeEntry(a, { start: '6:00 AM', end: '10:00 AM', holeId: 'DH001' });
  await addTimeEntry(a, { start: '10:00 AM', end: '12:00 PM', holeId: 'DH001' });
  await addTimeEntry(a, { start: '10:00 PM', end: '2:00 AM', holeId: 'DH002' });
  await expect(a.getByTestId('total-hours')).toHaveText('10.0');
  await deleteRow(a, /^Delete time entry 10:00 PM/);
  await expect(a.getByTestId('total-hours')).toHaveText('6.0');
  const undo = a.getByRole('button', { name: 'Undo: time entry deleted' });
  await expect(undo).toBeVisible();
  await a.screenshot({ path: testInfo.outputPath('undo-bar-390.png') });
  await expectAccessible(a, 'timesheets with the Undo bar');
  // At the bottom edge, in thumb reach, a 44 px target, clear of the header's Back.
  const bar = await undo.boundingBox();
  const back = await a.getByRole('link', { name: 'Back' }).boundingBox();
  expect(bar && bar.height >= 44 && bar.y + bar.height > 844 - 80).toBe(true);
  expect(bar && back && bar.y > back.y + back.height).toBe(true);
  // At the end of the page it covers nothing: the last card's Delete takes the tap.
  await a.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const target = await a
    .getByRole('button', { name: /^Delete time entry/ })
    .last()
    .boundingBox();
  const hit = await a.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent ?? null,
    {
      x: (target?.x ?? 0) + (target?.width ?? 0) / 2,
      y: (target?.y ?? 0) + (target?.height ?? 0) - 2,
    },
  );
  expect(hit).toBe('Delete');

  // Sam opens the same plod by its link and adds an entry; Alex sees it arrive.
  await b.goto(`/plods/${id}/timesheets`);
  await expect(b.getByTestId('total-hours')).toHaveText('6.0');
  await addTimeEntry(b, { start: '12:00 PM', end: '1:00 PM', holeId: 'DH-SAM' });
  await expect(a.getByTestId('total-hours')).toHaveText('7.0');
  // Sam's entry is Sam's: Alex's Undo still names Alex's own delete.
  await expect(undo).toBeVisible();
  await undo.click();

  // Alex's entry is back on both phones; Sam's stays on both.
  await expect(a.getByTestId('total-hours')).toHaveText('11.0');
  await expect(b.getByTestId('total-hours')).toHaveText('11.0');
  for (const page of [a, b]) {
    const cards = page.getByTestId('timesheet-table-card');
    await expect(cards).toHaveCount(4);
    await expect(cards.filter({ hasText: 'DH002' })).toContainText('4.0');
    await expect(cards.filter({ hasText: 'DH-SAM' })).toHaveCount(1);
  }
  // Next on Alex's own history: the entry Alex added last; Sam's is on no history of Alex's.
  await expect(a.getByRole('button', { name: 'Undo: time entry added' })).toBeVisible();
  await a.getByRole('button', { name: 'Undo: time entry added' }).click();
  await expect(a.getByTestId('total-hours')).toHaveText('7.0');
  await expect(a.getByTestId('timesheet-table-card').filter({ hasText: 'DH-SAM' })).toHaveCount(1);
  // Sam's phone offers only Sam's own change.
  await expect(b.getByRole('button', { name: 'Undo: time entry added' })).toBeVisible();
  await expectAccessible(b, 'a second phone after its crewmate’s undo');

  // A reload ends the history: nothing of before is offered.
  await a.reload();
  await expect(a.getByTestId('total-hours')).toHaveText('7.0');
  await expect(a.getByRole('button', { name: /^Undo:/ })).toHaveCount(0);

  await closePhones(alex, sam);
});
