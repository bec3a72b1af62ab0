import type { Page } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { expect, test } from './fixtures';
import {
  closePhones,
  openFromList,
  openPhone,
  openRun,
  runRows,
  uniqueHoleId,
} from './collab-helpers';
import { addRun, newPlod, runSheetsOf, setSignal } from './runs-helpers';

/** Types a hole id (and, when given, target depth and constant stick-up) and taps Start Drilling. */
async function startHole(
  page: Page,
  holeId: string,
  setup: { target?: string; stickUp?: string } = {},
): Promise<void> {
  const form = page.getByTestId('new-hole-form');
  await form.getByLabel('Hole ID').fill(holeId);
  if (setup.target) await form.getByLabel('Target Depth').fill(setup.target);
  if (setup.stickUp) await form.getByLabel('Constant Stick-up').fill(setup.stickUp);
  await form.getByRole('button', { name: 'Start Drilling' }).click();
  await expect(page.getByTestId('hole-status')).toContainText(holeId);
}

// Issue 15 point 4: a new shift continues yesterday's hole, on another phone, from any plod.
test('the next shift continues a hole at its depth and next run number', async ({
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const dayPhone = await openPhone(browser, 'Day shift phone');
  await dayPhone.page.goto(runSheetsOf(await newPlod(dayPhone.page)));
  const holeId = uniqueHoleId('CONT');
  await startHole(dayPhone.page, holeId, { target: '60' });
  await addRun(dayPhone.page, '0.5');
  await addRun(dayPhone.page, '0.5');
  await expect(dayPhone.page.getByTestId('hole-depth')).toContainText('5.5 m / 60.0 m');

  // Night shift: another phone, its own plod. Typing the hole's id leads to continuing it.
  const nightPhone = await openPhone(browser, 'Night shift phone');
  await nightPhone.page.goto(runSheetsOf(await newPlod(nightPhone.page)));
  const form = nightPhone.page.getByTestId('new-hole-form');
  await expect(form.getByRole('button', { name: 'Continue Previous Hole' })).toBeVisible();
  await form.getByLabel('Hole ID').fill(holeId);
  await expect(form.getByText(`${holeId} already exists`)).toBeVisible();
  await expect(form).toContainText('It is at 5.5 m of 60.0 m. Continue it from there, at run 3.');
  await expect(form.getByRole('button', { name: 'Start Drilling' })).toBeDisabled();
  await nightPhone.page.screenshot({ path: testInfo.outputPath('existing-id.png') });
  await expectAccessible(nightPhone.page, 'new-hole form, the id already exists');
  await form.getByRole('button', { name: `Continue ${holeId}` }).click();

  const status = nightPhone.page.getByTestId('hole-status');
  await expect(status).toContainText(holeId);
  await expect(nightPhone.page.getByTestId('hole-depth')).toContainText('5.5 m / 60.0 m');
  await expect(nightPhone.page.getByTestId('runs-empty')).toContainText(
    'Tap Add New Run to record run 3, from 5.5 m where the hole was left.',
  );
  await expectAccessible(nightPhone.page, 'a continued hole, no run yet this shift');
  await addRun(nightPhone.page, '0.5');
  expect((await runRows(nightPhone.page)).map((r) => r.slice(0, 4))).toEqual([
    ['3', '5.5', '8.0', '2.5'],
  ]);
  // This shift drilled 2.5 m of the hole; the day shift's plod keeps its own 5.5 m.
  await expect(nightPhone.page.getByTestId('header-hole-metres')).toHaveText('2.5 m');
  await expect(dayPhone.page.getByTestId('header-hole-metres')).toHaveText('5.5 m');

  // The picker on the new-hole form offers it too (on the day phone's next plod).
  await dayPhone.page.goto(runSheetsOf(await newPlod(dayPhone.page)));
  await dayPhone.page
    .getByTestId('new-hole-form')
    .getByRole('button', { name: 'Continue Previous Hole' })
    .click();
  const picker = dayPhone.page.getByRole('dialog', { name: 'Continue Previous Hole' });
  await picker.getByLabel('Hole').selectOption(holeId);
  await expect(picker.getByTestId('continue-hole-details')).toContainText('8.0 m');
  await expect(picker.getByTestId('continue-hole-details')).toContainText('#4');
  await expectAccessible(dayPhone.page, 'continue previous hole picker');
  await picker.getByRole('button', { name: 'Continue Drilling' }).click();
  await expect(dayPhone.page.getByTestId('hole-depth')).toContainText('8.0 m / 60.0 m');

  await closePhones(dayPhone, nightPhone);
});

// Issue 15 point 4: two phones start the same hole id with no signal.
test('the same hole id from two offline phones is one hole, the differences are chosen once', async ({
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const a = await openPhone(browser, 'Phone A');
  const plod = await newPlod(a.page);
  await a.page.goto(runSheetsOf(plod));
  // Phone B opens Phone A's plod from the Plods list, then its Run Sheets.
  const b = await openPhone(browser, 'Phone B');
  await openFromList(b.page, plod);
  await b.page.getByRole('link', { name: /Run Sheets/ }).click();

  // Each phone suggests an id from its own reserved numbers: never the same, never one in use.
  const suggestion = (page: Page) =>
    page.getByTestId('new-hole-form').getByLabel('Hole ID').inputValue();
  await expect.poll(() => suggestion(a.page)).toMatch(/^DH-\d{4}-\d{3}$/);
  await expect.poll(() => suggestion(b.page)).toMatch(/^DH-\d{4}-\d{3}$/);
  expect(await suggestion(a.page)).not.toBe(await suggestion(b.page));

  await setSignal(a.page, false);
  await setSignal(b.page, false);
  const holeId = uniqueHoleId('SAME');
  await startHole(a.page, holeId, { target: '120', stickUp: '0.5' });
  await addRun(a.page, '0.5');
  await startHole(b.page, holeId, { target: '150', stickUp: '0.2' });
  await addRun(b.page, '0.5');
  // Apart, each phone's first run: 4 m less 0.5 m and its own constant stick-up.
  expect((await runRows(a.page))[0]?.[3]).toBe('3.0');
  expect((await runRows(b.page))[0]?.[3]).toBe('3.3');

  await setSignal(a.page, true);
  await setSignal(b.page, true);
  for (const phone of [a, b]) {
    await expect(phone.page.getByTestId('run-row')).toHaveCount(2, { timeout: 30_000 });
    const conflicts = phone.page.getByTestId('setup-conflicts');
    await expect(conflicts.getByTestId('conflict-targetDepth')).toContainText('120.0 m');
    await expect(conflicts.getByTestId('conflict-targetDepth')).toContainText('150.0 m');
    await expect(conflicts.getByTestId('conflict-constantStickUp')).toContainText('0.5 m');
    await expect(conflicts.getByTestId('conflict-constantStickUp')).toContainText('0.2 m');
  }
  // One hole, one chain, and neither phone's run was re-measured by the merge.
  const rows = await runRows(a.page);
  expect(await runRows(b.page)).toEqual(rows);
  expect(rows.map((r) => r[0])).toEqual(['1', '2']);
  expect(rows.map((r) => r[3]).sort()).toEqual(['3.0', '3.3']);
  expect(rows[1]?.[1]).toBe(rows[0]?.[2]);
  await b.page.screenshot({ path: testInfo.outputPath('merged-conflicts.png'), fullPage: true });
  await expectAccessible(b.page, 'one hole from two phones, differences to choose');

  // A choice made on one phone shows on the other, and stays.
  await b.page.getByRole('button', { name: 'Use target depth 150.0 m' }).click();
  await expect(a.page.getByTestId('conflict-targetDepth')).toHaveCount(0);
  await expect(a.page.getByTestId('hole-depth')).toContainText('/ 150.0 m');
  await expect(a.page.getByTestId('conflict-constantStickUp')).toBeVisible();
  await a.page.getByRole('button', { name: 'Use constant stick-up 0.5 m' }).click();
  await expect(b.page.getByTestId('setup-conflicts')).toHaveCount(0);
  await b.page.reload();
  await expect(b.page.getByTestId('hole-depth')).toContainText('/ 150.0 m');
  await expect(b.page.getByTestId('setup-conflicts')).toHaveCount(0);
  expect((await runRows(b.page)).map((r) => r[3]).sort()).toEqual(['3.0', '3.3']);

  await closePhones(a, b);
});

// Issue 16: bad stick-up never becomes metres; one first-run rule on both run screens.
test('an invalid stick-up shows an error beside the field and adds nothing', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const phone = await openPhone(browser, 'Stick-up phone');
  const page = phone.page;
  await page.goto(runSheetsOf(await newPlod(page)));
  await startHole(page, uniqueHoleId('STK'));
  await expect(page.getByTestId('runs-empty')).toContainText(
    "Tap Add New Run to record run 1: the 4 m barrel less its stick-up and this hole's 0.5 m constant stick-up.",
  );

  await page.getByRole('button', { name: 'Add New Run' }).click();
  const dialog = page.getByRole('dialog');
  const stickUp = dialog.getByLabel('Variable Stick-up (m)');
  await expect(stickUp).toHaveValue('0.5');
  await expect(dialog).toContainText('Metres, 0 to 4 m. Default 0.5 m.');
  for (const [text, message] of [
    ['abc', 'Stick-up must be a number of metres, such as 0.5'],
    ['', 'Enter the stick-up in metres'],
    ['4.5', 'Stick-up must be from 0 to 4 m'],
  ] as const) {
    await stickUp.fill(text);
    await expect(dialog.getByText(message)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Add Run' })).toBeDisabled();
  }
  await expectAccessible(page, 'add run dialog, stick-up past the barrel');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('runs-empty')).toBeVisible();
  await expect(page.getByTestId('run-row')).toHaveCount(0);

  // The Add New Run screen: same checks, same first run (3.0 m, as the modal would record it).
  await page.getByRole('link', { name: 'Open the Add New Run screen' }).click();
  const field = page.getByLabel(/Stick-Up \(m\)/);
  await field.fill('abc');
  await expect(page.getByText('Stick-up must be a number of metres, such as 0.5')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Run' })).toBeDisabled();
  await expectAccessible(page, 'add new run screen, stick-up not a number');
  await field.fill('0.5');
  await expect(page.getByTestId('calculation-preview')).toContainText('Depth to drill: 3.0 m');
  await page.getByRole('button', { name: 'Add Run' }).click();
  await expect(page.getByTestId('run-row')).toHaveCount(1);
  expect((await runRows(page))[0]?.slice(0, 4)).toEqual(['1', '0.0', '3.0', '3.0']);

  // A later run with the whole rod left standing drills 0 m: asked, not silently added.
  await page.getByRole('button', { name: 'Add New Run' }).click();
  await dialog.getByLabel('Variable Stick-up (m)').fill('3.4');
  await expect(dialog.getByText('Stick-up must be from 0 to 3 m')).toBeVisible();
  await dialog.getByLabel('Variable Stick-up (m)').fill('3');
  await dialog.getByRole('button', { name: 'Add Run' }).click();
  await expect(dialog.getByTestId('run-question')).toContainText('This run drills 0 m.');
  await expectAccessible(page, 'add run dialog asking about a 0 m run');
  await dialog.getByRole('button', { name: 'Go Back' }).click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('run-row')).toHaveCount(1);
  await phone.context.close();
});

// Issue 15 point 3: a run can be corrected or removed; the chain follows, nothing else moves.
test('a run is edited and deleted with a confirm, and later runs keep their lengths', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const phone = await openPhone(browser, 'Correcting phone');
  const page = phone.page;
  await page.goto(runSheetsOf(await newPlod(page)));
  await startHole(page, uniqueHoleId('EDIT'));
  await addRun(page, '0.5');
  await addRun(page, '0.5');
  await addRun(page, '0.2');
  expect((await runRows(page)).map((r) => r.slice(0, 4))).toEqual([
    ['1', '0.0', '3.0', '3.0'],
    ['2', '3.0', '5.5', '2.5'],
    ['3', '5.5', '8.3', '2.8'],
  ]);

  // A run is one line on the phone: tapping it shows its Edit and Delete.
  await openRun(page, 2);
  await page.getByRole('button', { name: 'Edit run 2' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Run #2' });
  await edit.getByLabel('Variable Stick-up (m)').fill('0.3');
  await edit.getByLabel('Notes').fill('re-measured-after-the-broken-ground-at-the-fault-contact');
  await expect(edit.getByTestId('run-preview')).toContainText('Length: 2.7 m');
  await expectAccessible(page, 'edit run dialog');
  await edit.getByRole('button', { name: 'Save Run' }).click();
  await expect(edit).toBeHidden();
  expect((await runRows(page)).map((r) => [...r.slice(0, 4), r[6]])).toEqual([
    ['1', '0.0', '3.0', '3.0', ''],
    ['2', '3.0', '5.7', '2.7', 're-measured-after-the-broken-ground-at-the-fault-contact'],
    ['3', '5.7', '8.5', '2.8', ''],
  ]);

  // Every run's line, and the open run's details, are on screen at 390 px: nothing scrolls sideways
  // (a closed run's details are hidden, and measure 0).
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(sideways).toBeLessThanOrEqual(0);
  const rightEdges = await page
    .getByTestId('run-row')
    .evaluateAll((rows) =>
      rows.flatMap((row) =>
        Array.from(row.querySelectorAll('[data-cell]')).map((c) => c.getBoundingClientRect().right),
      ),
    );
  expect(rightEdges).toHaveLength(21);
  expect(Math.max(...rightEdges)).toBeLessThanOrEqual(390);
  await expect(page.getByTestId('run-row').nth(1)).toContainText('fault-contact');
  await expectAccessible(page, 'three runs, one open');

  // Delete asks first; Cancel keeps the run.
  await openRun(page, 1);
  await page.getByRole('button', { name: 'Delete run 1' }).click();
  let confirm = page.getByRole('dialog', { name: 'Delete run 1?' });
  await expect(confirm).toContainText('Later runs move up the hole and keep their lengths.');
  await page.screenshot({ path: testInfo.outputPath('delete-confirm.png') });
  await expectAccessible(page, 'delete run question');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('run-row')).toHaveCount(3);
  await openRun(page, 1);
  await page.getByRole('button', { name: 'Delete run 1' }).click();
  confirm = page.getByRole('dialog', { name: 'Delete run 1?' });
  await confirm.getByRole('button', { name: 'Delete Run' }).click();
  await expect(page.getByTestId('run-row')).toHaveCount(2);
  expect((await runRows(page)).map((r) => r.slice(0, 4))).toEqual([
    ['1', '0.0', '2.7', '2.7'],
    ['2', '2.7', '5.5', '2.8'],
  ]);
  await page.reload();
  await expect(page.getByTestId('run-row')).toHaveCount(2);
  await phone.context.close();
});
