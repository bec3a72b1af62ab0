import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { heading, joinThroughUi, prepareContext, restingDialog } from './fixtures';

/** A phone: its own browser context (storage, network) at the app's design size. */
export interface Phone {
  context: BrowserContext;
  page: Page;
}

/** A new report made on the server, as another phone or the REST API would make it. */
export async function createReport(
  request: APIRequestContext,
  fields: { date?: string } = {},
): Promise<string> {
  const response = await request.post('/api/shift-summaries', { data: fields });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { id: string };
  return body.id;
}

/** A plod another phone made and sent, on the server. */
export async function createSentReport(
  request: APIRequestContext,
  fields: { date?: string } = {},
): Promise<string> {
  const id = await createReport(request, fields);
  expect((await request.put(`/api/shift-summaries/${id}`, { data: { status: 'sent' } })).ok()).toBe(
    true,
  );
  return id;
}

/** The operator a plod has on the server (null until the server has the plod). */
export async function operatorOnServer(
  request: APIRequestContext,
  id: string,
): Promise<string | null> {
  const response = await request.get(`/api/shift-summaries/${id}`);
  return response.ok() ? ((await response.json()) as { operator: string | null }).operator : null;
}

/**
 * A new phone: its own browser context, joined through the Join screen as `name` (the name its
 * crewmates see beside their screens). `network` sets up the phone's network before it first loads
 * the app (a connection that fails, say); `baseURL` reaches the server another way (a link that
 * can go dead).
 */
export async function openPhone(
  browser: Browser,
  name: string,
  network?: (context: BrowserContext) => Promise<void>,
  baseURL?: string,
): Promise<Phone> {
  const context = await phoneContext(browser, baseURL);
  await network?.(context);
  const page = await context.newPage();
  await joinThroughUi(page, name);
  return { context, page };
}

/**
 * A phone's own browser context at the app's design size, not yet joined; `baseURL` reaches the
 * server another way.
 */
export async function phoneContext(browser: Browser, baseURL?: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    ...(baseURL ? { baseURL } : {}),
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    // A service worker would keep serving the previous build between runs; these tests are about sync.
    serviceWorkers: 'block',
  });
  await prepareContext(context);
  return context;
}

/** Phones of the given names, opened and joined one after the other (as `openPhone` does). */
export async function openPhones<const Names extends readonly string[]>(
  browser: Browser,
  ...names: Names
): Promise<{ -readonly [K in keyof Names]: Phone }> {
  const phones: Phone[] = [];
  for (const name of names) phones.push(await openPhone(browser, name));
  // One phone for each name, in the names' order.
  return phones as { -readonly [K in keyof Names]: Phone };
}

/** Closes the phones' browser contexts, one after the other. */
export async function closePhones(...phones: Phone[]): Promise<void> {
  for (const phone of phones) await phone.context.close();
}

const PLOD_URL = /\/plods\/([0-9a-f-]{36})(?:\/|$|\?)/;

/** The id of the plod whose address the page is at. */
export function plodIdOf(page: Page): string {
  const id = PLOD_URL.exec(page.url())?.[1];
  if (!id) throw new Error(`not at a plod's address: ${page.url()}`);
  return id;
}

/** New Report on the Plods list: it opens at the new plod's address, whose id this returns. */
export async function newReport(page: Page): Promise<string> {
  await page.goto('/');
  await page.getByRole('button', { name: 'New Report' }).click();
  await expect(page).toHaveURL(PLOD_URL);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Drill Report Dashboard' }),
  ).toBeVisible();
  return plodIdOf(page);
}

/** A plod's card on the Plods list. */
export function plodCard(page: Page, id: string) {
  return page.locator(`[data-testid="report-card"][data-report-id="${id}"]`);
}

/** Opens a plod from the Plods list by tapping its card (its Drill Report Dashboard). */
export async function openFromList(page: Page, id: string): Promise<void> {
  await page.goto('/');
  await plodCard(page, id).getByTestId('open-plod').click();
  await expect(page).toHaveURL(new RegExp(`/plods/${id}$`));
  // Open once its dashboard shows (the document read from this phone's copy or the server).
  await expect(page.getByTestId('report-header')).toBeVisible();
}

/** A label unlikely to clash with holes other tests register on the same server. */
export function uniqueHoleId(prefix: string): string {
  return `${prefix}-${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`;
}

/** Fills in Setup New Diamond Drilling Hole and starts drilling. */
export async function startHole(page: Page, holeId: string): Promise<void> {
  const form = page.getByTestId('new-hole-form');
  await form.getByLabel('Hole ID').fill(holeId);
  await form.getByRole('button', { name: 'Start Drilling' }).click();
  await expect(page.getByTestId('hole-status')).toContainText(holeId);
}

/** Adds a run through the Add Run modal. */
export async function addRunInModal(
  page: Page,
  run: { rodAdded?: boolean; stickUp?: string; ori?: boolean; notes?: string } = {},
): Promise<void> {
  await page.getByRole('button', { name: 'Add New Run' }).click();
  const dialog = await restingDialog(page);
  if (run.rodAdded === false) await dialog.getByLabel('No - No Rod').check();
  if (run.stickUp !== undefined) await dialog.getByLabel('Variable Stick-up (m)').fill(run.stickUp);
  if (run.ori) await dialog.getByLabel('Ori Tool Used (+0.4m)').check();
  if (run.notes) await dialog.getByLabel('Notes').fill(run.notes);
  await dialog.getByRole('button', { name: 'Add Run' }).click();
  await expect(dialog).toBeHidden();
}

