import { expectAccessible } from './accessibility';
import { createSentReport, plodCard } from './collab-helpers';
import { expect, heading, joinThroughUi, test, untilWorksOffline, PHONE } from './fixtures';

// A phone that stays fast for a year: a sent plod of a shift more than two weeks old leaves the
// phone once the server holds all of it, and is still found online through "Show older" on the
// Sent tab, opening from the server; offline the list says where older plods are.

test.use({ ...PHONE, joined: false });

/** An ISO day `days` before today. */
function daysAgo(days: number): string {
  return new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

test('an old sent plod leaves the phone and comes back with Show older', async ({
  page,
  context,
  request,
  errors,
}, testInfo) => {
  test.setTimeout(180_000);
  // Another phone's shift of 16 days ago, sent: the newest shift the phone no longer keeps.
  const date = daysAgo(16);
  const old = await createSentReport(request, { date });
  await joinThroughUi(page, 'Year Old Phone');
  await untilWorksOffline(page);

  // Found by a search, opened: now on the phone.
  await page.goto(`/?tab=sent&from=${date}&to=${date}`);
  await plodCard(page, old).getByTestId('open-plod').click();
  await expect(page.getByTestId('report-header')).toBeVisible();
  await page.goto(`/?tab=sent&from=${date}&to=${date}`);
  await expect(plodCard(page, old)).toHaveAttribute('data-on-phone', 'true');

  // The list without a search: an old sent plod is not listed, and leaves the phone a moment after
  // the list shows (once the phone no longer has it open). Show older brings it from the server,
  // marked as not on this phone.
  const showOlder = page.getByRole('button', { name: 'Show older' });
  await expect(async () => {
    await page.goto('/?tab=sent');
    await expect(heading(page, 'Plods')).toBeVisible();
    await expect(showOlder).toBeVisible();
    await expect(plodCard(page, old)).toHaveCount(0);
    await showOlder.click();
    await expect(plodCard(page, old)).toHaveAttribute('data-on-phone', 'false', {
      timeout: 5_000,
    });
  }).toPass({ timeout: 90_000 });
  await expect(plodCard(page, old).getByTestId('not-on-phone')).toHaveText('Not on this phone yet');
  await page.screenshot({ path: testInfo.outputPath('show-older-phone.png') });
  await expectAccessible(page, 'plods list with older plods from the server');

  // It opens from the server.
  await plodCard(page, old).getByTestId('open-plod').click();
  await expect(page).toHaveURL(new RegExp(`/plods/${old}$`));
  await expect(page.getByTestId('report-header')).toBeVisible();

  // Offline, the Sent tab says where older plods are.
  await page.goto('/?tab=sent');
  await expect(showOlder).toBeVisible();
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('older-offline')).toHaveText(
    'Plods sent more than 14 days ago are kept on the server. Connect to see them.',
  );
  await expect(showOlder).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('show-older-offline.png') });
  expect(errors.filter((error) => !error.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
});
