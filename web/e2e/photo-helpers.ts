import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { expect, heading } from './fixtures';
import { readPdf, type ReadPdf } from './pdf';

/** A real 640 x 480 JPEG of a core tray, what the phone's camera hands the file input. */
export const CORE_TRAY_JPEG = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'fixtures',
  'core-tray.jpg',
);

/** The plod's Photos screen, from its dashboard's tile. */
export async function openPhotos(page: Page, id: string): Promise<void> {
  await page.goto(`/plods/${id}`);
  await page.getByRole('link', { name: /Photos/ }).click();
  await expect(heading(page, 'Photos')).toBeVisible();
}

/** Says where the photo belongs, then Take photo with the fixture as the camera's picture. */
export async function takePhoto(
  page: Page,
  where: { from?: string; to?: string; caption?: string },
): Promise<void> {
  if (where.from !== undefined) await page.getByLabel('From (m)').fill(where.from);
  if (where.to !== undefined) await page.getByLabel('To (m)').fill(where.to);
  if (where.caption !== undefined) await page.getByLabel('Caption (optional)').fill(where.caption);
  const count = await photoCards(page).count();
  await page.getByLabel('Take photo').setInputFiles(CORE_TRAY_JPEG);
  await expect(photoCards(page)).toHaveCount(count + 1);
}

export const photoCards = (page: Page): Locator => page.getByTestId('photo-card');

/** The photo card whose label contains `label`. */
export const photoCard = (page: Page, label: string): Locator =>
  photoCards(page).filter({ hasText: label });

/** A thumbnail that loaded (its image decoded, not a broken picture). */
export async function expectLoadedImage(image: Locator): Promise<void> {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
}

/** Download PDF on the report view, read back as a viewer reads it. */
export async function downloadPdf(desk: Page): Promise<ReadPdf> {
  const [download] = await Promise.all([
    desk.waitForEvent('download'),
    desk.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  return readPdf(new Uint8Array(readFileSync(await download.path())));
}
