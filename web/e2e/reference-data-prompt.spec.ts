import type { WebSocketRoute } from '@playwright/test';
import { newReport } from './collab-helpers';
import { expectAccessible } from './accessibility';
import { expect, heading, test, joinThroughUi, PHONE } from './fixtures';

test.use({ ...PHONE, joined: false, serviceWorkers: 'block' });

test('a phone with no sites, rigs or crew is told so and offered Download Data, which brings them', async ({
  page,
}) => {
  // The phone joins with signal for the web but none reaches the sync server yet (a link that
  // drops right after joining): its sync sockets are refused until signal returns. When it does,
  // what the server sends waits until the tap on Download Data: the phone also tries again by
  // itself within seconds, and the lists must not arrive before the tap takes them.
  let signal = false;
  let held: (() => void)[] | null = [];
  await page.routeWebSocket(/\/sync\//, (socket: WebSocketRoute) => {
    if (!signal) {
      void socket.close();
      return;
    }
    const server = socket.connectToServer();
    server.onMessage((message) => {
      if (held) held.push(() => socket.send(message));
      else socket.send(message);
    });
  });
  await joinThroughUi(page, 'No Lists Phone');

  const prompt = page.getByTestId('reference-data-prompt');
  await expect(prompt).toContainText('No sites, rigs or crew on this phone');
  await expect(page.getByTestId('sync-indicator')).toHaveText('Offline');
  await expectAccessible(page, 'plods list with the no-reference-data prompt');
  // The home dashboard says the same.
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(heading(page, 'Drilling Operations')).toBeVisible();
  await expect(prompt).toBeVisible();

  // Signal returns; Download Data fetches the lists and the prompt goes.
  signal = true;
  await prompt.getByRole('button', { name: 'Download Data' }).click();
  const waiting = held;
  held = null;
  waiting.forEach((send) => send());
  await expect(page.getByText('Successfully downloaded all data for offline use!')).toBeVisible();
  await expect(prompt).toHaveCount(0);

  // Shift Details now offers the site and its rig.
  await page.getByRole('link', { name: 'Plods' }).first().click();
  await expect(heading(page, 'Plods')).toBeVisible();
  await newReport(page);
  await page.getByRole('link', { name: /Shift Details/ }).click();
  await page.getByLabel('Site').selectOption({ label: 'Demo Site' });
  await expect(page.getByLabel('Rig').locator('option', { hasText: 'Demo Rig 1' })).toHaveCount(1);
});
