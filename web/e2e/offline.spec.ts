import { expect, heading, test } from './fixtures';

test('after one visit the app starts with no network at all', async ({ page, context }) => {
  await page.goto('/');
  await expect(heading(page, 'Plods')).toBeVisible();
  // clientsClaim: the new worker takes over this page as soon as its precache is complete.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 15_000,
  });

  await context.setOffline(true);
  await page.reload();
  await expect(heading(page, 'Plods')).toBeVisible();

  // Deep links and screens never opened online come from the precache too.
  await page.goto('/edit-report/offline-1');
  await expect(heading(page, 'Edit Shift Report')).toBeVisible();
  await page.goto('/survey-fixed');
  await expect(heading(page, 'Survey Data')).toBeVisible();
  await page.goto('/DOWNLOAD-APK.html');
  await expect(page.getByRole('heading', { name: 'Install Plod on your phone' })).toBeVisible();
});

test('the Online/Offline toggle is remembered across a reload', async ({ page }) => {
  await page.goto('/');
  const toggle = page.getByTestId('network-toggle');
  await expect(toggle).toHaveText('Online');
  await toggle.click();
  await expect(toggle).toHaveText('Offline');
  await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-status', 'offline');
  await page.reload();
  await expect(page.getByTestId('network-toggle')).toHaveText('Offline');
  await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-status', 'offline');
});
