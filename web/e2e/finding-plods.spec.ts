import { readFileSync } from 'node:fs';
import type { APIRequestContext, Download, Page, TestInfo } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { expect, heading, test, untilWorksOffline } from './fixtures';
import { names, signInAsSupervisor, signInWithOwnSite } from './supervisor-helpers';

// Issue 17, finding plods: Live Reports and Plods filter by date range, site, rig, driller and
// status, kept in the address (a reload and a shared link keep them), 25 plods a page.

// The supervisor's browser is not a crew device: it starts fresh and signs in.
test.use({ joined: false });

/** Pictures the screen, and checks it meets WCAG 2.2 AA. */
async function shot(page: Page, info: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });
  await expectAccessible(page, name);
}

/** Plods made on the server, as crew phones make them: one a day from 2026-03-01, for `driller`. */
async function makePlods(
  request: APIRequestContext,
  driller: string,
  count: number,
  fields: Record<string, unknown> = {},
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const day = `2026-03-${String((i % 28) + 1).padStart(2, '0')}`;
    const made = await request.post('/api/shift-summaries', {
      data: { date: day, shiftType: 'day', operator: driller, ...fields },
    });
    expect(made.status(), await made.text()).toBe(201);
    ids.push(((await made.json()) as { id: string }).id);
  }
  return ids;
}

const rows = (page: Page) => page.getByTestId('live-report');

/** On a phone the filters sit behind one button: opens them when they are. */
async function openFilters(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: /^(Filter plods|Filters \(\d+ on\))$/ });
  const driller = page.getByLabel('Driller', { exact: true });
  // A phone shows the button, a desk the fields themselves: whichever the page drew.
  await expect(button.or(driller)).toBeVisible();
  if (await button.isVisible()) await button.click();
  await expect(driller).toBeVisible();
}
const range = (page: Page) => page.getByTestId('page-range');

/** A desk's list at `path` (its heading `title`), with its filters open. */
async function filtersOn(page: Page, path: string, title: string): Promise<void> {
  await page.goto(path);
  await expect(heading(page, title)).toBeVisible();
  await openFilters(page);
}

test('Live Reports: filters go into the address, narrow the list, survive a reload, and page', async ({
  page,
  request,
  errors,
}, testInfo) => {
  test.setTimeout(180_000);
  const driller = `Driller ${names().member}`;
  const other = `Other ${names().member}`;
  await makePlods(request, driller, 30);
  await makePlods(request, other, 3);

  await signInAsSupervisor(page);
  await filtersOn(page, '/live', 'Live Reports');

  // The driller narrows the list to their 30 plods: 25 on the first page.
  await page.getByLabel('Driller', { exact: true }).selectOption(driller);
  await expect(range(page)).toHaveText('1-25 of 30 plods');
  await expect(rows(page)).toHaveCount(25);
  await expect(page).toHaveURL(/[?&]driller=Driller\+/);

  // A typed date range narrows it further; a day that does not exist is refused beside the field.
  const from = page.getByLabel('From', { exact: true });
  await from.fill('2026-02-30');
  await from.press('Enter');
  await expect(page.getByText('Enter a real date as YYYY-MM-DD')).toBeVisible();
  await from.fill('3/5/2026');
  await from.press('Enter');
  await expect(from).toHaveValue('2026-03-05');
  const to = page.getByLabel('To', { exact: true });
  await to.fill('2026-03-20');
  await to.press('Enter');
  // Days 5-20 of March: the first 28 plods hold days 1-28, the last two days 1-2.
  await expect(range(page)).toHaveText('1-16 of 16 plods');
  await expect(page).toHaveURL(/from=2026-03-05&to=2026-03-20/);
  await expect(page.getByTestId('live-total-count')).toHaveText('16');
  await shot(page, testInfo, 'live-filtered');

  // A reload (or the same link in another browser) shows the same plods.
  await page.reload();
  await expect(range(page)).toHaveText('1-16 of 16 plods');
  await openFilters(page);
  await expect(page.getByLabel('From', { exact: true })).toHaveValue('2026-03-05');
  await expect(page.getByLabel('Driller', { exact: true })).toHaveValue(driller);

  // Paging: without the dates, 30 plods are two pages; the page is in the address too.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByLabel('Driller', { exact: true }).selectOption(driller);
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(range(page)).toHaveText('26-30 of 30 plods');
  await expect(rows(page)).toHaveCount(5);
  await expect(page).toHaveURL(/page=2/);
  await page.reload();
  await expect(range(page)).toHaveText('26-30 of 30 plods');

  // A bad day in a shared link says so beside its field and filters nothing by it.
  await page.goto(`/live?to=2026-13-01&driller=${encodeURIComponent(other)}`);
  await expect(page.getByText('Enter a real date as YYYY-MM-DD')).toBeVisible();
  await expect(range(page)).toHaveText('1-3 of 3 plods');
  expect(errors).toEqual([]);
});