/** The runs (a line on a phone, its details hidden until tapped; a table row on a desk) as text: [run #, from, to, length, rod, ori, notes]. */
export async function runRows(page: Page): Promise<string[][]> {
  return page
    .getByTestId('run-row')
    .evaluateAll((rows) =>
      rows.map((row) =>
        Array.from(row.querySelectorAll('[data-cell]')).map((cell) => cell.textContent ?? ''),
      ),
    );
}

/**
 * How each run's line on a phone is laid out: its height, its cells, and how far apart the middles
 * of its parts (cells and badges) stand from top to bottom (0 when side by side).
 */
export function runLineLayouts(
  page: Page,
): Promise<({ height: number; cells: number; spread: number } | null)[]> {
  return page.getByTestId('run-row').evaluateAll((rows) =>
    rows.map((row) => {
      const line = row.querySelector('button[aria-expanded]');
      if (!line) return null;
      const parts = [
        ...Array.from(line.querySelectorAll('[data-cell]')),
        ...Array.from(line.querySelectorAll('.mantine-Badge-root')),
      ].map((part) => part.getBoundingClientRect());
      const middles = parts.map((rect) => rect.top + rect.height / 2);
      return {
        height: line.getBoundingClientRect().height,
        cells: line.querySelectorAll('[data-cell]').length,
        spread: Math.max(...middles) - Math.min(...middles),
      };
    }),
  );
}

/** A run's line on a phone: the button that opens it, named "Run 3, 5.5 to 8.0 m, 2.5 m, ...". */
export function runLine(page: Page, runNumber: number): Locator {
  return page.getByRole('button', { name: new RegExp(`^Run ${runNumber}\\b`) });
}

/** Taps a run's line on a phone (unless it is open already): its details, Edit and Delete show. */
export async function openRun(page: Page, runNumber: number): Promise<void> {
  const line = runLine(page, runNumber);
  if ((await line.getAttribute('aria-expanded')) !== 'true') await line.click();
  await expect(line).toHaveAttribute('aria-expanded', 'true');
  // Open once the details have finished sliding down (as a person sees them): while they slide,
  // the panel has a fixed height and clips what is below it.
  const details = page.getByTestId('run-row').filter({ has: line }).getByRole('region');
  await expect(details).toHaveCSS('overflow', 'visible');
  await expect(details).toHaveCSS('opacity', '1');
}

/** Edit Shift Report of the plod, as the Plods list's card opens it. */
export async function editFromList(page: Page, id: string): Promise<void> {
  await plodCard(page, id).getByRole('link', { name: 'Edit Report' }).click();
  await expect(page.getByTestId('report-number')).toHaveText(`Report #${id}`);
}

/**
 * On Shift Details: the demo site and rig (and the level, when given), then Save & Continue on to
 * Crew Assignment.
 */
export async function saveDemoShift(page: Page, shift: { level?: string } = {}): Promise<void> {
  await page.getByLabel('Site').selectOption({ label: 'Demo Site' });
  await page.getByLabel('Rig').selectOption({ label: 'Demo Rig 1' });
  if (shift.level !== undefined) await page.getByLabel('Level').fill(shift.level);
  await page.getByRole('button', { name: 'Save & Continue' }).click();
  await expect(heading(page, 'Crew Assignment')).toBeVisible();
}

/** A new phone joins the crew and starts a plod: New Report, whose id this returns. */
export async function joinAndStartPlod(page: Page, deviceName: string): Promise<string> {
  await joinThroughUi(page, deviceName);
  return newReport(page);
}

/**
 * Joins as `deviceName`, starts a plod and saves its Shift Details (opened from the plod's
 * dashboard) at the demo site and rig; the plod's id.
 */
export async function joinAndSetUpShift(
  page: Page,
  deviceName: string,
  shift: { level?: string } = {},
): Promise<string> {
  const id = await joinAndStartPlod(page, deviceName);
  await page.getByRole('link', { name: /Shift Details/ }).click();
  await saveDemoShift(page, shift);
  return id;
}

/**
 * Joins as `deviceName`, starts a plod, opens Run Sheets and starts a hole there, named after
 * `prefix`; the hole's id.
 */
export async function joinAndStartHole(
  page: Page,
  deviceName: string,
  prefix: string,
): Promise<string> {
  await joinAndStartPlod(page, deviceName);
  await page.goto('/run-sheets');
  const holeId = uniqueHoleId(prefix);
  await startHole(page, holeId);
  return holeId;
}

/** Loses signal: the browser's network goes off, then the screen's Pause sync. */
export async function pauseSync(phone: Phone): Promise<void> {
  await phone.context.setOffline(true);
  await phone.page.getByTestId('network-toggle').click();
  await expect(phone.page.getByTestId('network-toggle')).toHaveText('Resume sync');
}

/** Signal again: the browser's network comes back, the phone opens `path` if given, Resume sync. */
export async function resumeSync(phone: Phone, path?: string): Promise<void> {
  await phone.context.setOffline(false);
  if (path !== undefined) await phone.page.goto(path);
  await phone.page.getByTestId('network-toggle').click();
  await expect(phone.page.getByTestId('network-toggle')).toHaveText('Pause sync');
}
