import type { Page } from '@playwright/test';
import { expect, heading, test } from './fixtures';
import { signInAsSupervisor } from './supervisor-helpers';

test.use({ joined: false });

async function both(page: Page, name: string, full = false) {
  for (const [w, h] of [
    [1366, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(600);
    await page.screenshot({ path: `/tmp/look/${name}-${w}.png`, fullPage: full });
  }
}

test('look', async ({ page, request }) => {
  test.setTimeout(300_000);
  for (let i = 0; i < 30; i += 1) {
    await request.post('/api/shift-summaries', {
      data: {
        date: `2026-03-${String((i % 28) + 1).padStart(2, '0')}`,
        operator: `Ann ${i % 3}`,
        status: i % 4 === 0 ? 'sent' : 'active',
      },
    });
  }
  await signInAsSupervisor(page);
  await page.goto('/live');
  await expect(heading(page, 'Live Reports')).toBeVisible();
  await both(page, 'live');
  await page.goto('/plods');
  await both(page, 'plods');
  await page.goto('/site-setup?tab=crew');
  await both(page, 'crew', true);
  await page.goto('/site-setup?tab=devices');
  await both(page, 'devices', true);
  await page.goto('/site-setup');
  await both(page, 'sites');
  await page.goto('/site-config');
  await both(page, 'site-config');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/live');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: '/tmp/look/menu-390.png' });
});
