import { expectAccessible } from './accessibility';
import { joinAndStartHole } from './collab-helpers';
import { expect, heading, test, PHONE } from './fixtures';

// Survey points as read off the instrument: dip and azimuth to one decimal (or a message beside the
// field), a blank magnetic total left blank, and a hole picker of the plod's real holes only.

test.use({ ...PHONE, joined: false });

test('a survey point keeps one decimal of dip and azimuth, a blank magnetic total, and real holes only', async ({
  page,
  errors,
}) => {
  test.setTimeout(120_000);
  const holeId = await joinAndStartHole(page, 'Survey Phone', 'SV');

  await page.goto('/survey');
  await expect(heading(page, 'Survey Data')).toBeVisible();
  await page.getByRole('button', { name: 'Add Survey Point' }).click();
  // The picker offers the plod's hole, not example holes the plod does not use.
  const hole = page.getByLabel('Hole ID', { exact: true }).and(page.locator('input'));
  await expect(hole).toHaveValue(holeId);
  await hole.click();
  // Other plods on this server may have drilled holes of their own at the site (offered too).
  const options = page.getByRole('option');
  await expect(options.filter({ hasText: holeId })).toHaveCount(1);
  await expect(options.filter({ hasText: /^DH00[1-3]$/ })).toHaveCount(0);
  await page.getByRole('option', { name: holeId }).click();

  await page.getByLabel('Depth (m)').fill('12.5');
  await page.getByLabel('Azimuth (°)').fill('275.5');
  const dip = page.getByRole('textbox', { name: 'Dip (°)' });
  // A second decimal is a message beside the field, not a number cut short.
  await dip.fill('-59.55');
  await page.getByRole('button', { name: 'Add Survey Point' }).last().click();
  await expect(page.getByText('Must be in steps of 0.1')).toBeVisible();
  await expectAccessible(page, 'survey point with a dip of two decimals');
  await dip.fill('-59.5');
  await page.getByRole('button', { name: 'Add Survey Point' }).last().click();

  const point = page.getByTestId('survey-table-card');
  await expect(point).toContainText('12.5 m');
  await expect(point).toContainText('Azimuth275.5°');
  await expect(point).toContainText('Dip-59.5°');
  // Magnetic Total was left blank: it shows blank (a dash), never 0.
  await expect(point).toContainText('Magnetic—');
  await expectAccessible(page, 'survey data with a point');
  expect(errors).toEqual([]);
});
