import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SUPERVISOR_KEY, setDevice } from '../auth/store';
import { renderApp } from '../testing/renderApp';
import { sampleUrl, screenRoutes } from './table';

const disposers: (() => Promise<void>)[] = [];
afterEach(async () => {
  cleanup();
  await Promise.all(disposers.splice(0).map((dispose) => dispose()));
});

beforeEach(() => localStorage.clear());

function open(path: string, options?: { joined?: boolean }) {
  const { sync, router } = renderApp(path, options);
  disposers.push(() => sync.dispose());
  return router;
}

function signInLocally(username = 'sam') {
  localStorage.setItem(
    SUPERVISOR_KEY,
    JSON.stringify({ username, expiresAt: Date.now() + 3600_000 }),
  );
}

const JOIN = { level: 1, name: 'Join this device' } as const;

describe('router', () => {
  it.each(screenRoutes.map((route) => [route.path, route.title] as const))(
    '%s renders its screen (%s)',
    async (path, title) => {
      // A supervisor: the supervisor's own screens open too.
      signInLocally();
      open(sampleUrl(path));
      // SPEC: the CSV editor with no report selected goes back to the list.
      const landing = path === '/csv-editor' ? 'Plods' : title;
      expect(await screen.findByRole('heading', { level: 1, name: landing })).toBeTruthy();
      expect(screen.queryByTestId('not-found')).toBeNull();
    },
  );

  it.each(['/nowhere', '/plods/extra/segments', '/edit-report', '/DOWNLOAD-APK'])(
    'shows the 404 card with a way home for %s',
    async (path) => {
      open(path);
      const card = await screen.findByTestId('not-found');
      expect(within(card).getByRole('heading', { name: '404 Page Not Found' })).toBeTruthy();
      expect(within(card).getByRole('link', { name: 'Go to Plods' }).getAttribute('href')).toBe(
        '/',
      );
    },
  );

  it.each(['/grouting', '/shift-summary', '/reports', '/settings'])(
    '%s shows a coming-soon message',
    async (path) => {
      open(path);
      expect(await screen.findByTestId('coming-soon')).toBeTruthy();
    },
  );

  it('says Report not found on Edit Shift Report for an id that is no report id', async () => {
    open('/edit-report/r-42');
    expect(await screen.findByText('Report not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
  });

  it('shows the equipment coming-soon text with Back to the drill report dashboard', async () => {
    open('/equipment');
    expect(
      await screen.findByText('Equipment management functionality coming soon...'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back/ }).getAttribute('href')).toBe(
      '/drill-report-dashboard',
    );
  });

  it('opens the Download APK page in a new tab from the home dashboard', async () => {
    open('/dashboard');
    const link = await screen.findByRole('link', { name: 'Download APK' });
    expect(link.getAttribute('href')).toBe('/DOWNLOAD-APK.html');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('link', { name: 'Continue Shift' }).getAttribute('href')).toBe(
      '/main-menu',
    );
  });
});

describe('plod addresses', () => {
  const ID = '0190a0a0-0000-7000-8000-0000000000aa';
  const OTHER = '0190a0a0-0000-7000-8000-0000000000bb';

  it.each([
    ['/run-sheets', `/plods/${ID}/run-sheets`, ''],
    ['/drill-report-dashboard', `/plods/${ID}`, ''],
    ['/timesheet', `/plods/${ID}/timesheets`, ''],
    ['/survey-fixed', `/plods/${ID}/survey`, ''],
    ['/csv-editor', `/plods/${ID}/csv`, ''],
    [`/run-sheets?reportId=${OTHER}&holeId=DH-1`, `/plods/${OTHER}/run-sheets`, '?holeId=DH-1'],
    [`/edit-report/${OTHER}`, `/plods/${OTHER}/edit`, ''],
    [`/csv-editor/${OTHER}`, `/plods/${OTHER}/csv`, ''],
  ])('the plain route %s leads to %s', async (from, pathname, search) => {
    localStorage.setItem('plod.currentReportId', ID);
    const router = open(from);
    await waitFor(() => expect(router.state.location.pathname).toBe(pathname));
    expect(router.state.location.search).toBe(search);
  });

  it('says no report is open on a plain route when the phone has no current plod', async () => {
    open('/crew');
    expect(await screen.findByTestId('no-current-report')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Crew Assignment' })).toBeTruthy();
  });

  it('answers an unknown screen of a plod with the 404 card', async () => {
    open(`/plods/${ID}/no-such-screen`);
    expect(await screen.findByTestId('not-found')).toBeTruthy();
  });
});

describe('the gate', () => {
  it.each(['/', '/plods', '/run-sheets', '/main-menu', '/edit-report/r-1', '/grouting'])(
    'shows a device that has not joined the Join screen at %s',
    async (path) => {
      open(path, { joined: false });
      expect(await screen.findByRole('heading', JOIN)).toBeTruthy();
      expect(screen.getByLabelText(/Access code/)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Supervisor? Sign in' }).getAttribute('href')).toBe(
        '/login',
      );
      await waitFor(() => expect(document.title).toBe('Join this device · Plod'));
    },
  );

  it.each([
    ['/login', 'Administrator Login'],
    ['/privacy', 'Privacy Policy'],
    ['/join', 'Join this device'],
  ])('leaves the public route %s open', async (path, title) => {
    open(path, { joined: false });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
  });

  it('leaves the 404 page open', async () => {
    open('/nowhere', { joined: false });
    expect(await screen.findByTestId('not-found')).toBeTruthy();
    expect(screen.queryByRole('heading', JOIN)).toBeNull();
  });

  it('lets a joined device in, from what the device knows alone', async () => {
    open('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Plods' })).toBeTruthy();
    expect(screen.queryByRole('heading', JOIN)).toBeNull();
  });

  it('lets a signed-in supervisor in without joining', async () => {
    signInLocally();
    open('/main-menu', { joined: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Main Menu' })).toBeTruthy();
  });

  it('lifts as soon as the device joins, and comes back when the token goes', async () => {
    open('/main-menu', { joined: false });
    await screen.findByRole('heading', JOIN);
    act(() => setDevice({ token: 't', deviceId: 'd', deviceName: 'New Phone' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Main Menu' })).toBeTruthy();
    act(() => localStorage.removeItem('plod.device'));
    // Another tab (or a revalidation) cleared it: the next render of the gate sees it.
    act(() => window.dispatchEvent(new StorageEvent('storage', { key: 'plod.device' })));
    expect(await screen.findByRole('heading', JOIN)).toBeTruthy();
  });
});
