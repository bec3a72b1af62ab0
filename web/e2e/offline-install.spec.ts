import type { BrowserContext, Page } from '@playwright/test';
import { expect, heading, joinThroughUi, test, untilWorksOffline, PHONE } from './fixtures';

// A phone that opens the app for the first time on a weak signal: the service worker's first
// install fetches every file of the app, and one fetch that fails fails it all.
test.use({ ...PHONE, joined: false, serviceWorkers: 'allow' });

/**
 * The app said it is ready to work offline, offers no reload (a first install is no new version),
 * and starts again with no network.
 */
async function readyAndStartsOffline(page: Page, context: BrowserContext): Promise<void> {
  await expect(page.getByText('Ready to work offline')).toBeVisible({ timeout: 45_000 });
  await untilWorksOffline(page);
  await expect(page.getByTestId('update-prompt')).toHaveCount(0);
  await context.setOffline(true);
  await page.reload();
  await expect(heading(page, 'Plods')).toBeVisible();
}

const registered = (page: Page) =>
  page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) !== undefined);

test('a first install cut short by the network is tried again: the open page ends up working offline', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  // The link drops once, on one of the app's files the service worker fetches (an icon the page
  // itself never loads); every later fetch of it goes through.
  let dropped: () => void = () => undefined;
  const droppedOnce = new Promise<void>((resolve) => (dropped = resolve));
  let drops = 0;
  await context.route('**/pwa-512x512.png', async (route) => {
    if (route.request().serviceWorker() !== null && drops === 0) {
      drops += 1;
      await route.abort('connectionreset');
      dropped();
      return;
    }
    await route.continue();
  });

  await joinThroughUi(page, 'Weak Signal Phone');
  await droppedOnce;
  // The install failed: the browser dropped the registration, and the app does not claim to be
  // ready offline.
  await expect.poll(() => registered(page)).toBe(false);
  const ready = page.getByText('Ready to work offline');
  await expect(ready).toHaveCount(0);

  // The page stays open (no reload): the app installs itself on the next try, says so, and then
  // serves the page.
  await readyAndStartsOffline(page, context);
  expect(drops).toBe(1);
  await page.goto('/survey-fixed');
  await expect(heading(page, 'Survey Data')).toBeVisible();
});

test('a service worker script that does not arrive is registered again while the page stays open: ready, and it starts with no network', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  // The link drops once, on the worker's script; after that the network is left alone.
  let drops = 0;
  await context.route(
    '**/sw.js',
    async (route) => {
      drops += 1;
      await route.abort('connectionreset');
    },
    { times: 1 },
  );
  await joinThroughUi(page, 'Weak Signal Phone 2');
  await readyAndStartsOffline(page, context);
  expect(drops).toBe(1);
});
