import { screen, within } from '@testing-library/react';
import {
  ReportIds,
  createReport,
  reportDocName,
  returnReport,
  setStatus,
  setSummaryOverrides,
  withActor,
  type ReportId,
} from '@plod/model';
import { afterEach, describe, expect, it } from 'vitest';
import { SUPERVISOR_KEY } from '../../auth';
import { openApp } from '../../testing/apps';
import {
  WAIT,
  joinAsDevice,
  resetSupervisorScreens,
  signInAsSupervisor,
} from '../../testing/supervisor';

afterEach(resetSupervisorScreens);

/** A submitted plod on the device, with a depth override; optionally returned to the crew. */
function openPlod({ returned = false } = {}): ReportId {
  const id = ReportIds.create();
  const { sync } = openApp(`/plods/${id}/report`);
  const doc = reportDocName(id);
  sync.registry.mutate(doc, createReport, {
    id,
    shift: { date: '2025-07-14', shiftType: 'day', siteName: 'North Pit', rigName: 'Rig 7' },
  });
  sync.registry.mutate(doc, setSummaryOverrides, { totalDepthDrilled: 12.5 });
  sync.registry.mutate(doc, setStatus, 'sent', '2025-07-14T18:00:00.000Z', 'Sam (Rig phone)');
  // The desk returns it: a supervisor's change, which reaches the phone by sync.
  const boss = { kind: 'supervisor', name: 'boss', deviceId: null, deviceName: null } as const;
  if (returned) {
    sync.registry.mutate(doc, (d) =>
      withActor(d, boss, () => returnReport(d, 'Add the survey', 'boss (supervisor)')),
    );
  }
  return id;
}

describe('Plod Report', () => {
  it('shows a supervisor the whole submitted plod, the override marked, with Approve and Return', async () => {
    signInAsSupervisor();
    openPlod();
    expect(await screen.findByTestId('report-title', {}, WAIT)).toHaveProperty(
      'textContent',
      'North Pit - Rig 7',
    );
    expect(screen.getByTestId('report-status-line').textContent).toMatch(
      /^Sent by Sam \(Rig phone\) on /,
    );
    const summary = screen.getByTestId('report-summary');
    expect(within(summary).getByTestId('override-note').textContent).toBe(
      '(overridden; runs add to 0.0 m)',
    );
    for (const section of [
      'Crew',
      'Holes and runs',
      'Timesheet',
      'Survey',
      'Maintenance',
      'Hire tools',
      'Notes',
      'Sign-off',
    ]) {
      expect(screen.getByRole('region', { name: section })).toBeTruthy();
    }
    expect(screen.getByTestId('no-signature')).toBeTruthy();
    // The change history names who changed what, the override included.
    const history = screen.getByRole('region', { name: 'Change history' });
    expect(history.textContent).toMatch(/Total depth/);
    expect(history.textContent).toMatch(/12\.5/);
    expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Return to crew' })).toBeTruthy();
  });

  it('shows a crew phone the return comment and the way back into the plod, never Approve', async () => {
    joinAsDevice();
    const id = openPlod({ returned: true });
    const comment = await screen.findByTestId('report-return-comment', {}, WAIT);
    expect(comment.textContent).toContain('Add the survey');
    expect(screen.getByTestId('report-status').textContent).toBe('Returned');
    expect(screen.getByRole('link', { name: 'Open the plod to fix it' }).getAttribute('href')).toBe(
      `/plods/${id}`,
    );
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('sends a client account from a supervisor screen to its plods for review', async () => {
    localStorage.setItem(
      SUPERVISOR_KEY,
      JSON.stringify({ username: 'acme', role: 'client', expiresAt: Date.now() + 3_600_000 }),
    );
    const { router } = openApp('/live');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Plods for review' }, WAIT),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/review');
  });
});
