import { expectAccessible } from './accessibility';
import { startHole, uniqueHoleId } from './collab-helpers';
import { DOCS_SCREENSHOTS } from './docs-screenshots';
import { expect, heading, test, untilWorksOffline, PHONE, shot } from './fixtures';
import {
  CORE_TRAY_JPEG,
  downloadPdf,
  expectLoadedImage,
  openPhotos,
  photoCard,
  photoCards,
  takePhoto,
} from './photo-helpers';
import { openDesk } from './plod-report-helpers';
import { newPlod, setSignal } from './runs-helpers';

// Issue 24, photos: a core tray photo taken offline stays on the phone (through a reload), goes to
// the server when the signal returns, and shows on the desk's report view and in its PDF.

test.use({ ...PHONE });

test('a photo taken offline is kept through a reload, saved once online, and read at the desk', async ({
  page,
  browser,
  errors,
}, testInfo) => {
  test.setTimeout(240_000);
  const holeId = uniqueHoleId('PH');
  const id = await newPlod(page);
  await page.goto(`/plods/${id}/run-sheets`);
  await startHole(page, holeId);
  // The app's files are on the phone (its service worker), as after any first visit.
  await untilWorksOffline(page);
  await openPhotos(page, id);
  await expect(page.getByText('No photos yet')).toBeVisible();
  await expectAccessible(page, 'photos, none yet');

  await setSignal(page, false);
  // Depths that run up the hole are refused beside the field, and no photo is taken.
  await page.getByLabel('From (m)').fill('15');
  await page.getByLabel('To (m)').fill('12');
  await page.getByLabel('Take photo').setInputFiles(CORE_TRAY_JPEG);
  await expect(
    page.getByText('The photo’s To depth must not be less than its From depth'),
  ).toBeVisible();
  await expect(photoCards(page)).toHaveCount(0);

  await takePhoto(page, { from: '12', to: '15', caption: 'Tray 1' });
  const label = `${holeId} 12.0–15.0 m · Tray 1`;
  const card = photoCard(page, label);
  await expect(card.getByTestId('photo-state')).toHaveText('On phone');
  await expectLoadedImage(card.getByRole('img', { name: `Core photo: ${label}` }));
  await expect(page.getByTestId('photos-count')).toHaveText('1 photo · 1 to upload');
  await expectAccessible(page, 'photos, one on the phone');
  await shot(page, testInfo, 'photos-offline-390');
  await page.screenshot({ path: `${DOCS_SCREENSHOTS}guide-photos.png`, fullPage: true });

  // A reload with no signal: the photo and its bytes are still on the phone.
  await page.reload();
  await expect(heading(page, 'Photos')).toBeVisible();
  await expect(card.getByTestId('photo-state')).toHaveText('On phone');
  await expectLoadedImage(card.getByRole('img', { name: `Core photo: ${label}` }));

  await setSignal(page, true);
  await expect(card.getByTestId('photo-state')).toHaveText('Saved', { timeout: 60_000 });
  await expect(page.getByTestId('photos-count')).toHaveText('1 photo');
  await shot(page, testInfo, 'photos-saved-390');

  // The desk reads the photo from the server: the thumbnail on the report view, the image in the PDF.
  const desk = await openDesk(browser);
  await desk.goto(`/plods/${id}/report`);
  const photos = desk.getByTestId('report-photos');
  await expect(photos).toContainText(label);
  await expectLoadedImage(photos.getByRole('img', { name: `Core photo: ${label}` }));
  await expectAccessible(desk, 'report view with a photo');
  await photos.scrollIntoViewIfNeeded();
  await desk.screenshot({ path: testInfo.outputPath('report-photos-1366.png') });
  await desk.setViewportSize({ width: 390, height: 844 });
  await photos.scrollIntoViewIfNeeded();
  await desk.screenshot({ path: testInfo.outputPath('report-photos-390.png') });
  await desk.setViewportSize({ width: 1366, height: 800 });
  const pdf = await downloadPdf(desk);
  expect(pdf.figures).toContain(`Core photo: ${label}`);
  expect(pdf.images).toBe(1);

  // At a desk's width the Photos screen uses it: more photos to a row.
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('photos-1366.png') });
  await page.setViewportSize({ width: 390, height: 844 });

  // Delete, after a confirmation: gone from the plod, and the history says so.
  await page.getByRole('button', { name: `Delete photo ${label}` }).click();
  const question = page.getByRole('dialog', { name: 'Delete photo?' });
  await question.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(photoCards(page)).toHaveCount(0);
  await page.goto(`/plods/${id}/history`);
  await expect(page.getByText('Removed photo: Tray 1')).toBeVisible();

  await desk.context().close();
  // The page loaded with no signal tried its sockets: what any offline start logs.
  const offlineSocket = /^console: WebSocket connection to .* net::ERR_INTERNET_DISCONNECTED$/;
  expect(errors.filter((error) => !offlineSocket.test(error))).toEqual([]);
});
