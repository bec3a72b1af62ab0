import { readFile } from 'node:fs/promises';
import { joinAndSetUpShift, plodCard } from './collab-helpers';
import { signOnPad } from './plod-report-helpers';
import { expectAccessible } from './accessibility';
import { expect, heading, test, PHONE } from './fixtures';

test.use({ ...PHONE, joined: false, serviceWorkers: 'block' });

test('Level: entered in Shift Details, shown on Shift Completion, in the CSV the phone downloads and the server exports', async ({
  page,
  request,
  errors,
}) => {
  // A whole shift through to its CSV: join, details, completion with an accessibility check,
  // signature, submit and two exports.
  test.setTimeout(90_000);
  const reportId = await joinAndSetUpShift(page, 'Level Phone', { level: '1040 RL' });

  // It was saved: back on Shift Details it reads the same.
  await page.goto('/shift-details');
  await expect(page.getByLabel('Level')).toHaveValue('1040 RL');

  await page.goto('/complete-shift');
  await page.getByRole('button', { name: 'Complete Shift & Save' }).click();
  await expect(heading(page, 'Shift Completion')).toBeVisible();
  const details = page.getByRole('region', { name: 'Shift Details' });
  await expect(details).toContainText('Level');
  await expect(details).toContainText('1040 RL');
  await expect(details).not.toContainText('Not set');
  await expectAccessible(page, 'shift completion with a level');
  await page.getByLabel('Signed by').fill('Sam Signer');
  await page.getByLabel('I certify the statements above').check();
  await signOnPad(page);
  await page.getByRole('button', { name: 'Submit Shift Report' }).click();
  await expect(heading(page, 'Plods')).toBeVisible();

  // Its own card: other crews' plods are sent meanwhile.
  await page.getByRole('tab', { name: /Sent/ }).click();
  await plodCard(page, reportId).getByRole('link', { name: 'Export CSV' }).click();
  await expect(page.getByTestId('csv-preview')).toContainText('level,1040 RL');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const downloaded = await readFile(await download.path(), 'utf8');
  expect(downloaded.split('\r\n')).toContain('level,1040 RL');
  const exported = await request.get(`/api/shift-summaries/${reportId}/export-csv`);
  expect(exported.ok()).toBe(true);
  expect(await exported.text()).toBe(downloaded);
  expect(errors).toEqual([]);
});
