import { newReport, saveDemoShift } from './collab-helpers';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, heading, prepareContext } from './fixtures';
import { signInAsSupervisor } from './supervisor-helpers';

// What the plod report's browser tests do: fill in and sign a plod on a phone, and read it at a desk.

/** Shift Details of the plod: the demo site and rig. */
export async function setUpShift(page: Page, id: string): Promise<void> {
  await page.goto(`/plods/${id}/shift-details`);
  await saveDemoShift(page);
}

/** Draws a signature on the pad with the pointer: a wave, then a stroke across it. */
export async function signOnPad(page: Page): Promise<void> {
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  const at = (fx: number, fy: number): [number, number] => [
    box.x + box.width * fx,
    box.y + box.height * fy,
  ];
  await page.mouse.move(...at(0.1, 0.5));
  await page.mouse.down();
  for (let i = 1; i <= 24; i += 1) {
    await page.mouse.move(...at(0.1 + i * 0.03, 0.5 + Math.sin(i / 2.5) * 0.3));
  }
  await page.mouse.up();
  await page.mouse.move(...at(0.3, 0.2));
  await page.mouse.down();
  await page.mouse.move(...at(0.45, 0.85), { steps: 8 });
  await page.mouse.up();
}

/** Shift Completion: certify, sign with the finger and Submit Shift Report. */
export async function signAndSubmit(page: Page, id: string, signer: string): Promise<void> {
  await page.goto(`/plods/${id}/shift-completion`);
  await expect(heading(page, 'Shift Completion')).toBeVisible();
  await page.getByLabel('Signed by').fill(signer);
  await page.getByLabel('I certify the statements above').check();
  await signOnPad(page);
  await page.getByRole('button', { name: 'Submit Shift Report' }).click();
  await expect(page.getByText('Shift Report Submitted')).toBeVisible();
}

/** Complete Shift & Save on the plod's Complete Shift, then signed by `signer` and submitted. */
export async function completeAndSubmit(page: Page, id: string, signer: string): Promise<void> {
  await page.goto(`/plods/${id}/complete-shift`);
  await page.getByRole('button', { name: 'Complete Shift & Save' }).click();
  await expect(heading(page, 'Shift Completion')).toBeVisible();
  await signAndSubmit(page, id, signer);
}

/** A plod this phone starts at the demo site and rig and submits, signed by `signer`; its id. */
export async function submittedPlod(page: Page, signer: string): Promise<string> {
  const id = await newReport(page);
  await setUpShift(page, id);
  await signAndSubmit(page, id, signer);
  return id;
}

/** A supervisor's desk: its own browser at 1366 x 800, signed in on /login. */
export async function openDesk(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 800 },
    serviceWorkers: 'block',
    acceptDownloads: true,
  });
  await prepareContext(context);
  const page = await context.newPage();
  await signInAsSupervisor(page);
  return page;
}

/** Opens a plod from its Live Reports row (the row's name is the link). */
export async function openFromLive(page: Page, id: string): Promise<void> {
  await page.goto('/live');
  await expect(heading(page, 'Live Reports')).toBeVisible();
  await page
    .locator(`[data-testid="live-report"][data-report-id="${id}"]`)
    .getByRole('link')
    .click();
  await expect(page).toHaveURL(new RegExp(`/plods/${id}/report$`));
  await expect(heading(page, 'Plod Report')).toBeVisible();
}

/** Timesheet, survey, maintenance and a hire tool, as another phone's REST calls add them. */
export async function addEntries(request: APIRequestContext, id: string, holeId: string) {
  const post = async (resource: string, data: unknown) => {
    const res = await request.post(`/api/${resource}?shiftSummaryId=${id}`, { data });
    expect(res.status(), await res.text()).toBe(201);
  };
  await post('timesheet-entries', {
    holeId,
    activity: 'drilling',
    startTime: '06:00',
    endTime: '11:30',
    notes: 'first half',
  });
  await post('survey-entries', {
    holeId,
    depth: 5.5,
    azimuth: 275,
    dip: -60,
    method: 'gyroscopic',
  });
  await post('maintenance-entries', {
    description: 'Replaced hydraulic hose',
    timeSpent: 1.5,
    partsUsed: 'Hose 3/4',
  });
  await post('hire-tools-usage', {
    toolName: 'Survey camera',
    quantity: 1,
    hours: 2,
    ratePerHour: 40,
  });
}

/**
 * A plod another phone filled in over REST: the demo site and rig, a hole with a run, and one
 * timesheet, survey, maintenance and hire tool entry. Returns its id.
 */
export async function plodFilledElsewhere(
  request: APIRequestContext,
  holeId: string,
): Promise<string> {
  const named = async <T extends { id: string }>(path: string, key: keyof T, name: string) => {
    const rows = (await (await request.get(path)).json()) as T[];
    const row = rows.find((r) => r[key] === name);
    if (!row) throw new Error(`no ${name} at ${path}`);
    return row.id;
  };
  const siteId = await named<{ id: string; siteName: string }>(
    '/api/sites',
    'siteName',
    'Demo Site',
  );
  const rigId = await named<{ id: string; rigName: string }>('/api/rigs', 'rigName', 'Demo Rig 1');
  const made = await request.post('/api/shift-summaries', {
    data: { siteId, rigId, shiftType: 'day', startTime: '06:00', endTime: '18:00' },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = (await made.json()) as { id: string };
  const hole = await request.post('/api/hole-config', { data: { holeId, constantStickUp: 0 } });
  expect(hole.ok(), await hole.text()).toBe(true);
  const run = await request.post(`/api/run-sheet-entries?shiftSummaryId=${id}`, {
    data: { holeId, stickUp: 1 },
  });
  expect(run.status(), await run.text()).toBe(201);
  await addEntries(request, id, holeId);
  return id;
}
