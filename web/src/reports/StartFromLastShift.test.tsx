import { fireEvent, screen, waitFor } from '@testing-library/react';
import {
  RigIds,
  SiteIds,
  addHoleToReport,
  addRun,
  assignCrewMember,
  readReport,
  reportDocName,
  setStatus,
} from '@plod/model';
import type { HoleId, ReportId } from '@plod/model';
import { closeApps, freshDevice, openApp } from '../testing/apps';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getCurrentReportId } from '../session/current-report';
import { addKnownReportId } from '../session/known-reports';
import { seedReport } from '../testing/seed';

beforeEach(freshDevice);
afterEach(closeApps);

const OPEN = 'DH-CARRY' as HoleId;

describe('Start from last shift', { timeout: 20_000 }, () => {
  it('makes the next plod in one tap: same site, rig, crew and roles, and the hole still drilling', async () => {
    const { sync, router } = openApp('/');
    const lastId = seedReport(sync, {
      date: '2025-07-14',
      shiftType: 'day',
      siteId: SiteIds.create(),
      rigId: RigIds.create(),
      siteName: 'North Pit',
      rigName: 'Rig 7',
    });
    const last = reportDocName(lastId);
    sync.registry.mutate(last, assignCrewMember, { crewMemberName: 'Alex', isPrimary: true });
    sync.registry.mutate(last, assignCrewMember, { crewMemberName: 'Jo', role: 'offsider' });
    sync.registry.mutate(last, addHoleToReport, { holeId: OPEN, targetDepth: 100 });
    sync.registry.mutate(last, addRun, OPEN, { rodAdded: true, stickUp: 0 });
    sync.registry.mutate(last, setStatus, 'sent');
    addKnownReportId(lastId);

    const summary = await screen.findByTestId('last-shift-summary');
    expect(summary.textContent).toBe('North Pit - Rig 7 · 2 crew · DH-CARRY at 3.5 m');
    fireEvent.click(screen.getByRole('button', { name: 'Start from last shift' }));

    const nextId = getCurrentReportId() as ReportId;
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/plods/${nextId}/shift-details`),
    );
    expect(nextId).not.toBe(lastId);
    const next = sync.registry.read(reportDocName(nextId), readReport);
    expect(next.status).toBe('active');
    expect(next.shift).toMatchObject({ siteName: 'North Pit', rigName: 'Rig 7' });
    expect(next.crew.map((c) => [c.crewMemberName, c.role, c.isPrimary])).toEqual([
      ['Alex', 'driller', true],
      ['Jo', 'offsider', false],
    ]);
    expect(next.holes.map((h) => [h.holeId, h.currentDepth, h.runs.length])).toEqual([
      [OPEN, 3.5, 0],
    ]);
  });

  it('is not offered before this phone has a shift with a site', async () => {
    const { sync } = openApp('/');
    addKnownReportId(seedReport(sync, { date: '2025-07-14' }));
    await waitFor(() => expect(screen.getAllByTestId('report-card')).toHaveLength(1), {
      timeout: 10_000,
    });
    expect(screen.queryByRole('button', { name: 'Start from last shift' })).toBeNull();
  });
});
