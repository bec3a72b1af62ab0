import { expect, heading, test } from './fixtures';

test.use({ serviceWorkers: 'block' });

// Kept as artifacts under test-results/screenshots for a person to look at after each run.
const SHOTS = [
  { path: '/', title: 'Plods', file: 'reports-list' },
  { path: '/dashboard', title: 'Drilling Operations', file: 'dashboard' },
  { path: '/main-menu', title: 'Main Menu', file: 'main-menu' },
  { path: '/privacy', title: 'Privacy Policy', file: 'privacy' },
  { path: '/nowhere', title: '404 Page Not Found', file: 'not-found' },
];

test('screenshots of the main screens', async ({ page }, testInfo) => {
  for (const shot of SHOTS) {
    await page.goto(shot.path);
    await expect(heading(page, shot.title)).toBeVisible();
    await page.screenshot({
      path: `test-results/screenshots/${testInfo.project.name}-${shot.file}.png`,
      fullPage: shot.file === 'privacy',
    });
  }
});
