import { expectAccessible, expectNoCutLabels } from './accessibility';
import {
  openRun,
  runLine,
  runLineLayouts,
  runRows,
  startHole,
  uniqueHoleId,
} from './collab-helpers';
import { expect, joinThroughUi, test, PHONE } from './fixtures';
import { newPlod, runSheetsOf } from './runs-helpers';

// Issue 24, core recovery: a driller records how much core came back on each run, and sees the
// recovery per run on its line and per hole on the hole's card, at a phone's 390 x 844.

test.use({ ...PHONE, joined: false });

test('a driller records core recovery on runs and sees it per run and per hole', async ({
  page,
  errors,
}, testInfo) => {
  test.setTimeout(150_000);
  await joinThroughUi(page, 'Core Recovery Phone');
  const id = await newPlod(page);
  await page.goto(runSheetsOf(id));
  const holeId = uniqueHoleId('DH-REC');
  const form = page.getByTestId('new-hole-form');
  await form.getByLabel('Constant Stick-up').fill('0.5');
  await startHole(page, holeId);

  // Run 1: 4 m barrel less 0.5 m and the hole's 0.5 m drills 3.0 m; 3.2 m of core is refused
  // beside the field, 2.9 m is recorded.
  await page.getByRole('button', { name: 'Add New Run' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel('Variable Stick-up (m)').fill('0.5');
  const recovered = dialog.getByLabel('Recovered Core (m)');
  await recovered.fill('3.2');
  await expect(
    dialog.getByText("Recovered length can be at most the run's 3.0 m (100%)"),
  ).toBeVisible();
  await expect(recovered).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByRole('button', { name: 'Add Run' })).toBeDisabled();
  await expectAccessible(page, 'add run, recovered core over the run');
  await recovered.fill('2.9');
  await expect(dialog.getByText('Recovery 96.7% of the run')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add Run' }).click();
  await expect(dialog).toBeHidden();

  // Run 2: a rod with 0.5 m stick-up drills 2.5 m; recovery not measured.
  await page.getByRole('button', { name: 'Add New Run' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Variable Stick-up (m)').fill('0.5');
  await dialog.getByRole('button', { name: 'Add Run' }).click();
  await expect(dialog).toBeHidden();

  // Run 3: 2.5 m again, with 2.4 m of core.
  await page.getByRole('button', { name: 'Add New Run' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Variable Stick-up (m)').fill('0.5');
  await dialog.getByLabel('Recovered Core (m)').fill('2.4');
  await dialog.getByRole('button', { name: 'Add Run' }).click();
  await expect(dialog).toBeHidden();

  // Each run's line says its recovery; a run without one says nothing of it.
  await expect(runLine(page, 1)).toContainText('Rec 97%');
  await expect(runLine(page, 2)).not.toContainText('Rec');
  await expect(runLine(page, 3)).toContainText('Rec 96%');
  // The runs keep their seven values in column order.
  expect((await runRows(page)).map((row) => row.slice(0, 4))).toEqual([
    ['1', '0.0', '3.0', '3.0'],
    ['2', '3.0', '5.5', '2.5'],
    ['3', '5.5', '8.0', '2.5'],
  ]);
  // Per hole: only the runs that recorded it, 5.3 m of 5.5 m.
  await expect(page.getByTestId('core-recovery')).toContainText('96.4% (5.3 of 5.5 m)');

  // The line stays one line at 390 px: its parts side by side, nothing sideways.
  const [line] = await runLineLayouts(page);
  expect(line?.height).toBeLessThan(64);
  expect(line?.spread).toBeLessThanOrEqual(4);
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(sideways).toBeLessThanOrEqual(0);

  // A run's details say its recovered core; Edit corrects it, and the hole's figure follows.
  await openRun(page, 1);
  await expect(page.getByTestId('run-row').first()).toContainText('2.90 m (96.7%)');
  await page.getByRole('button', { name: 'Edit run 1' }).click();
  dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Recovered Core (m)')).toHaveValue('2.9');
  await dialog.getByLabel('Recovered Core (m)').fill('3');
  await dialog.getByRole('button', { name: 'Save Run' }).click();
  await expect(dialog).toBeHidden();
  await expect(runLine(page, 1)).toContainText('Rec 100%');
  await expect(page.getByTestId('core-recovery')).toContainText('98.2% (5.4 of 5.5 m)');

  await expectNoCutLabels(page, 'runs with recovery');
  await expectAccessible(page, 'runs with recovery, one open');
  await page.screenshot({ path: testInfo.outputPath('core-recovery.png'), fullPage: true });

  // Undo takes the correction back, like any other change of a run.
  await page.getByRole('button', { name: 'Undo: run edited' }).click();
  await expect(runLine(page, 1)).toContainText('Rec 97%');
  await expect(page.getByTestId('core-recovery')).toContainText('96.4% (5.3 of 5.5 m)');
  expect(errors).toEqual([]);
});
