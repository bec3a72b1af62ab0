import type { Page } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { addRunInModal, joinAndStartHole, runRows } from './collab-helpers';
import { expect, heading, restingDialog, test, PHONE } from './fixtures';

// One run rule on both run screens (the Run Sheets pop-up and the Add New Run screen): a run without
// a rod drills the stick-up the previous run left, asks for no stick-up of its own, and is refused
// with the same reason on both when it would drill 0 m.

test.use({ ...PHONE, joined: false });

const NO_ZERO_RUN = 'A run without a rod must drill more than 0 m';

async function openPopUp(page: Page) {
  await page.getByRole('button', { name: 'Add New Run' }).click();
  const dialog = await restingDialog(page);
  await dialog.getByLabel('No - No Rod').check();
  return dialog;
}

async function openAddNewRun(page: Page) {
  await page.getByRole('link', { name: 'Open the Add New Run screen' }).click();
  await expect(heading(page, 'Add New Run')).toBeVisible();
  await page.getByLabel('No Rod Added').check();
}

test('a run without a rod is the same run on Run Sheets and on Add New Run', async ({
  page,
  errors,
}) => {
  test.setTimeout(120_000);
  await joinAndStartHole(page, 'Run Rule Phone', 'RR');

  // A hole's first run needs a rod, on both screens.
  await page.getByRole('button', { name: 'Add New Run' }).click();
  const first = await restingDialog(page);
  await expect(first.getByLabel('No - No Rod')).toBeDisabled();
  await first.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('link', { name: 'Open the Add New Run screen' }).click();
  await expect(page.getByLabel('No Rod Added')).toBeDisabled();
  await page.goBack();

  // Run 1 leaves 0.5 m of stick-up.
  await addRunInModal(page, { stickUp: '0.5' });

  // The pop-up: no stick-up asked, 0.5 m drilled.
  let dialog = await openPopUp(page);
  await expect(dialog.getByLabel('Variable Stick-up (m)')).toHaveCount(0);
  await expect(dialog.getByTestId('run-preview')).toContainText('Length: 0.5 m');
  await expect(dialog.getByRole('button', { name: 'Add Run' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The Add New Run screen: the same run, saved.
  await openAddNewRun(page);
  await expect(page.getByLabel(/Stick-Up \(m\)/)).toHaveCount(0);
  await expect(page.getByTestId('calculation-preview')).toContainText('Depth to drill: 0.5 m');
  await expectAccessible(page, 'add new run without a rod');
  await page.getByRole('button', { name: 'Add Run' }).click();
  await expect(page.getByTestId('run-row')).toHaveCount(2);
  expect((await runRows(page)).map((r) => r.slice(0, 5))).toEqual([
    ['1', '0.0', '3.0', '3.0', 'Yes'],
    ['2', '3.0', '3.5', '0.5', 'No'],
  ]);

  // Run 2 left no stick-up: a run without a rod would drill 0 m. Both screens refuse it and say why.
  dialog = await openPopUp(page);
  await expect(dialog.getByTestId('run-refusal')).toHaveText(NO_ZERO_RUN);
  await expect(dialog.getByRole('button', { name: 'Add Run' })).toBeDisabled();
  await expectAccessible(page, 'run sheets pop-up refusing a 0 m run');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await openAddNewRun(page);
  await expect(page.getByTestId('run-refusal')).toHaveText(NO_ZERO_RUN);
  await expect(page.getByRole('button', { name: 'Add Run' })).toBeDisabled();
  await page.goBack();

  // With the ori tool the pop-up's run drills 0.4 m.
  dialog = await openPopUp(page);
  await dialog.getByLabel('Ori Tool Used (+0.4m)').check();
  await expect(dialog.getByTestId('run-preview')).toContainText('Length: 0.4 m');
  await dialog.getByRole('button', { name: 'Add Run' }).click();
  await expect(dialog).toBeHidden();
  expect((await runRows(page)).map((r) => r.slice(0, 6))[2]).toEqual([
    '3',
    '3.5',
    '3.9',
    '0.4',
    'No',
    '+0.4m',
  ]);
  expect(errors).toEqual([]);
});
