import { expectAccessible } from './accessibility';
import { saveDemoShift, joinAndStartPlod } from './collab-helpers';
import { expect, heading, test, PHONE } from './fixtures';

// A shift is dated by its start: a night shift runs 18:00 - 06:00, so the small hours belong to the
// previous day's night. The phone's clock is fixed (Playwright's clock) in a mine site's time zone.

test.use({ ...PHONE, joined: false, serviceWorkers: 'block', timezoneId: 'Australia/Perth' });

test('New Report after midnight is the previous day night; Start from last shift is the next shift', async ({
  page,
  errors,
}) => {
  test.setTimeout(120_000);
  // 02:10 on the 29th: the night that started at 18:00 on the 28th. The phone's clock runs on from
  // there.
  await page.clock.install({ time: new Date('2026-11-29T02:10:00+08:00') });
  await joinAndStartPlod(page, 'Night Shift Phone');
  await page.getByRole('link', { name: /Shift Details/ }).click();
  await expect(heading(page, 'Shift Details')).toBeVisible();
  await expect(page.getByLabel('Date')).toHaveValue('2026-11-28');
  await expect(page.getByRole('radio', { name: 'Night' })).toBeChecked();
  await expect(page.getByLabel('Start Time')).toHaveValue('18:00');
  await expect(page.getByLabel('End Time')).toHaveValue('06:00');
  await saveDemoShift(page);

  // 06:57: the next shift after the 28th's night is the 29th's day.
  await page.clock.setSystemTime(new Date('2026-11-29T06:57:00+08:00'));
  await page.goto('/');
  await page.getByRole('button', { name: 'Start from last shift' }).click();
  await expect(heading(page, 'Shift Details')).toBeVisible();
  await expect(page.getByLabel('Date')).toHaveValue('2026-11-29');
  await expect(page.getByRole('radio', { name: 'Day' })).toBeChecked();
  await expect(page.getByLabel('Start Time')).toHaveValue('06:00');
  await expectAccessible(page, 'shift details of the shift after a night');
  expect(errors).toEqual([]);
});
