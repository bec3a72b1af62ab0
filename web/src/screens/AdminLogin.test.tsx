import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiFetch } from '../auth/api';
import { joinDevice } from '../auth/session';
import { getAuthState, readDevice } from '../auth/store';
import { UNIT_ADMIN, UNIT_CREW_CODE, withRealServer } from '../auth/testing/realServer';
import { closeApps, openApp } from '../testing/apps';

const open = (path: string, joined = false) => openApp(path, { joined });

function fill(scope: HTMLElement, username: string, password: string) {
  fireEvent.change(within(scope).getByLabelText(/Username/), { target: { value: username } });
  fireEvent.change(within(scope).getByLabelText(/^Password/), { target: { value: password } });
  fireEvent.click(within(scope).getByRole('button', { name: 'Login' }));
}

withRealServer();
afterEach(closeApps);

describe('Administrator Login', () => {
  it('is for supervisors only and needs both fields', async () => {
    open('/login');
    expect(await screen.findByText('This page is for drill site supervisors only.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(getAuthState().kind).toBe('none');
  });

  it('a wrong password toasts Login Failed with SPEC 8’s words and stays', async () => {
    const { router } = open('/login');
    fill(await screen.findByRole('main'), UNIT_ADMIN.username, 'wrong-password');
    expect(await screen.findByText('Login Failed')).toBeTruthy();
    expect(screen.getByText('Invalid username or password')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(getAuthState().kind).toBe('none');
  });

  it('signs in against the server, toasts Login Successful and goes to Live Reports', async () => {
    const { router } = open('/login');
    fill(await screen.findByRole('main'), UNIT_ADMIN.username, UNIT_ADMIN.password);
    expect(screen.getByRole('button', { name: 'Logging in...' })).toBeTruthy();
    expect(await screen.findByText('Login Successful')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/live'));
    expect(getAuthState()).toEqual({ kind: 'supervisor', username: UNIT_ADMIN.username });
  });
});

describe('Administrator Login from a plod’s link', () => {
  it('signs in from the gate and goes back to the plod’s address', async () => {
    const plod = '/plods/0190a0a0-0000-7000-8000-0000000000dd/timesheets';
    const { router } = open(plod);
    fireEvent.click(await screen.findByRole('link', { name: 'Supervisor? Sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Administrator Login' });
    fill(await screen.findByRole('main'), UNIT_ADMIN.username, UNIT_ADMIN.password);
    await waitFor(() => expect(router.state.location.pathname).toBe(plod));
    expect(getAuthState().kind).toBe('supervisor');
  });
});

describe('Settings: Administrator Login modal, who is here, Sign out', () => {
  it('signs in from the reports list’s settings, shows who, and signs out keeping the device', async () => {
    await joinDevice(UNIT_CREW_CODE, 'Office Phone');
    const { router } = open('/', true);
    fireEvent.click(await screen.findByRole('button', { name: 'Settings' }));
    const settings = await screen.findByRole('dialog', { name: 'Settings' });
    expect(within(settings).getByTestId('this-device').textContent).toBe(
      'This device: Office Phone (joined)',
    );
    expect(within(settings).getByTestId('signed-in').textContent).toBe('No supervisor signed in');
    fireEvent.click(within(settings).getByRole('button', { name: 'Administrator Login' }));

    const login = await screen.findByRole('dialog', { name: 'Administrator Login' });
    fill(login, UNIT_ADMIN.username, UNIT_ADMIN.password);
    await waitFor(() => expect(router.state.location.pathname).toBe('/live'));
    expect(getAuthState().kind).toBe('supervisor');

    await router.navigate('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Settings' }));
    const again = await screen.findByRole('dialog', { name: 'Settings' });
    expect(within(again).getByTestId('signed-in').textContent).toBe(
      `Signed in as ${UNIT_ADMIN.username} (supervisor)`,
    );
    fireEvent.click(within(again).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(getAuthState().kind).toBe('device'));
    expect(readDevice()?.deviceName).toBe('Office Phone');
    // The session has ended on the server; the phone speaks as its device again.
    await expect(apiFetch('/api/auth/me').then((r) => r.json())).resolves.toMatchObject({
      kind: 'device',
      deviceName: 'Office Phone',
    });
  });
});