test('Plods: the tab, filters and page are kept in the address', async ({
  page,
  request,
  errors,
}, testInfo) => {
  test.setTimeout(180_000);
  const driller = `Crew ${names().member}`;
  await makePlods(request, driller, 27, { status: 'sent' });
  await makePlods(request, driller, 2);

  await signInAsSupervisor(page);
  await filtersOn(page, '/plods', 'Plods');
  await page.getByLabel('Driller', { exact: true }).selectOption(driller);
  await page.getByRole('tab', { name: /^Sent/ }).click();
  await expect(page.getByRole('tab', { name: 'Sent (27)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Active (2)' })).toBeVisible();
  await expect(range(page)).toHaveText('1-25 of 27 plods');
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(range(page)).toHaveText('26-27 of 27 plods');
  await expect(page.getByTestId('report-card')).toHaveCount(2);
  await shot(page, testInfo, 'plods-filtered');

  await page.reload();
  await expect(page.getByRole('tab', { name: 'Sent (27)' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(range(page)).toHaveText('26-27 of 27 plods');
  await expect(page).toHaveURL(/tab=sent/);
  expect(errors).toEqual([]);
});

test('a filtered Live Reports page follows new plods, and shows the same plods offline after a reload', async ({
  page,
  context,
  request,
  errors,
}) => {
  test.setTimeout(180_000);
  const driller = `Offline ${names().member}`;
  await makePlods(request, driller, 3);
  await signInAsSupervisor(page);
  // The service worker lets the app start again with no network.
  await untilWorksOffline(page);

  await page.goto(`/live?driller=${encodeURIComponent(driller)}`);
  await expect(range(page)).toHaveText('1-3 of 3 plods');
  // A crew makes one more: the page shows it without a reload.
  const [added] = await makePlods(request, driller, 1);
  const row = page.locator(`[data-testid="live-report"][data-report-id="${added}"]`);
  await expect(row).toBeVisible();
  await expect(range(page)).toHaveText('1-4 of 4 plods');

  // No signal: the page comes back from this browser's own copy, filter and all.
  await context.setOffline(true);
  await page.reload();
  await expect(heading(page, 'Live Reports')).toBeVisible();
  await expect(range(page)).toHaveText('1-4 of 4 plods');
  await expect(row).toBeVisible();
  await expect(page.getByTestId('live-total-count')).toHaveText('4');
  await context.setOffline(false);
  const offlineSocket = /^console: WebSocket connection to .* net::ERR_INTERNET_DISCONNECTED$/;
  expect(errors.filter((error) => !offlineSocket.test(error))).toEqual([]);
});

/** The text of a file the page downloads when `click` runs. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return download;
}

test('the summary export and the site export take the filter on screen', async ({
  page,
  request,
  errors,
}) => {
  test.setTimeout(180_000);
  // A site (a supervisor's) with ten submitted plods on March 1-10 (a crew's); the filter keeps 3-6.
  const n = await signInWithOwnSite(page);
  const sites = (await (await request.get('/api/sites')).json()) as {
    id: string;
    siteName: string;
  }[];
  const siteId = sites.find((s) => s.siteName === n.site)?.id;
  expect(siteId).toBeDefined();
  await makePlods(request, n.member, 10, { siteId, status: 'sent' });

  await filtersOn(page, '/live', 'Live Reports');
  await page.getByLabel('Site', { exact: true }).selectOption({ label: n.site });
  for (const [label, day] of [
    ['From', '2026-03-03'],
    ['To', '2026-03-06'],
  ] as const) {
    await page.getByLabel(label, { exact: true }).fill(day);
    await page.getByLabel(label, { exact: true }).press('Enter');
  }
  await expect(range(page)).toHaveText('1-4 of 4 plods');

  // One row per plod shown, newest first.
  const csv = await downloaded(page, () => page.getByRole('link', { name: 'Export CSV' }).click());
  expect(csv.suggestedFilename()).toMatch(/^PLOD_Summary_\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync(await csv.path(), 'utf8')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('Date,Shift,Site,Rig,Driller,Metres,Hours,Holes,Status,Approved by');
  expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([
    '2026-03-06',
    '2026-03-05',
    '2026-03-04',
    '2026-03-03',
  ]);

  // The site's sectioned export holds the same four plods, not the site's ten.
  const sectioned = await downloaded(page, () =>
    page.getByRole('button', { name: 'Site CSV (all sections)' }).click(),
  );
  const text = readFileSync(await sectioned.path(), 'utf8');
  expect(text.match(/^REPORT,\d+ of \d+/gm)).toEqual([
    'REPORT,1 of 4',
    'REPORT,2 of 4',
    'REPORT,3 of 4',
    'REPORT,4 of 4',
  ]);
  expect(errors).toEqual([]);
});
