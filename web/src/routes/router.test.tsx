import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../testing/renderApp';
import { sampleUrl, screenRoutes } from './table';

const disposers: (() => Promise<void>)[] = [];
afterEach(async () => {
  cleanup();
  await Promise.all(disposers.splice(0).map((dispose) => dispose()));
});

function open(path: string) {
  const { sync, router } = renderApp(path);
  disposers.push(() => sync.dispose());
  return router;
}

describe('router', () => {
  it.each(screenRoutes.map((route) => [route.path, route.title] as const))(
    '%s renders its screen (%s)',
    async (path, title) => {
      open(sampleUrl(path));
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
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

  it.each(['/grouting', '/consumables', '/shift-summary', '/reports', '/settings'])(
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
