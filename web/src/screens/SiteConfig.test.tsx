import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SITE_NAME_REQUIRED } from '@plod/model';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, OFFLINE_MESSAGE } from '../auth';
import { signInFailureMessage } from '../auth/messages';
import { SITE_CONFIG_MESSAGES } from './site-config/api';
import { DAYS_OUT_OF_RANGE } from './site-config/CleanupSettings';
import { openApp as open } from '../testing/apps';
import {
  WAIT,
  resetSupervisorScreens,
  seedSites,
  setupOf,
  signInAsSupervisor,
} from '../testing/supervisor';

afterEach(resetSupervisorScreens);

const TITLE = 'Site Configuration & PLOD Management';

/** The open modal, once a test has waited for it. */
const dialog = () => screen.getByRole('dialog');

async function openSignedIn() {
  signInAsSupervisor();
  const app = open('/site-config');
  const ids = seedSites(app.sync);
  await screen.findByRole('heading', { level: 1, name: TITLE }, WAIT);
  await screen.findAllByTestId('site-card', {}, WAIT);
  return { ...app, ids };
}

const siteOf = (sync: Parameters<typeof setupOf>[0], id: string) =>
  setupOf(sync).sites.find((s) => s.id === id);

describe('Site Configuration: locked until a supervisor signs in', () => {
  it('shows the supervisor login over a locked page, requires both fields, and Cancel goes back', async () => {
    const { router } = open('/site-config');
    const modal = await screen.findByRole('dialog', {}, WAIT);
    expect(within(modal).getByText('Supervisor Login')).toBeTruthy();
    expect(screen.getByTestId('site-config-locked')).toBeTruthy();
    expect(screen.queryByTestId('site-grid')).toBeNull();
    fireEvent.click(within(modal).getByRole('button', { name: 'Login' }));
    expect(await within(modal).findByText('Username is required')).toBeTruthy();
    expect(within(modal).getByText('Password is required')).toBeTruthy();
    fireEvent.click(within(modal).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), WAIT);
  });

  it('Cancel returns to the screen the person came from', async () => {
    const { router } = open('/plods');
    await screen.findByRole('heading', { level: 1, name: 'Plods' }, WAIT);
    await router.navigate('/site-config');
    fireEvent.click(
      within(await screen.findByRole('dialog', {}, WAIT)).getByRole('button', { name: 'Cancel' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/plods'), WAIT);
  });

  it('says SPEC 6 words for wrong credentials and the server words otherwise', () => {
    const failure = (error: ApiError) =>
      signInFailureMessage(error, SITE_CONFIG_MESSAGES.invalidCredentials);
    expect(failure(new ApiError(401, 'Invalid username or password'))).toBe(
      'Invalid credentials. Please try again.',
    );
    expect(failure(new ApiError(429, 'Too many attempts. Try again in 60 s.'))).toBe(
      'Too many attempts. Try again in 60 s.',
    );
    expect(failure(new ApiError(null, OFFLINE_MESSAGE))).toBe(OFFLINE_MESSAGE);
    // Elsewhere (/login, the Login Failed toast) wrong credentials keep SPEC 8's words.
    expect(signInFailureMessage(new ApiError(401, 'x'))).toBe('Invalid username or password');
  });

  it('skips the login for a signed-in supervisor', async () => {
    await openSignedIn();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByTestId('site-config-locked')).toBeNull();
    expect(screen.getByRole('link', { name: 'Site Setup' }).getAttribute('href')).toBe(
      '/site-setup',
    );
    expect(screen.getByRole('link', { name: 'Live Reports' }).getAttribute('href')).toBe('/live');
    for (const back of screen.getAllByRole('link', { name: /Back to Dashboard/ })) {
      expect(back.getAttribute('href')).toBe('/dashboard');
    }
  });
});

describe('Site Configuration: sites', () => {
  it('shows each site with its hole count and configures the first site', async () => {
    const { ids } = await openSignedIn();
    const cards = screen.getAllByTestId('site-card');
    expect(cards.map((c) => within(c).getByTestId('site-hole-count').textContent)).toEqual([
      '2 holes',
      '1 hole',
    ]);
    expect(screen.getByTestId('site-settings').getAttribute('data-site-id')).toBe(ids.north);
    fireEvent.click(screen.getByRole('button', { name: /Configure South Pit/ }));
    expect(screen.getByTestId('site-settings').getAttribute('data-site-id')).toBe(ids.south);
  });

  it('adds a site only with a name, trims it, and says so', async () => {
    const { sync } = await openSignedIn();
    fireEvent.click(screen.getByRole('button', { name: 'Add New Site' }));
    await screen.findByRole('dialog', {}, WAIT);
    const create = () => within(dialog()).getByRole('button', { name: 'Create' });
    const name = () => within(dialog()).getByLabelText(/Site name/);
    expect(create().hasAttribute('disabled')).toBe(true);
    fireEvent.change(name(), { target: { value: '   ' } });
    expect(create().hasAttribute('disabled')).toBe(true);
    expect(within(dialog()).getByText(SITE_NAME_REQUIRED)).toBeTruthy();
    fireEvent.submit(name().closest('form') as HTMLFormElement);
    expect(setupOf(sync).sites).toHaveLength(2);

    fireEvent.change(name(), { target: { value: '  East Ridge  ' } });
    expect(within(dialog()).queryByText(SITE_NAME_REQUIRED)).toBeNull();
    fireEvent.click(create());
    expect(
      await screen.findByText('Site "East Ridge" created successfully', {}, WAIT),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    const added = setupOf(sync).sites.find((s) => s.siteName === 'East Ridge');
    expect(added).toBeTruthy();
    expect(added?.autoCleanupDays).toBe(30);
    expect(added?.enableAutoCleanup).toBe(true);
    expect(screen.getByTestId('site-settings').getAttribute('data-site-id')).toBe(added?.id);
  });

  it('deletes a site with its rigs, crew and tools only after the confirmation', async () => {
    const { sync, ids } = await openSignedIn();
    fireEvent.click(screen.getByRole('button', { name: 'Delete site North Pit' }));
    await screen.findByRole('dialog', {}, WAIT);
    expect(
      within(dialog()).getByText(/also deletes its rigs, crew members and hire tools/),
    ).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    expect(siteOf(sync, ids.north)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete site North Pit' }));
    await screen.findByRole('dialog', {}, WAIT);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByTestId('site-card')).toHaveLength(1), WAIT);
    const setup = setupOf(sync);
    expect(setup.sites.map((s) => s.siteName)).toEqual(['South Pit']);
    expect(setup.rigs.map((r) => r.rigName)).toEqual(['Rig 9']);
    expect(setup.crewMembers).toHaveLength(0);
    expect(setup.hireTools).toHaveLength(0);
  });
});

describe('Site Configuration: cleanup settings', () => {
  it('saves cleanup days from 1 to 365 and ignores anything else', async () => {
    const { sync, ids } = await openSignedIn();
    const days = () => screen.getByLabelText('Cleanup days') as HTMLInputElement;
    expect(days().value).toBe('30');
    expect(days().getAttribute('inputmode')).toBe('numeric');
    for (const [typed, saved] of [
      ['0', 30],
      ['366', 30],
      ['1', 1],
      ['365', 365],
      ['1000', 365],
      ['', 365],
      ['45', 45],
    ] as const) {
      fireEvent.change(days(), { target: { value: typed } });
      expect(siteOf(sync, ids.north)?.autoCleanupDays).toBe(saved);
      const refused = typed !== String(saved);
      expect(screen.queryByText(DAYS_OUT_OF_RANGE) !== null).toBe(refused);
    }
    expect(siteOf(sync, ids.south)?.autoCleanupDays).toBe(30);
  });

  it('turns auto cleanup off and on', async () => {
    const { sync, ids } = await openSignedIn();
    const toggle = screen.getByRole('switch', { name: /Auto cleanup/ }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    expect(siteOf(sync, ids.north)?.enableAutoCleanup).toBe(false);
    expect(await screen.findByText('Auto cleanup off')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: /Auto cleanup/ }));
    expect(siteOf(sync, ids.north)?.enableAutoCleanup).toBe(true);
  });

  it('saves the supervisor email 1 s after typing stops, and an empty one as null', async () => {
    const { sync, ids } = await openSignedIn();
    const email = () => screen.getByLabelText('Supervisor email') as HTMLInputElement;
    const stored = () => siteOf(sync, ids.north)?.supervisorEmail;

    fireEvent.change(email(), { target: { value: 'boss@' } });
    fireEvent.change(email(), { target: { value: 'boss@example.com' } });
    const typedAt = Date.now();
    expect(stored()).toBeNull();
    await waitFor(() => expect(stored()).toBe('boss@example.com'), { interval: 20, ...WAIT });
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(950);
    expect(email().value).toBe('boss@example.com');

    fireEvent.change(email(), { target: { value: '' } });
    const clearedAt = Date.now();
    expect(stored()).toBe('boss@example.com');
    await waitFor(() => expect(stored()).toBeNull(), { interval: 20, ...WAIT });
    expect(Date.now() - clearedAt).toBeGreaterThanOrEqual(950);
    expect(email().value).toBe('');
  });

  it('does not save an address the model refuses, and says why', async () => {
    const { sync, ids } = await openSignedIn();
    fireEvent.change(screen.getByLabelText('Supervisor email'), { target: { value: 'not-mail' } });
    expect(
      await screen.findByText('Failed to save supervisor email: Invalid email address', {}, WAIT),
    ).toBeTruthy();
    expect(siteOf(sync, ids.north)?.supervisorEmail).toBeNull();
  });
});

describe('Site Configuration: exports and cleanup need the network', () => {
  it('says so when the device is offline', async () => {
    signInAsSupervisor();
    const app = open('/site-config');
    app.sync.connection.setEnabled(false);
    seedSites(app.sync);
    await screen.findAllByTestId('site-card', {}, WAIT);
    expect(screen.getByText(/Exports need the network/)).toBeTruthy();
    expect(screen.getByText('Cleanup needs the network.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export CSV' }).hasAttribute('disabled')).toBe(true);
  });
});
