import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { REPORTS_INDEX_DOC_NAME, readReportsIndex, setReportsIndexRows } from '@plod/model';
import { afterEach, describe, expect, it } from 'vitest';
import { openApp as open } from '../testing/apps';
import { seedIndex } from '../testing/seed';
import {
  WAIT,
  joinAsDevice,
  resetSupervisorScreens,
  seedSites,
  signInAsSupervisor,
} from '../testing/supervisor';

afterEach(resetSupervisorScreens);

function row(id: string): HTMLElement {
  const found = screen
    .getAllByTestId('live-report')
    .find((el) => el.getAttribute('data-report-id') === id);
  if (!found) throw new Error(`no live row for ${id}`);
  return found;
}

const text = (el: HTMLElement, testId: string) => within(el).getByTestId(testId).textContent;

/** A phone-sized screen keeps the filters behind one button. */
function openFilters(): void {
  fireEvent.click(screen.getByRole('button', { name: 'Filter plods' }));
}

async function openLive() {
  signInAsSupervisor();
  const app = open('/live');
  await screen.findByRole('heading', { level: 1, name: 'Live Reports' }, WAIT);
  return app;
}

describe('Live Reports', () => {
  it('sends anyone but a supervisor to the sign-in page', async () => {
    joinAsDevice();
    const { router } = open('/live');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), WAIT);
  });

  it('lists every plod with its figures and the totals; deleted ones under their own tick', async () => {
    const { sync } = await openLive();
    const [a, b, c] = seedIndex(sync, [
      { site: 'North Pit', rig: 'Rig 7', operator: 'Jo', metres: 12.5, hours: 6 },
      { site: 'South Pit', rig: 'Rig 9', operator: 'Sam', metres: 30, hours: 11.5, status: 'sent' },
      { site: 'North Pit', rig: 'Rig 8', operator: 'Lee', metres: 4, hours: 2, status: 'deleted' },
    ]) as [string, string, string];
    await waitFor(() => expect(screen.getAllByTestId('live-report')).toHaveLength(2), WAIT);
    expect(text(row(a), 'live-title')).toBe('North Pit - Rig 7');
    expect(text(row(a), 'live-operator')).toBe('Jo');
    expect(text(row(a), 'live-metres')).toBe('12.5');
    expect(text(row(b), 'live-status')).toBe('Sent');
    expect(screen.getByTestId('live-total-count').textContent).toBe('2');
    expect(screen.getByTestId('live-total-metres').textContent).toBe('42.5');
    expect(screen.getByTestId('live-total-hours').textContent).toBe('17.5');
    // The deleted report shows under its own filter.
    openFilters();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Deleted' }));
    await waitFor(() => expect(screen.getAllByTestId('live-report')).toHaveLength(1));
    expect(row(c)).toBeTruthy();
    expect(screen.getByTestId('live-total-metres').textContent).toBe('4.0');
  });

  it('changes as the reports index changes (crews working)', async () => {
    const { sync } = await openLive();
    const [id] = seedIndex(sync, [{ site: 'North Pit', rig: 'Rig 7', operator: 'Jo', metres: 4 }]);
    const first = await screen.findByTestId('live-report', {}, WAIT);
    expect(text(first, 'live-metres')).toBe('4.0');
    const before = sync.registry
      .read(REPORTS_INDEX_DOC_NAME, readReportsIndex)
      .find((r) => r.id === id);
    if (!before) throw new Error('seeded row missing');
    sync.registry.mutate(REPORTS_INDEX_DOC_NAME, setReportsIndexRows, [
      { ...before, metres: 7, hours: 1.5, operator: 'Sam', updatedAt: new Date().toISOString() },
    ]);
    await waitFor(() => expect(text(row(id as string), 'live-metres')).toBe('7.0'), WAIT);
    expect(text(row(id as string), 'live-operator')).toBe('Sam');
    expect(within(row(id as string)).getByText('Just updated')).toBeTruthy();
    expect(screen.getByTestId('live-total-hours').textContent).toBe('1.5');

    seedIndex(sync, [{ site: 'South Pit', rig: 'Rig 9' }]);
    await waitFor(() => expect(screen.getAllByTestId('live-report')).toHaveLength(2), WAIT);
  });

  it('filters by site and driller, kept in the address', async () => {
    const { sync, router } = await openLive();
    const sites = seedSites(sync);
    const [north] = seedIndex(sync, [
      { site: 'North Pit', siteId: sites.north, operator: 'Jo' },
      { site: 'South Pit', siteId: sites.south, operator: 'Jo' },
      { site: 'North Pit', siteId: sites.north, operator: 'Sam' },
    ]);
    await waitFor(() => expect(screen.getAllByTestId('live-report')).toHaveLength(3), WAIT);
    openFilters();
    fireEvent.change(screen.getByLabelText('Site'), { target: { value: sites.north } });
    fireEvent.change(screen.getByLabelText('Driller'), { target: { value: 'Jo' } });
    await waitFor(() => expect(screen.getAllByTestId('live-report')).toHaveLength(1));
    expect(row(north as string)).toBeTruthy();
    expect(router.state.location.search).toBe(`?siteId=${sites.north}&driller=Jo`);
  });

  it('says late edits need the network when offline', async () => {
    const { sync } = await openLive();
    sync.connection.setEnabled(false);
    expect(await screen.findByText(/Late edits need the network/, {}, WAIT)).toBeTruthy();
  });
});
