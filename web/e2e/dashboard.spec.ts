import { signOnPad } from './plod-report-helpers';
import { expectAccessible } from './accessibility';
import { joinAndSetUpShift, startHole, uniqueHoleId } from './collab-helpers';
import { expect, heading, test, restingDialog, PHONE } from './fixtures';

test.use({ ...PHONE, joined: false, serviceWorkers: 'block' });

test('the home dashboard shows the hole being drilled in the current plod, none once the plod is sent', async ({
  page,
  errors,
}) => {
  test.setTimeout(90_000);
  await joinAndSetUpShift(page, 'Dashboard Phone');

  // A short hole drilled to its target by one run: complete.
  const done = uniqueHoleId('DONE');
  await page.goto('/run-sheets');
  const form = page.getByTestId('new-hole-form');
  await form.getByLabel('Hole ID').fill(done);
  await form.getByLabel('Target Depth').fill('3');
  await form.getByRole('button', { name: 'Start Drilling' }).click();
  await page.getByRole('button', { name: 'Add New Run' }).click();
  await (await restingDialog(page)).getByRole('button', { name: 'Add Run' }).click();
  await expect(page.getByTestId('hole-status')).toContainText('COMPLETE');

  // With only a finished hole, nothing is being drilled.
  await page.goto('/dashboard');
  await expect(page.getByTestId('active-status')).toHaveText('STANDBY');
  await expect(page.getByTestId('active-hole')).toHaveCount(0);
  await expect(page.getByTestId('active-report-status')).toHaveText('In Progress');

  // Another hole started and drilled: that one is the active hole.
  const drilling = uniqueHoleId('NOW');
  await page.goto('/run-sheets');
  await page.getByRole('button', { name: 'Start New Hole' }).click();
  await startHole(page, drilling);
  await page.getByRole('button', { name: 'Add New Run' }).click();
  await (await restingDialog(page)).getByRole('button', { name: 'Add Run' }).click();
  await expect(page.getByTestId('run-row')).toHaveCount(1);
  await page.goto('/dashboard');
  await expect(page.getByTestId('active-hole')).toContainText(drilling);
  await expect(page.getByTestId('active-hole')).not.toContainText(done);
  await expect(page.getByTestId('active-status')).toHaveText('DRILLING');
  await expectAccessible(page, 'dashboard drilling');

  // Submitted: the plod's status shows, and no hole is being drilled any more.
  await page.goto('/complete-shift');
  await page.getByRole('button', { name: 'Complete Shift & Save' }).click();
  await page.getByLabel('Signed by').fill('Sam Signer');
  await page.getByLabel('I certify the statements above').check();
  await signOnPad(page);
  await page.getByRole('button', { name: 'Submit Shift Report' }).click();
  await expect(heading(page, 'Plods')).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByTestId('active-report-status')).toHaveText('Sent');
  await expect(page.getByText('In Progress')).toHaveCount(0);
  await expect(page.getByTestId('active-status')).toHaveText('STANDBY');
  await expect(page.getByTestId('active-hole')).toHaveCount(0);
  expect(errors).toEqual([]);
});
