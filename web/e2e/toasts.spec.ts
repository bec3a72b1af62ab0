import type { Locator, Page } from '@playwright/test';
import { startHole, uniqueHoleId, joinAndStartPlod } from './collab-helpers';
import { expectAccessible } from './accessibility';
import { expect, heading, test, PHONE } from './fixtures';

test.use({ ...PHONE, joined: false, serviceWorkers: 'block' });

/** True when a tap at the centre of `target` lands on it (nothing, a toast included, is over it). */
async function tappable(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && element.contains(hit);
  });
}

const toasts = (page: Page) => page.locator('.mantine-Notification-root');

test('toasts come one at a time at the bottom, go by themselves or on Dismiss, and never cover Back', async ({
  page,
  errors,
}) => {
  // A join, a plod, four toasts and five runs: more than the default 30 s on a busy machine.
  test.setTimeout(60_000);
  // The page's clock is Playwright's, so the toast's own 3 s can be held while Dismiss is tried.
  await page.clock.install();
  await joinAndStartPlod(page, 'Toast Phone');

  // Three taps of Save & Sync in a row: one toast, the newest, at the bottom of the screen.
  const back = page.getByRole('link', { name: 'Back to Reports' });
  for (let i = 0; i < 3; i += 1) await page.getByRole('button', { name: 'Save & Sync' }).click();
  await expect(toasts(page)).toHaveCount(1);
  await expect(toasts(page)).toContainText('Saved on this phone');
  const box = await toasts(page).boundingBox();
  expect(box?.y ?? 0).toBeGreaterThan(844 / 2);
  // Scrolled back up to the header (Save & Sync is at the foot of the screen), Back is clear.
  await back.scrollIntoViewIfNeeded();
  expect(await tappable(back)).toBe(true);
  await expectAccessible(page, 'drill report dashboard with a toast');

  // Dismiss takes it away at once. With the clock stopped, a fresh toast cannot go by itself (a
  // slow check above can outlast its 3 s): only Dismiss can take it away.
  await toasts(page).waitFor({ state: 'detached' });
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
  await page.getByRole('button', { name: 'Save & Sync' }).tap();
  await page.clock.runFor(500);
  await expect(toasts(page)).toHaveCount(1);
  await toasts(page).getByRole('button', { name: 'Dismiss' }).tap();
  await page.clock.runFor(500);
  await expect(toasts(page)).toHaveCount(0);
  await page.clock.resume();
  // Left alone, one goes by itself.
  await page.getByRole('button', { name: 'Save & Sync' }).tap();
  await expect(toasts(page)).toHaveCount(1);
  // A toast waits while a mouse rests on it; a phone has no resting pointer, so none stays here.
  await page.mouse.move(0, 0);
  await expect(toasts(page)).toHaveCount(0);

  // The case: five runs added, then straight back. No toast stands over Back.
  await page.goto('/run-sheets');
  await startHole(page, uniqueHoleId('TOAST'));
  for (let run = 0; run < 5; run += 1) {
    await page.getByRole('button', { name: 'Add New Run' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Add Run' }).click();
    await expect(dialog).toBeHidden();
  }
  await expect(page.getByTestId('run-row')).toHaveCount(5);
  const runSheetsBack = page.getByRole('link', { name: 'Back to Dashboard' });
  await runSheetsBack.scrollIntoViewIfNeeded();
  expect(await tappable(runSheetsBack)).toBe(true);
  await runSheetsBack.click();
  await expect(heading(page, 'Drill Report Dashboard')).toBeVisible();

  // With the Undo bar at the foot of the screen, a toast stands above it: Undo stays tappable.
  const undo = page.getByTestId('undo-bar').getByRole('button', { name: /^Undo/ });
  await expect(undo).toBeVisible();
  await page.getByRole('button', { name: 'Save & Sync' }).tap();
  await expect(toasts(page)).toHaveCount(1);
  const toastBox = await toasts(page).boundingBox();
  const undoBox = await undo.boundingBox();
  expect((toastBox?.y ?? 0) + (toastBox?.height ?? 0)).toBeLessThanOrEqual(undoBox?.y ?? 0);
  expect(await tappable(undo)).toBe(true);
  expect(errors).toEqual([]);
});
