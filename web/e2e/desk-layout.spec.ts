import type { Page, TestInfo } from '@playwright/test';
import { createReport } from './collab-helpers';
import { expectAccessible } from './accessibility';
import { expect, heading, test } from './fixtures';
import { addOnTab, names, signInToSiteSetup } from './supervisor-helpers';

// Issue 17, desk layout: at desk width the supervisor's lists are tables (plods, rigs, crew, tools,
// devices); on a phone they are cards. Neither size scrolls sideways. The pictures are kept under
// the test's output for a person to look at.

test.use({ joined: false });

const SIZES = [
  { width: 1366, height: 800, desk: true },
  { width: 390, height: 844, desk: false },
] as const;

/** The page is no wider than the window (a table may scroll inside its own box). */
async function fitsWidth(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Pictures the screen, and checks it meets WCAG 2.2 AA at that size. */
async function shot(page: Page, info: TestInfo, name: string, width: number): Promise<void> {
  await page.screenshot({ path: info.outputPath(`${name}-${width}.png`), fullPage: true });
  await expectAccessible(page, `${name} at ${width} px`);
}

test('supervisor lists are tables at desk width and cards on a phone', async ({
  page,
  request,
  errors,
}, testInfo) => {
  test.setTimeout(180_000);
  const n = names();
  const plodId = await createReport(request);
  const named = await request.patch(`/api/shift-summaries/${plodId}`, {
    data: { operator: n.member, date: '2026-03-04' },
  });
  expect(named.status()).toBe(200);
  await signInToSiteSetup(page);
  await addOnTab(page, 'Rigs', 'Add Rig', { 'Rig name': n.rig, 'Rig number': '42' });
  await addOnTab(page, 'Crew', 'Add Crew Member', { 'Crew member name': n.member });
  await addOnTab(page, 'Hire Tools', 'Add Hire Tool', {
    'Tool name': n.tool,
    'Rate per hour ($)': '35.5',
  });

  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    const table = (name: string) => page.getByRole('table', { name, exact: true });
    const shows = async (name: string) => {
      if (size.desk) await expect(table(name)).toBeVisible();
      else await expect(table(name)).toHaveCount(0);
      await fitsWidth(page);
    };

    await page.goto(`/live?driller=${encodeURIComponent(n.member)}`);
    await expect(heading(page, 'Live Reports')).toBeVisible();
    await expect(page.getByTestId('live-report')).toHaveCount(1);
    await shows('Live reports');
    await shot(page, testInfo, 'live', size.width);

    await page.goto(`/plods?driller=${encodeURIComponent(n.member)}`);
    await expect(heading(page, 'Plods')).toBeVisible();
    await expect(page.getByTestId('report-card')).toHaveCount(1);
    await shows('Plods');
    await shot(page, testInfo, 'plods', size.width);

    await page.goto('/site-setup');
    await expect(heading(page, 'Site Setup')).toBeVisible();
    for (const [tab, list, item] of [
      ['Rigs', 'Rig list', n.rig],
      ['Crew', 'Crew member list', n.member],
      ['Hire Tools', 'Hire tool list', n.tool],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tabpanel').getByText(item, { exact: true })).toBeVisible();
      await shows(list);
    }
    await page.getByRole('tab', { name: 'Devices' }).click();
    await expect(page.getByTestId('crew-access-code')).toBeVisible();
    await shows('Joined devices');
    await shot(page, testInfo, 'devices', size.width);

    await page.goto('/site-config');
    await expect(heading(page, 'Site Configuration & PLOD Management')).toBeVisible();
    await fitsWidth(page);
    await shot(page, testInfo, 'site-config', size.width);
  }
  expect(errors).toEqual([]);
});
