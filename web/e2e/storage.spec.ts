import type { Page } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { expect, heading, test, joinThroughUi } from './fixtures';

// Issue 16: the app asks the browser to keep its storage once the phone has joined (plods not yet
// synced live only there), and Offline Setup says how much it holds and whether it is kept.
// A browser decides by itself whether to grant it (Chromium refuses a site it does not know well):
// the two tests are the two answers a phone can get, the first from a browser set to grant it.

test.use({
  joined: false,
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
});

async function openOfflineSetup(page: Page) {
  await expect(heading(page, 'Plods')).toBeVisible();
  await page.getByRole('button', { name: 'Offline Setup' }).click();
  const dialog = page.getByRole('dialog', { name: 'Offline Setup' });
  await expect(dialog.getByTestId('storage-used')).toHaveText(
    /^\d+(\.\d)? (B|KB|MB|GB) of \d+(\.\d)? (B|KB|MB|GB)$/,
  );
  return dialog;
}

/** Sets this page's browser to grant persistent storage when the app asks (it still has to ask). */
async function grantPersistence(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const { targetInfo } = await cdp.send('Target.getTargetInfo');
  await cdp.send('Browser.grantPermissions', {
    permissions: ['durableStorage'],
    origin: new URL(page.url()).origin,
    browserContextId: targetInfo.browserContextId,
  });
  await cdp.detach();
}

test.describe('a browser that grants persistence', () => {
  test('after join, Offline Setup shows the storage used and that it is persistent', async ({
    page,
  }) => {
    // Before joining, nothing has asked: the browser is not keeping the storage yet.
    await page.goto('/join');
    await grantPersistence(page);
    expect(await page.evaluate(() => navigator.storage.persisted())).toBe(false);
    await joinThroughUi(page, 'Kept Phone');
    const dialog = await openOfflineSetup(page);
    await expect(dialog.getByTestId('storage-persisted')).toHaveText(
      'Persistent: kept when the phone runs low on space',
    );
    expect(await page.evaluate(() => navigator.storage.persisted())).toBe(true);
    await expectAccessible(page, 'offline setup, persistent storage');
  });
});

test('a browser that refuses persistence: Offline Setup says the phone may clear it', async ({
  page,
}) => {
  await joinThroughUi(page, 'Unkept Phone');
  const dialog = await openOfflineSetup(page);
  await expect(dialog.getByTestId('storage-persisted')).toHaveText(
    'Not persistent: the phone may clear it when low on space',
  );
  await expectAccessible(page, 'offline setup, storage not persistent');
});
