import { expectAccessible } from './accessibility';
import { createReport, createSentReport, plodCard } from './collab-helpers';
import { expect, heading, joinThroughUi, test, untilWorksOffline, PHONE } from './fixtures';

// Issue 28 point 1: every plod a crew phone's list shows opens offline. While online the phone keeps
// the plods being filled in that its list shows (one request for their states, in the background);
// a plod it does not have is marked on its card, and offline it says "Not on this phone yet:
// connect to open it", never "No report open".

test.use({ ...PHONE, joined: false });

/** A shift date of this test's own, so the list's date filter shows its plods whatever else is there. */
function ownDate(): string {
  const day = 1 + Math.floor(Math.random() * 28);
  const month = 1 + Math.floor(Math.random() * 12);
  const year = 2060 + Math.floor(Math.random() * 30);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

test('a phone that joined, saw the list and went offline before opening anything opens a listed plod', async ({
  page,
  context,
  request,
  errors,
}, testInfo) => {
  test.setTimeout(150_000);
  const date = ownDate();
  // Plods another phone started (made on the server), never opened on this phone.
  const active = await createReport(request, { date });
  const sent = await createSentReport(request, { date });
  await joinThroughUi(page, 'Out Of Range Phone');
  // The app's files are on the phone (its service worker), as after any first visit.
  await untilWorksOffline(page);
  await page.goto(`/?from=${date}&to=${date}`);
  const card = plodCard(page, active);
  await expect(card).toBeVisible();
  // The phone keeps it in the background: the card stops saying it is not here.
  await expect(card).toHaveAttribute('data-on-phone', 'true');
  await expect(card.getByTestId('not-on-phone')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('plods-list-kept.png') });

  // A sent plod is not kept (Download Data brings those): its card says so.
  await page.goto(`/?tab=sent&from=${date}&to=${date}`);
  const sentCard = plodCard(page, sent);
  await expect(sentCard.getByTestId('not-on-phone')).toHaveText('Not on this phone yet');
  await expect(sentCard).toHaveAttribute('data-on-phone', 'false');
  await page.screenshot({ path: testInfo.outputPath('plods-list-sent-not-kept.png') });
  await expectAccessible(page, 'plods list with a plod not on the phone marked');

  await context.setOffline(true);
  // Offline, the sent plod says plainly that it needs signal.
  await sentCard.getByRole('link', { name: 'Edit Report' }).click();
  const missing = page.getByTestId('plod-not-on-device');
  await expect(missing).toContainText('Not on this phone yet: connect to open it');
  await expect(page.getByTestId('no-current-report')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('not-on-phone-offline.png') });

  // The active plod opens, by its card, Edit Report and Run Sheets.
  await page.goto(`/?from=${date}&to=${date}`);
  await card.getByTestId('open-plod').click();
  await expect(heading(page, 'Drill Report Dashboard')).toBeVisible();
  await expect(page.getByTestId('report-header')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('opened-offline.png') });

  await page.goBack();
  await expect(heading(page, 'Plods')).toBeVisible();
  await card.getByRole('link', { name: 'Edit Report' }).click();
  await expect(heading(page, 'Edit Shift Report')).toBeVisible();
  await expect(page.getByTestId('no-current-report')).toHaveCount(0);
  await expect(page.getByTestId('plod-not-on-device')).toHaveCount(0);

  await page.goBack();
  await expect(heading(page, 'Plods')).toBeVisible();
  await card.getByRole('link', { name: 'Run Sheets' }).click();
  await expect(heading(page, 'Run Sheets')).toBeVisible();
  await expect(page.getByTestId('new-hole-form')).toBeVisible();
  // Offline, the browser logs each failed reconnection; nothing else went wrong.
  expect(errors.filter((error) => !error.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
});
