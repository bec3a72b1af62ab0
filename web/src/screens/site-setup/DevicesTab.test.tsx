import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_MESSAGE, signIn } from '../../auth';
import { UNIT_ADMIN, openAt, withRealServer } from '../../auth/testing/realServer';
import { DEVICES_PER_PAGE, type CrewCode, type JoinedDevice } from '../../setup/devices';
import {
  WAIT,
  dialog,
  dialogClosed,
  openSiteSetup,
  resetSupervisorScreens,
} from '../../testing/supervisor';

// The Devices tab against the real server (a child process): the crew access code and the joined
// devices live on the server alone.

const server = withRealServer();
afterEach(async () => {
  vi.restoreAllMocks();
  await resetSupervisorScreens();
});

/** What the server holds, asked from outside the page. */
async function serverJson<T>(path: string): Promise<T> {
  const answer = await server.asSupervisor('GET', path);
  expect(answer.status, answer.text).toBe(200);
  return JSON.parse(answer.text) as T;
}
const serverCode = async () => (await serverJson<CrewCode>('/api/devices/code')).code;
const serverDevice = async (id: string) =>
  (await serverJson<JoinedDevice[]>('/api/devices')).find((device) => device.id === id);

/** Another phone joins with the current code (a test may have rotated the first one). */
async function joinPhone(deviceName: string) {
  return server.joinDevice(deviceName, await serverCode());
}

async function openDevices(prepare?: (app: ReturnType<typeof openSiteSetup>) => void) {
  await signIn(UNIT_ADMIN.username, UNIT_ADMIN.password);
  const app = openSiteSetup();
  prepare?.(app);
  fireEvent.click(await screen.findByRole('tab', { name: 'Devices' }, WAIT));
  return app;
}

