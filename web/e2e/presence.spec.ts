import type { Page } from '@playwright/test';
import { newReport, openFromList, openPhone } from './collab-helpers';
import { expect, heading, test } from './fixtures';
import { expectAccessible } from './accessibility';
import { openDeadLink } from './dead-link';

// Issue 15, point 7: presence on every report screen (Timesheets included), gone within 10 s of a
// phone losing signal.

/** The dashboard's tiles and the screen each opens, as crewmates see it named. */
const TILES: [tile: RegExp, screen: string][] = [
  [/Shift Details/, 'Shift Details'],
  [/Crew Assignment/, 'Crew Assignment'],
  [/Run Sheets/, 'Run Sheets'],
  [/Timesheets/, 'Timesheets'],
  [/Survey/, 'Survey Data'],
  [/Maintenance/, 'Drill Site Maintenance'],
  [/Hire Tools/, 'Hire Tools'],
  [/Complete Shift/, 'Complete Shift Summary'],
  [/History/, 'Change History'],
];

/** The screens reached by their address rather than a dashboard tile. */
const LINKED: [path: string, screen: string][] = [
  ['add-run', 'Add New Run'],
  ['shift-completion', 'Shift Completion'],
  ['edit', 'Edit Shift Report'],
  ['csv', 'CSV Report Editor'],
];

const bar = (page: Page) => page.getByTestId('presence-bar');

test('a crewmate shows on every report screen, and is gone within seconds of losing signal', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const alex = await openPhone(browser, 'Alex phone');
  // Sam's phone reaches the server through a link that can lose signal the way a phone does.
  const link = await openDeadLink(new URL(String(baseURL)));
  const sam = await openPhone(browser, 'Sam phone', undefined, link.origin);

  // Alex starts the plod and opens its Timesheets; Sam taps its card in the Plods list.
  const id = await newReport(alex.page);
  await alex.page.getByRole('link', { name: /Timesheets/ }).click();
  await expect(heading(alex.page, 'Timesheets')).toBeVisible();
  await openFromList(sam.page, id);
  await expect(bar(alex.page)).toContainText('Sam phone · Dashboard');
  await expect(bar(sam.page)).toContainText('Alex phone · Timesheets');
  await alex.page.screenshot({ path: testInfo.outputPath('presence-timesheets.png') });
  await expectAccessible(alex.page, 'a crewmate shown on Timesheets');

  // Sam walks through every screen of the plod: each shows Alex, and Alex sees where Sam is.
  for (const [tile, screen] of TILES) {
    await sam.page.getByRole('link', { name: tile }).click();
    await expect(heading(sam.page, screen)).toBeVisible();
    await expect(bar(sam.page)).toContainText('Alex phone · Timesheets');
    await expect(bar(alex.page)).toContainText(`Sam phone · ${screen}`);
    await sam.page.goto(`/plods/${id}`);
  }
  for (const [path, screen] of LINKED) {
    await sam.page.goto(`/plods/${id}/${path}`);
    await expect(heading(sam.page, screen)).toBeVisible();
    await expect(bar(sam.page)).toContainText('Alex phone · Timesheets');
    await expect(bar(alex.page)).toContainText(`Sam phone · ${screen}`);
  }

  // Sam loses signal on Survey Data: nothing more reaches the server from his phone, not even a
  // pong, and no close. Alex's Timesheets shows him gone within 10 s, well before awareness's own
  // 15-30 s: the relay clears a socket's presence 4 s after its last frame or pong (it pings every
  // 2 s).
  await sam.page.goto(`/plods/${id}/survey`);
  await expect(bar(alex.page)).toContainText('Sam phone · Survey Data');
  link.cut();
  await expect(bar(alex.page)).toContainText('No one else here', { timeout: 10_000 });
  await expect(bar(alex.page).getByTestId('presence-peer')).toHaveCount(0);
  await alex.page.screenshot({ path: testInfo.outputPath('presence-gone.png') });

  // Signal again: Sam shows once more, on the screen he moves to.
  link.restore();
  await sam.page.getByRole('link', { name: /Back/ }).first().click();
  await expect(bar(alex.page)).toContainText('Sam phone · Dashboard', { timeout: 30_000 });

  await alex.context.close();
  await sam.context.close();
  await link.close();
});
