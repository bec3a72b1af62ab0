import type { Page } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { expect, heading, test, joinThroughUi, PHONE } from './fixtures';

// Issue 16: Offline Setup says how much the phone holds and whether the browser keeps it (plods not
// yet synced live only there). A browser decides by itself whether to keep a site's storage
// (Chromium refuses a site it does not know well): the two tests are the two answers a phone can
// get, the first from a browser set to keep it. That the app asks once joined is Join.test.tsx's.

test.use({ ...PHONE, joined: false });

async function openOfflineSetup(page: Page) {
  await expect(heading(page, 'Plods')).toBeVisible();
  await page.getByRole('button', { name: 'Offline Setup' }).click();
  const dialog = page.getByRole('dialog', { name: 'Offline Setup' });
  await expect(dialog.getByTestId('storage-used')).toHaveText(
    /^\d+(\.\d)? (B|KB|MB|GB) of \d+(\.\d)? (B|KB|MB|GB)$/,
  );
  return dialog;
}

/**
 * Sets this page's browser to keep the site's storage (the setting lasts while the session that
 * set it stays attached: it is left open until the test's context closes).
 */
async function grantPersistence(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const { targetInfo } = await cdp.send('Target.getTargetInfo');
  await cdp.send('Browser.grantPermissions', {
    permissions: ['durableStorage'],
    origin: new URL(page.url()).origin,
    browserContextId: targetInfo.browserContextId,
  });
}

test.describe('a browser that grants persistence', () => {
  test('after join, Offline Setup shows the storage used and that it is persistent', async ({
    page,
  }) => {
    await page.goto('/join');
    await grantPersistence(page);
    await joinThroughUi(page, 'Kept Phone');
    const dialog = await openOfflineSetup(page);
    await expect(dialog.getByTestId('storage-persisted')).toHaveText(
      'Persistent: kept when the phone runs low on space',
    );
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
