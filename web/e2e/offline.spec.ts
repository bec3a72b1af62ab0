import { expect, heading, test, untilWorksOffline } from './fixtures';

test('after one visit the app starts with no network at all', async ({ page, context }) => {
  await page.goto('/');
  await expect(heading(page, 'Plods')).toBeVisible();
  // clientsClaim: the new worker takes over this page as soon as its precache is complete.
  await untilWorksOffline(page);

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

test('Pause sync says what it does, the state shows once, and the choice is remembered across a reload', async ({
  page,
}) => {
  await page.goto('/');
  const toggle = page.getByTestId('network-toggle');
  const indicator = page.getByTestId('sync-indicator');
  await expect(toggle).toHaveText('Pause sync');
  await expect(indicator).toHaveText('Online');
  await toggle.click();
  await expect(toggle).toHaveText('Resume sync');
  await expect(indicator).toHaveText('Sync paused');
  await expect(indicator).toHaveAttribute('data-status', 'offline');
  // The state is said once: no button reads Offline (the Offline Setup button says what it opens).
  await expect(page.getByRole('button', { name: 'Offline', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Offline Setup' })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('network-toggle')).toHaveText('Resume sync');
  await expect(indicator).toHaveText('Sync paused');
  await page.getByTestId('network-toggle').click();
  await expect(toggle).toHaveText('Pause sync');
  await expect(indicator).toHaveText('Online');
});
