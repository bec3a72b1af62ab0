import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { newReport, openPhone } from './collab-helpers';
import { expect, test } from './fixtures';

// Issue 15, point 2: never write what the user did not change. A phone whose site and rig lists
// never downloaded opens Shift Details, changes only the end time and saves: the plod keeps its site
// and rig for everyone (before, both became null once it synced).

interface Summary {
  siteId: string | null;
  rigId: string | null;
  site: string | null;
  rig: string | null;
  endTime: string | null;
}

async function summary(request: APIRequestContext, id: string): Promise<Summary> {
  const response = await request.get(`/api/shift-summaries/${id}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Summary;
}

/**
 * The phone's download of the reference lists (the `setup` document: sites, rigs, crew, tools) never
 * gets through, as on a link that drops that one connection; everything else syncs. `open()` lets it
 * through again.
 */
function listsThatNeverArrive() {
  let blocked = true;
  return {
    install: (context: BrowserContext) =>
      context.routeWebSocket(
        (url) => url.pathname === '/sync/setup',
        (ws) => {
          if (blocked) ws.close();
          else ws.connectToServer();
        },
      ),
    open: () => {
      blocked = false;
    },
  };
}

test('a phone without the site lists saves Shift Details: site and rig stay as they were', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const alex = await openPhone(browser, 'Alex phone');
  const lists = listsThatNeverArrive();
  const sam = await openPhone(browser, 'Sam phone', lists.install);

  // Alex starts the plod on Demo Site, Demo Rig 1.
  const id = await newReport(alex.page);
  await alex.page.getByRole('link', { name: /Shift Details/ }).click();
  await alex.page.getByLabel('Site').selectOption({ label: 'Demo Site' });
  await alex.page.getByLabel('Rig').selectOption({ label: 'Demo Rig 1' });
  await alex.page.getByRole('button', { name: 'Save & Continue' }).click();
  await expect.poll(async () => (await summary(request, id)).site).toBe('Demo Site');
  const before = await summary(request, id);

  // Sam opens the plod by its link and its Shift Details with signal, then loses it. (This phone
  // blocks the service worker, so screens load while online.)
  await sam.page.goto(`/plods/${id}`);
  await expect(sam.page.getByTestId('report-header')).toContainText('Demo Site - Demo Rig 1');
  await sam.page.getByRole('link', { name: /Shift Details/ }).click();
  await expect(sam.page.getByLabel('End Time')).toBeVisible();
  await sam.context.setOffline(true);
  await sam.page.getByLabel('End Time').selectOption({ label: '5:30 PM' });
  await sam.page.screenshot({ path: testInfo.outputPath('no-lists.png'), fullPage: true });
  await sam.page.getByRole('button', { name: 'Save & Continue' }).click();
  // Save & Continue goes on to the shift's next step.
  await expect(sam.page).toHaveURL(new RegExp(`/plods/${id}/crew$`));

  // Signal again: the end time reaches the server, and the site and rig are untouched.
  await sam.context.setOffline(false);
  await expect.poll(async () => (await summary(request, id)).endTime).toBe('17:30');
  expect(await summary(request, id)).toMatchObject({
    siteId: before.siteId,
    rigId: before.rigId,
    site: 'Demo Site',
    rig: 'Demo Rig 1',
  });
  await alex.page.goto(`/plods/${id}`);
  await expect(alex.page.getByTestId('report-header')).toContainText('Demo Site - Demo Rig 1');

  // The screen says the lists are missing and offers Download Data; once they arrive, they show.
  // (The phone also tries again by itself within seconds of the link coming back, so the lists may
  // arrive before a tap: reference-data-prompt.spec.ts taps Download Data with the lists held.)
  await sam.page.goto(`/plods/${id}`);
  await expect(sam.page.getByTestId('report-header')).toContainText('Demo Site - Demo Rig 1');
  await sam.page.getByRole('link', { name: /Shift Details/ }).click();
  const missing = sam.page.getByTestId('lists-missing');
  await expect(missing).toContainText('not on this phone');
  await expect(sam.page.getByLabel('Site', { exact: true })).toHaveValue(before.siteId ?? '');
  await expect(missing.getByRole('button', { name: 'Download Data' })).toBeEnabled();
  lists.open();
  await expect(missing).toBeHidden();
  await expect(sam.page.getByLabel('Rig', { exact: true }).locator('option')).toContainText([
    'Demo Rig 1',
  ]);

  await alex.context.close();
  await sam.context.close();
});
