import type { Page } from '@playwright/test';
import { expectAccessible } from './accessibility';
import {
  addRunInModal,
  newReport,
  plodCard,
  startHole,
  uniqueHoleId,
  saveDemoShift,
} from './collab-helpers';
import { expect, heading, joinThroughUi, test, untilWorksOffline, PHONE } from './fixtures';

// Issue 28 point 7, no placeholder values. A crew phone's cold start with no signal showed
// "No site - No rig, Day Shift, DRILLED 0.0 m" for a moment before the plod's own values: a screen
// waits for its first read of the phone's copy before it draws a plod. What the phone shows is
// recorded from the first moment of each load (everything a person could have seen), and none of
// it may be a placeholder where the plod has a value.

test.use({ ...PHONE, joined: false });

/** Elements whose text is recorded, each under its test id (and its plod's id, on a plod's card). */
const WATCHED = [
  'report-card',
  'saved-report',
  'active-saved-report',
  'active-status',
  'report-header',
  'last-shift-summary',
  'header-shift-total',
  'hole-status',
  'runs-empty',
  'new-hole-form',
];

interface Shown {
  key: string;
  text: string;
}

/**
 * From the start of every load of the page: each text the body and the watched elements show,
 * in order, kept in `window.__shown` (a MutationObserver sees every change the page commits).
 */
async function recordWhatShows(page: Page): Promise<void> {
  await page.addInitScript((watched: string[]) => {
    const shown: Shown[] = [];
    const last = new Map<string, string>();
    Object.assign(window, { __shown: shown });
    const note = (key: string, element: HTMLElement) => {
      const text = element.innerText.replace(/\s+/g, ' ');
      if (last.get(key) === text) return;
      last.set(key, text);
      shown.push({ key, text });
    };
    const look = () => {
      if (document.body) note('body', document.body);
      for (const testId of watched) {
        document.querySelectorAll<HTMLElement>(`[data-testid="${testId}"]`).forEach((element) => {
          const link = element.querySelector('a[href^="/plods/"]')?.getAttribute('href');
          const plod = element.dataset.reportId ?? link?.split('/')[2];
          note(plod ? `${testId}:${plod}` : testId, element);
        });
      }
    };
    new MutationObserver(look).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  }, WATCHED);
}

/** Every text `key` showed since the page loaded. */
async function shownAt(page: Page, key: string): Promise<string[]> {
  const shown = await page.evaluate(() => (window as unknown as { __shown: Shown[] }).__shown);
  return shown.filter((entry) => entry.key === key).map((entry) => entry.text);
}

/** The texts `key` showed that contain any of `placeholders`: none is expected. */
async function placeholdersAt(page: Page, key: string, placeholders: string[]): Promise<string[]> {
  return (await shownAt(page, key)).filter((text) => placeholders.some((p) => text.includes(p)));
}

test('an offline cold start draws the plod from the phone copy, never placeholder values first', async ({
  page,
  errors,
}) => {
  test.setTimeout(180_000);
  await joinThroughUi(page, 'First Paint Phone');
  // The app itself must load with no signal: the service worker serves it.
  await untilWorksOffline(page);

  // With signal: a day-shift plod with no site yet, which the server's plods list (the reports
  // index on this phone) holds as "No site - No rig · Day Shift · 0.0 m".
  const id = await newReport(page);
  await page.goto(`/plods/${id}/shift-details`);
  await page.getByText('Day', { exact: true }).click();
  await page.getByRole('button', { name: 'Save & Continue' }).click();
  await expect(heading(page, 'Crew Assignment')).toBeVisible();
  await page.goto('/');
  await expect(plodCard(page, id)).toContainText('No site - No rig');
  await expect(plodCard(page, id)).toContainText('Day Shift');
  await expect(page.getByTestId('sync-indicator')).toHaveText('Online');

  // With no signal: the night shift at the demo site and rig, and a 3.0 m run. Only the phone has
  // these: the list's row for the plod is now older than the plod.
  await page.context().setOffline(true);
  await page.goto(`/plods/${id}/shift-details`);
  await page.getByText('Night', { exact: true }).click();
  await saveDemoShift(page);
  await page.goto(`/plods/${id}/run-sheets`);
  const holeId = uniqueHoleId('FP');
  await startHole(page, holeId);
  await addRunInModal(page);
  await expect(page.getByTestId('header-shift-total')).toHaveText('3.0 m');

  // Each screen that draws the plod, loaded afresh with no signal.
  await recordWhatShows(page);
  const plodPlaceholders = ['No site', 'No rig', 'Day Shift', '0.0 m'];

  // The Plods list: the plod's card, and Start from last shift.
  await page.goto('/');
  const card = plodCard(page, id);
  await expect(card).toContainText('Demo Site - Demo Rig 1');
  await expect(card).toContainText('Night Shift');
  await expect(card).toContainText('3.0 m');
  await expect(page.getByTestId('last-shift-summary')).toContainText(holeId);
  expect(await placeholdersAt(page, `report-card:${id}`, plodPlaceholders)).toEqual([]);
  expect(await placeholdersAt(page, 'body', ['No active reports'])).toEqual([]);
  // Never another plod's summary first.
  const summaries = await shownAt(page, 'last-shift-summary');
  expect(summaries.filter((text) => !text.includes(holeId))).toEqual([]);
  await expectAccessible(page, 'the plods list, offline');

  // The dashboard: the current plod (Active Saved Report, the hole being drilled) and the latest
  // saved plods.
  await page.goto('/dashboard');
  await expect(page.getByTestId('active-saved-report')).toContainText('Demo Site - Demo Rig 1');
  await expect(page.getByTestId('active-status')).toHaveText('DRILLING');
  await expect(page.getByTestId('active-hole')).toContainText(holeId);
  await expect(page.getByTestId('saved-report').first()).toBeVisible();
  expect(
    await placeholdersAt(page, 'active-saved-report', ['No report in progress', 'No site']),
  ).toEqual([]);
  expect(await placeholdersAt(page, 'active-status', ['STANDBY'])).toEqual([]);
  expect(await placeholdersAt(page, 'body', ['No saved reports yet'])).toEqual([]);
  expect(await placeholdersAt(page, `saved-report:${id}`, plodPlaceholders)).toEqual([]);
  await expectAccessible(page, 'the dashboard, offline');

  // The plod's own screens, at its address and at the plain route to the current plod.
  await page.goto(`/plods/${id}`);
  await expect(page.getByTestId('report-header')).toContainText('Demo Site - Demo Rig 1');
  await expect(page.getByTestId('report-header')).toContainText('Night Shift');
  expect(await placeholdersAt(page, 'report-header', plodPlaceholders)).toEqual([]);
  for (const path of [`/plods/${id}/run-sheets`, '/run-sheets']) {
    await page.goto(path);
    await expect(page.getByTestId('hole-status')).toContainText(holeId);
    await expect(page.getByTestId('header-shift-total')).toHaveText('3.0 m');
    expect(await placeholdersAt(page, 'header-shift-total', ['0.0 m'])).toEqual([]);
    expect(await shownAt(page, 'runs-empty')).toEqual([]);
    expect(await shownAt(page, 'new-hole-form')).toEqual([]);
  }

  // The only complaints were the browser's attempts to reach the server with no network.
  const offlineSocket = /^console: WebSocket connection to .* net::ERR_INTERNET_DISCONNECTED$/;
  expect(errors.filter((error) => !offlineSocket.test(error))).toEqual([]);
});
