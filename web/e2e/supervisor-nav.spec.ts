import type { Page } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { expect, test } from './fixtures';
import { signInAsSupervisor } from './supervisor-helpers';

// The supervisor menu: a bar of links on a desk, one Menu button on a phone.

test.use({ joined: false });

const PLACES = [
  'Live',
  'Plods',
  'Missing shifts',
  'KPIs',
  'Site Setup',
  'Site Configuration',
  'Contracts',
  'Devices',
];

/** How many lines each of the bar's links takes, by the height of its text against its line. */
function linesOf(page: Page): Promise<Record<string, number>> {
  return page.getByRole('navigation', { name: 'Supervisor menu' }).evaluate((nav) =>
    Object.fromEntries(
      [...nav.querySelectorAll('a')].map((link) => {
        const range = document.createRange();
        range.selectNodeContents(link);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        return [link.textContent ?? '', lines.size];
      }),
    ),
  );
}

test('at desk width the supervisor menu shows every place on one line each; a phone gets the Menu button', async ({
  page,
  errors,
}, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  await signInAsSupervisor(page);
  const nav = page.getByRole('navigation', { name: 'Supervisor menu' });
  for (const place of PLACES)
    await expect(nav.getByRole('link', { name: place, exact: true })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Sign out' })).toBeVisible();
  expect(await linesOf(page)).toEqual(Object.fromEntries(PLACES.map((place) => [place, 1])));
  // One row: every link and Sign out share a top edge.
  const tops = await nav
    .locator('a, button')
    .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);
  await page.screenshot({ path: testInfo.outputPath('supervisor-menu-1366.png') });
  await expectAccessible(page, 'live reports with the supervisor menu at 1366 px');

  await page.setViewportSize({ width: 390, height: 844 });
  const menu = nav.getByRole('button', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(nav.getByRole('link')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('supervisor-menu-390.png') });
  await menu.click();
  for (const place of [...PLACES, 'Sign out'])
    await expect(page.getByRole('menuitem', { name: place, exact: true })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('supervisor-menu-390-open.png') });
  expect(errors).toEqual([]);
});