describe('Site Setup devices (real server)', () => {
  it('shows the crew access code large with Copy, and the joined devices', async () => {
    await joinPhone('Rig 7 tablet');
    const old = await joinPhone('Old phone');
    expect((await server.asSupervisor('DELETE', `/api/devices/${old.deviceId}`)).status).toBe(204);
    await openDevices();
    expect((await screen.findByTestId('crew-access-code', {}, WAIT)).textContent).toBe(
      await serverCode(),
    );
    expect(screen.getByRole('button', { name: 'Copy code' })).toBeTruthy();
    const tablet = screen.getByRole('listitem', { name: 'Rig 7 tablet' });
    expect(within(tablet).getByText(/^Joined: /).textContent).not.toBe('Joined: —');
    expect(within(tablet).getByRole('button', { name: 'Revoke' })).toBeTruthy();
    const revoked = screen.getByRole('listitem', { name: 'Old phone' });
    expect(within(revoked).getByText('Revoked')).toBeTruthy();
    expect(within(revoked).getByText(/^Revoked: /).textContent).not.toBe('Revoked: —');
    expect(within(revoked).queryByRole('button', { name: 'Revoke' })).toBeNull();
  });

  it('lists a page of devices, the ones in use first, and shows more on request', async () => {
    const revoked = await joinPhone('Lost phone');
    expect((await server.asSupervisor('DELETE', `/api/devices/${revoked.deviceId}`)).status).toBe(
      204,
    );
    const joined: string[] = [];
    for (let i = 1; i <= DEVICES_PER_PAGE + 2; i += 1) {
      joined.push(`Crew phone ${i}`);
      await joinPhone(`Crew phone ${i}`);
    }
    await openDevices();
    const list = await screen.findByRole('list', { name: 'Joined devices' }, WAIT);
    const names = () =>
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label'));
    // The newest joined on top; the revoked phone and the oldest ones wait behind Show more.
    expect(names()).toHaveLength(DEVICES_PER_PAGE);
    expect(names()[0]).toBe(joined.at(-1));
    expect(names()).not.toContain('Lost phone');
    const onServer = await serverJson<JoinedDevice[]>('/api/devices');
    expect(
      screen.getByText(`Showing ${DEVICES_PER_PAGE} of ${onServer.length} devices`),
    ).toBeTruthy();
    // Show more until every device is listed.
    for (let more = screen.queryByRole('button', { name: /^Show \d+ more$/ }); more;) {
      fireEvent.click(more);
      more = await waitFor(() => {
        const next = screen.queryByRole('button', { name: /^Show \d+ more$/ });
        if (next && names().length % DEVICES_PER_PAGE !== 0) throw new Error('still showing more');
        return next;
      }, WAIT);
    }
    expect(names()).toHaveLength(onServer.length);
    // The phone revoked before the others joined comes after them; a phone revoked now comes to the top.
    for (const name of joined) {
      expect(names().indexOf(name)).toBeLessThan(names().indexOf('Lost phone'));
    }
    fireEvent.click(
      within(screen.getByRole('listitem', { name: 'Crew phone 1' })).getByRole('button', {
        name: 'Revoke',
      }),
    );
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(names()[0]).toBe('Crew phone 1'), WAIT);
  });

  it('revokes a device only after confirming, then shows it revoked', async () => {
    const phone = await joinPhone('Core shed tablet');
    await openDevices();
    const item = () => screen.getByRole('listitem', { name: 'Core shed tablet' });
    fireEvent.click(
      within(await screen.findByRole('listitem', { name: 'Core shed tablet' }, WAIT)).getByRole(
        'button',
        { name: 'Revoke' },
      ),
    );
    let modal = await dialog();
    expect(within(modal).getByText(/^Revoke "Core shed tablet"\?/)).toBeTruthy();
    fireEvent.click(within(modal).getByRole('button', { name: 'Cancel' }));
    await dialogClosed();
    expect((await serverDevice(phone.deviceId))?.revokedAt).toBeNull();

    fireEvent.click(within(item()).getByRole('button', { name: 'Revoke' }));
    modal = await dialog();
    fireEvent.click(within(modal).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(within(item()).getByText('Revoked')).toBeTruthy(), WAIT);
    expect(within(item()).queryByRole('button', { name: 'Revoke' })).toBeNull();
    expect((await serverDevice(phone.deviceId))?.revokedAt).not.toBeNull();
  });

  it('rotates the code only after confirming', async () => {
    await openDevices();
    const before = await serverCode();
    expect((await screen.findByTestId('crew-access-code', {}, WAIT)).textContent).toBe(before);
    fireEvent.click(screen.getByRole('button', { name: 'Rotate code' }));
    let modal = await dialog();
    expect(within(modal).getByText(/^Rotate the crew access code\?/)).toBeTruthy();
    fireEvent.click(within(modal).getByRole('button', { name: 'Cancel' }));
    await dialogClosed();
    expect(await serverCode()).toBe(before);

    fireEvent.click(screen.getByRole('button', { name: 'Rotate code' }));
    modal = await dialog();
    fireEvent.click(within(modal).getByRole('button', { name: 'Rotate' }));
    await waitFor(
      () => expect(screen.getByTestId('crew-access-code').textContent).not.toBe(before),
      WAIT,
    );
    const after = await serverCode();
    expect(after).not.toBe(before);
    expect(screen.getByTestId('crew-access-code').textContent).toBe(after);
  });

  it('says it needs the network when offline, and loads once back online', async () => {
    const fetches = vi.spyOn(globalThis, 'fetch');
    const { sync } = await openDevices(({ sync }) => sync.connection.setEnabled(false));
    expect(await screen.findByText(/connect to the network to see the access code/)).toBeTruthy();
    const asked = () => fetches.mock.calls.filter(([input]) => String(input).includes('/devices'));
    expect(asked()).toEqual([]);
    act(() => sync.connection.setEnabled(true));
    expect((await screen.findByTestId('crew-access-code', {}, WAIT)).textContent).toBe(
      await serverCode(),
    );
    expect(asked().length).toBeGreaterThan(0);
  });

  it('shows the SPEC offline message when the server cannot be reached, and tries again', async () => {
    // Signed in first; then the server is out of reach (a closed port).
    await openDevices(() => openAt('http://127.0.0.1:9'));
    const message = await screen.findByText(OFFLINE_MESSAGE, {}, WAIT);
    expect(message.textContent).toBe('Network unavailable - operating in offline mode');
    const alert = message.closest<HTMLElement>('[role="alert"]');
    expect(alert).not.toBeNull();
    if (!alert) return;
    openAt(server.origin);
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('crew-access-code', {}, WAIT)).textContent).toBe(
      await serverCode(),
    );
  });
});
