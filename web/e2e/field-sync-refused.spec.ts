import type { WebSocketRoute } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { newReport } from './collab-helpers';
import { expect, heading, test, PHONE } from './fixtures';

// A server that closes a plod's connection for good (here 4430: the device's hourly cap) left the
// phone with unsent changes and no word why. The phone now says so on every screen, keeps the
// changes, and the note goes once the server takes the plod again (here: Sync now).

test.use({ ...PHONE });

const REASON = 'This device sent more than 600 updates to this plod this hour';

test('a plod the server refuses is said on every screen, and goes once the server takes it again', async ({
  page,
  errors,
}, testInfo) => {
  test.setTimeout(120_000);
  // The server's answer to this phone's plods, as a server past its cap would give it.
  let refusing = true;
  await page.routeWebSocket(/\/sync\/report(:|%3A)/, (socket: WebSocketRoute) => {
    if (refusing) void socket.close({ code: 4430, reason: REASON });
    else socket.connectToServer();
  });

  const id = await newReport(page);
  const note = page.getByTestId('sync-refused');
  await expect(note).toContainText('The server is taking no more changes from this phone for now');
  await expect(note).toContainText(`Changes to this plod: ${REASON}.`);
  await expect(note).toContainText('They stay on this phone and are sent again in a few minutes.');
  // The screen's sync badge agrees: the changes are not on their way.
  await page.getByRole('link', { name: /^Timesheets/ }).click();
  await expect(page.getByTestId('sync-indicator')).toHaveText('Not accepted');
  await page.getByRole('link', { name: /^‹? ?Back/ }).click();
  await page.screenshot({ path: testInfo.outputPath('sync-refused-plod.png') });
  await expectAccessible(page, 'a plod the server refuses');

  // On the list too, with the way back to the plod.
  await page.goto('/');
  await expect(heading(page, 'Plods')).toBeVisible();
  await expect(note).toBeVisible();
  await note.getByRole('link', { name: 'this plod' }).click();
  await expect(page).toHaveURL(new RegExp(`/plods/${id}$`));

  // The server takes the plod again; the phone would try in a few minutes, Sync now tries at once
  // and the note goes.
  refusing = false;
  await page.getByRole('link', { name: 'Back to Reports' }).click();
  await expect(heading(page, 'Plods')).toBeVisible();
  await expect(note).toBeVisible();
  await page.getByRole('button', { name: /Sync now/ }).click();
  await expect(note).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Sync now/ })).toContainText('0');
  expect(errors).toEqual([]);
});
