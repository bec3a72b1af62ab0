import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  WAIT,
  dialog,
  dialogClosed,
  openSiteSetup,
  resetSiteSetup,
  signInAsSupervisor,
} from './testing';

afterEach(resetSiteSetup);

async function openDevices(prepare?: (app: ReturnType<typeof openSiteSetup>) => void) {
  signInAsSupervisor();
  const app = openSiteSetup();
  prepare?.(app);
  fireEvent.click(await screen.findByRole('tab', { name: 'Devices' }, WAIT));
  return app;
}

describe('Site Setup devices', () => {
  it('shows the crew access code large with Copy, and the joined devices', async () => {
    const { server } = await openDevices();
    expect((await screen.findByTestId('crew-access-code')).textContent).toBe('K7QM-4XPD');
    expect(screen.getByRole('button', { name: 'Copy code' })).toBeTruthy();
    const tablet = screen.getByRole('listitem', { name: 'Rig 7 tablet' });
    expect(within(tablet).getByText(/^Joined: /).textContent).not.toBe('Joined: —');
    expect(within(tablet).getByRole('button', { name: 'Revoke' })).toBeTruthy();
    const old = screen.getByRole('listitem', { name: 'Old phone' });
    expect(within(old).getByText('Revoked')).toBeTruthy();
    expect(within(old).getByText('Last seen: —')).toBeTruthy();
    expect(within(old).queryByRole('button', { name: 'Revoke' })).toBeNull();
    expect(server.requests).toContain('GET /api/devices/code');
    expect(server.requests).toContain('GET /api/devices');
  });

  it('rotates the code only after confirming', async () => {
    const { server } = await openDevices();
    await screen.findByTestId('crew-access-code');
    fireEvent.click(screen.getByRole('button', { name: 'Rotate code' }));
    let modal = await dialog();
    expect(within(modal).getByText(/^Rotate the crew access code\?/)).toBeTruthy();
    fireEvent.click(within(modal).getByRole('button', { name: 'Cancel' }));
    await dialogClosed();
    expect(server.requests).not.toContain('POST /api/devices/code/rotate');

    fireEvent.click(screen.getByRole('button', { name: 'Rotate code' }));
    modal = await dialog();
    fireEvent.click(within(modal).getByRole('button', { name: 'Rotate' }));
    await waitFor(() =>
      expect(screen.getByTestId('crew-access-code').textContent).toBe('ZX9P-2HWN'),
    );
    expect(server.requests).toContain('POST /api/devices/code/rotate');
  });

  it('revokes a device only after confirming, then shows it revoked', async () => {
    const { server } = await openDevices();
    const tablet = () => screen.getByRole('listitem', { name: 'Rig 7 tablet' });
    fireEvent.click(
      within(await screen.findByRole('listitem', { name: 'Rig 7 tablet' })).getByRole('button', {
        name: 'Revoke',
      }),
    );
    let modal = await dialog();
    expect(within(modal).getByText(/^Revoke "Rig 7 tablet"\?/)).toBeTruthy();
    fireEvent.click(within(modal).getByRole('button', { name: 'Cancel' }));
    await dialogClosed();
    expect(server.requests).not.toContain('DELETE /api/devices/device-1');

    fireEvent.click(within(tablet()).getByRole('button', { name: 'Revoke' }));
    modal = await dialog();
    fireEvent.click(within(modal).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(within(tablet()).getByText('Revoked')).toBeTruthy());
    expect(within(tablet()).queryByRole('button', { name: 'Revoke' })).toBeNull();
    expect(server.requests).toContain('DELETE /api/devices/device-1');
  });

  it('says it needs the network when offline, and loads once back online', async () => {
    const { sync, server } = await openDevices(({ sync }) => sync.connection.setEnabled(false));
    expect(await screen.findByText(/connect to the network to see the access code/)).toBeTruthy();
    expect(server.requests.filter((r) => r.includes('/api/devices'))).toEqual([]);
    act(() => sync.connection.setEnabled(true));
    expect((await screen.findByTestId('crew-access-code')).textContent).toBe('K7QM-4XPD');
  });

  it('shows the SPEC offline message when the server cannot be reached, and tries again', async () => {
    const { server } = await openDevices(({ server }) => {
      server.down = true;
    });
    const message = await screen.findByText('Network unavailable - operating in offline mode');
    const alert = message.closest<HTMLElement>('[role="alert"]');
    expect(alert).not.toBeNull();
    if (!alert) return;
    server.down = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('crew-access-code')).textContent).toBe('K7QM-4XPD');
  });
});
