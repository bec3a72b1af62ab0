import { expectAccessible } from './accessibility';
import { addRunInModal, uniqueHoleId, joinAndStartPlod } from './collab-helpers';
import { expect, heading, test, PHONE } from './fixtures';

// The near-target warning (within 6 m of the target depth) where the driller works: Run Sheets and
// the Add New Run screen, not only the dashboard.

test.use({ ...PHONE, joined: false });

test('Run Sheets and Add New Run warn within 6 m of the target depth', async ({ page, errors }) => {
  test.setTimeout(120_000);
  await joinAndStartPlod(page, 'Near Target Phone');
  await page.goto('/run-sheets');
  const holeId = uniqueHoleId('NT');
  const form = page.getByTestId('new-hole-form');
  await form.getByLabel('Hole ID').fill(holeId);
  await form.getByLabel('Target Depth').fill('10');
  await form.getByRole('button', { name: 'Start Drilling' }).click();
  await expect(page.getByTestId('hole-status')).toContainText(holeId);

  // 10 m to go: no warning yet.
  const warning = page.getByTestId('near-target');
  await expect(page.getByTestId('hole-depth')).toContainText('0.0 m / 10.0 m');
  await expect(warning).toHaveCount(0);

  // The first run drills 3.0 m (4 m barrel less 0.5 m stick-up and 0.5 m constant stick-up): 7.0 m to
  // go, still no warning; the second 2.5 m leaves 4.5 m, within 6 m.
  await addRunInModal(page);
  await expect(page.getByTestId('hole-depth')).toContainText('3.0 m / 10.0 m');
  await expect(warning).toHaveCount(0);
  await addRunInModal(page);
  await expect(page.getByTestId('hole-depth')).toContainText('5.5 m / 10.0 m');
  await expect(warning).toContainText('Within 6 m of target depth');
  await expect(warning).toContainText('4.5 m to go');
  await expectAccessible(page, 'run sheets near the target depth');

  await page.getByRole('link', { name: 'Open the Add New Run screen' }).click();
  await expect(heading(page, 'Add New Run')).toBeVisible();
  await expect(page.getByTestId('near-target')).toContainText('4.5 m to go');
  await expectAccessible(page, 'add new run near the target depth');
  expect(errors).toEqual([]);
});
