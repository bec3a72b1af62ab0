import type { APIRequestContext } from '@playwright/test';
import { expect, heading, test, untilWorksOffline } from './fixtures';
import { addOnTab, addSite, names, signInToSiteSetup } from './supervisor-helpers';

// Site Setup works offline for a signed-in supervisor: sites, rigs, crew and hire tools are the
// setup document, kept on the device and synced by the relay when there is signal again.

// The supervisor's browser is not a crew device: it starts fresh and signs in.
test.use({ joined: false });

interface SetupRow {
  id: string;
  siteId?: string;
  siteName?: string;
  rigName?: string;
  memberName?: string;
}

/** A setup collection as the server holds it (asked with the crew device's token). */
async function serverRows(request: APIRequestContext, path: string): Promise<SetupRow[]> {
  const response = await request.get(path);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as SetupRow[];
}

test('a supervisor adds a rig and a crew member with no signal; they survive an offline restart and reach the server', async ({
  page,
  context,
  request,
  errors,
}) => {
  test.setTimeout(120_000);
  const n = names();
  await signInToSiteSetup(page);
  // The service worker takes over once its precache is complete: from then on the app can start
  // with no network at all. Waited for within the test's budget: the precache (about 1.4 MB) took
  // over 15 s beside another build.
  await untilWorksOffline(page);

  // A site, made with signal: the server has it.
  await addSite(page, n.site);
  let siteId = '';
  await expect
    .poll(async () => {
      const sites = await serverRows(request, '/api/sites');
      siteId = sites.find((site) => site.siteName === n.site)?.id ?? '';
      return siteId;
    })
    .not.toBe('');

  // No signal: a rig and a crew member on that site.
  await context.setOffline(true);
  const status = page.getByTestId('sync-indicator');
  await expect(status).toHaveAttribute('data-status', 'offline');
  await page.getByLabel('Site', { exact: true }).selectOption({ label: n.site });
  await addOnTab(page, 'Rigs', 'Add Rig', { 'Rig name': n.rig, 'Rig number': '17' });
  await addOnTab(page, 'Crew', 'Add Crew Member', { 'Crew member name': n.member });
  expect((await serverRows(request, '/api/rigs')).map((rig) => rig.rigName)).not.toContain(n.rig);

  // The app starts again with no network: the screen, the sign-in and the setup document all come
  // from the device.
  await page.reload();
  await expect(heading(page, 'Site Setup')).toBeVisible();
  await expect(status).toHaveAttribute('data-status', 'offline');
  await page.getByLabel('Site', { exact: true }).selectOption({ label: n.site });
  await page.getByRole('tab', { name: 'Rigs' }).click();
  await expect(page.getByRole('listitem', { name: n.rig })).toContainText('Rig number: 17');
  await page.getByRole('tab', { name: 'Crew' }).click();
  await expect(page.getByRole('listitem', { name: n.member })).toBeVisible();

  // Signal again: both reach the server, on the site they were added to.
  await context.setOffline(false);
  await expect
    .poll(
      async () =>
        (await serverRows(request, '/api/rigs')).find((rig) => rig.rigName === n.rig)?.siteId,
      { timeout: 30_000 },
    )
    .toBe(siteId);
  await expect
    .poll(
      async () =>
        (await serverRows(request, '/api/crew-members')).find((m) => m.memberName === n.member)
          ?.siteId,
      { timeout: 30_000 },
    )
    .toBe(siteId);
  await expect(status).toHaveAttribute('data-status', 'online');
  // The only complaints were the browser's reconnection attempts while there was no network.
  const offlineSocket = /^console: WebSocket connection to .* net::ERR_INTERNET_DISCONNECTED$/;
  expect(errors.filter((error) => !offlineSocket.test(error))).toEqual([]);
});
