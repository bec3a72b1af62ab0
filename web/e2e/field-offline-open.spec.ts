import { expectAccessible } from './accessibility';
import { createReport, plodCard } from './collab-helpers';
import { expect, heading, joinThroughUi, test } from './fixtures';

// Every plod a phone's list shows opens offline: while online the phone keeps the plods being filled
// in (a card says "Not on this phone yet" until it has one), so a crew that saw the list and then
// lost signal opens any of them, by the card, Edit Report or Run Sheets.

test.use({ joined: false, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('a phone that saw the list and went offline before opening anything opens a listed plod', async ({
  page,
  context,
  request,
  errors,
}, testInfo) => {
  test.setTimeout(150_000);
  // A plod another phone started (made on the server), never opened on this phone.
  const id = await createReport(request);
  await joinThroughUi(page, 'Out Of Range Phone');
  // The app's files are on the phone (its service worker), as after any first visit.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 15_000,
  });
  const card = plodCard(page, id);
  await expect(card).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('plods-list.png') });
  // The phone fetches it in the background: the card stops saying it is not here.
  await expect(card.getByTestId('not-on-phone')).toHaveCount(0);
  await expect(card).toHaveAttribute('data-on-phone', 'true');
  await expectAccessible(page, 'plods list with every listed plod on the phone');

  await context.setOffline(true);
  await card.getByTestId('open-plod').click();
  await expect(heading(page, 'Drill Report Dashboard')).toBeVisible();
  await expect(page.getByTestId('report-header')).toBeVisible();

  await page.goBack();
  await expect(heading(page, 'Plods')).toBeVisible();
  await plodCard(page, id).getByRole('link', { name: 'Edit Report' }).click();
  await expect(page.getByTestId('no-current-report')).toHaveCount(0);
  await expect(page.getByTestId('plod-not-on-device')).toHaveCount(0);
  await expect(heading(page, 'Edit Shift Report')).toBeVisible();

  await page.goBack();
  await expect(heading(page, 'Plods')).toBeVisible();
  await plodCard(page, id).getByRole('link', { name: 'Run Sheets' }).click();
  await expect(heading(page, 'Run Sheets')).toBeVisible();
  await expect(page.getByTestId('new-hole-form')).toBeVisible();
  // Offline, the browser logs each failed reconnection; nothing else went wrong.
  expect(errors.filter((error) => !error.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
});
