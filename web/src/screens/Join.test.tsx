import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAuthState, readDevice } from '../auth/store';
import { UNIT_CREW_CODE, openAt, withRealServer } from '../auth/testing/realServer';
import { closeApps, openApp } from '../testing/apps';

const open = (path: string) => openApp(path, { joined: false });

async function submit(code: string, deviceName?: string) {
  fireEvent.change(await screen.findByLabelText(/Access code/), { target: { value: code } });
  if (deviceName !== undefined) {
    fireEvent.change(screen.getByLabelText(/Device name/), { target: { value: deviceName } });
  }
  fireEvent.click(screen.getByRole('button', { name: 'Join' }));
}

withRealServer();
afterEach(closeApps);

describe('Join this device', () => {
  it('offers this phone’s presence name as the device name and asks for both fields', async () => {
    localStorage.setItem('plod.deviceName', 'Drill 4 Phone');
    open('/join');
    expect(await screen.findByRole('heading', { level: 1, name: 'Join this device' })).toBeTruthy();
    const name = screen.getByLabelText(/Device name/);
    expect((name as HTMLInputElement).value).toBe('Drill 4 Phone');
    fireEvent.change(name, { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('Access code is required')).toBeTruthy();
    expect(screen.getByText('Device name is required')).toBeTruthy();
    expect(getAuthState().kind).toBe('none');
  });

  it('shows SPEC 8’s message for a wrong code and stays', async () => {
    const { router } = open('/');
    await submit('NOPE-NOPE');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Invalid credentials. Please contact your supervisor for access.',
    );
    expect(router.state.location.pathname).toBe('/');
    expect(getAuthState().kind).toBe('none');
  });

  it('says it is offline when the server cannot be reached', async () => {
    openAt('http://127.0.0.1:9');
    open('/join');
    await submit(UNIT_CREW_CODE);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Network unavailable - operating in offline mode',
    );
  });

  it('joins with the right code, keeps the token and the name, and opens the reports list', async () => {
    const { router } = open('/join');
    await submit(` ${UNIT_CREW_CODE.toLowerCase()} `, 'Core Yard Phone');
    expect(screen.getByRole('button', { name: 'Joining...' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Plods' })).toBeTruthy();
    expect(readDevice()).toMatchObject({ deviceName: 'Core Yard Phone' });
    expect(localStorage.getItem('plod.deviceName')).toBe('Core Yard Phone');
  });
});

describe('Join this device asks to keep the phone’s storage', () => {
  // jsdom has no StorageManager: the browser's side is stood in for, the ask is the app's.
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'storage');
  });

  it('once the device has joined, never before', async () => {
    const storage = {
      persisted: vi.fn(async () => false),
      persist: vi.fn(async () => true),
      estimate: vi.fn(async () => ({ usage: 0, quota: 0 })),
    };
    Object.defineProperty(navigator, 'storage', { value: storage, configurable: true });
    const { router } = open('/join');
    await submit('NOPE-NOPE', 'Kept Phone');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(storage.persist).not.toHaveBeenCalled();
    await submit(UNIT_CREW_CODE, 'Kept Phone');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(storage.persist).toHaveBeenCalledOnce());
  });
});

describe('Join this device at a plod’s address', () => {
  it('joins in place and keeps the address the link named', async () => {
    const plod = '/plods/0190a0a0-0000-7000-8000-0000000000cc/run-sheets';
    const { router } = open(plod);
    await submit(UNIT_CREW_CODE, 'Link Phone');
    await waitFor(() => expect(getAuthState().kind).toBe('device'));
    expect(router.state.location.pathname).toBe(plod);
    expect(await screen.findByRole('heading', { level: 1, name: 'Run Sheets' })).toBeTruthy();
  });
});

describe('Join this device, throttled', () => {
  // A server of its own: the wrong codes tried here must not throttle the other tests.
  withRealServer();

  it('shows the server’s message once too many wrong codes came from this address', async () => {
    open('/join');
    let text = '';
    for (let attempt = 0; attempt < 8 && !/Too many/.test(text); attempt += 1) {
      await submit(`WRONG-${attempt}`);
      await waitFor(() => expect(screen.getByRole('button', { name: 'Join' })).toBeTruthy());
      text = (await screen.findByRole('alert')).textContent ?? '';
    }
    expect(text).toMatch(/^Too many failed .*Try again in \d+ minutes?\.$/);
  });
});
