import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { newReport } from './collab-helpers';
import { expectAccessible } from './accessibility';
import { expect, heading, test, joinThroughUi, untilWorksOffline, PHONE } from './fixtures';

// This spec needs the app's service worker (the others mostly block it).
test.use({ ...PHONE, joined: false, serviceWorkers: 'allow' });

/**
 * Replace the served file in one step: another test running beside this one fetches the old worker
 * or the new one, never a half-written file (a worker script that fails to load fails its install).
 */
async function deploy(path: string, body: string) {
  await writeFile(`${path}.next`, body);
  await rename(`${path}.next`, path);
}

const workerState = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return {
      waiting: registration?.waiting?.state ?? null,
      active: registration?.active?.state ?? null,
      controlled: navigator.serviceWorker.controller !== null,
    };
  });

test('a new version waits for Reload: the prompt shows, a half-filled form stays, Reload starts it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await joinThroughUi(page, 'Update Phone');
  await untilWorksOffline(page);
  await newReport(page);
  await page.getByRole('link', { name: /Shift Details/ }).click();
  await expect(heading(page, 'Shift Details')).toBeVisible();

  // A deploy: the server's folder gets a new service worker whose precache names a new page.
  const swPath = join(process.env.PLOD_E2E_WEB_DIR ?? '', 'sw.js');
  const original = await readFile(swPath, 'utf8');
  const deployed = original.replace(
    /(url:"index\.html",revision:")[^"]+"/,
    `$1deploy-${Date.now().toString(36)}"`,
  );
  expect(deployed).not.toBe(original);
  await deploy(swPath, deployed);
  try {
    // The person reloads the screen: the browser checks for a new version as it loads.
    await page.reload();
    await expect(heading(page, 'Shift Details')).toBeVisible();
    // They start typing; a page that reloaded would lose the field and this marker.
    await page.getByLabel('Level').fill('Half typed');
    await page.evaluate(() => {
      (window as unknown as { stillThisPage?: boolean }).stillThisPage = true;
    });

    const prompt = page.getByTestId('update-prompt');
    await expect(prompt).toContainText('A new version is ready');
    await expect.poll(() => workerState(page)).toMatchObject({ waiting: 'installed' });
    await expect(page.getByLabel('Level')).toHaveValue('Half typed');
    expect(
      await page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage),
    ).toBe(true);
    await expectAccessible(page, 'shift details with the update prompt');

    // Reload: the waiting version takes over and the page starts on it.
    const reloaded = page.waitForEvent('framenavigated', {
      predicate: (frame) => frame === page.mainFrame(),
      timeout: 30_000,
    });
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await page.waitForLoadState();
    expect(await page.evaluate(() => 'stillThisPage' in window)).toBe(false);
    await expect(heading(page, 'Shift Details')).toBeVisible();
    await expect
      .poll(() => workerState(page))
      .toEqual({ waiting: null, active: 'activated', controlled: true });
    await expect(page.getByTestId('update-prompt')).toHaveCount(0);
  } finally {
    await deploy(swPath, original);
  }
});
