import { screen, waitFor, within } from '@testing-library/react';
import {
  HOLES_DOC_NAME,
  SiteIds,
  addHoleToReport,
  addRun,
  registerHole,
  reportDocName,
  setStatus,
} from '@plod/model';
import type { HoleId } from '@plod/model';
import { closeApps, freshDevice, openApp } from '../testing/apps';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { setCurrentReportId } from '../session/current-report';
import { addKnownReportId } from '../session/known-reports';
import { testSyncRuntime } from '../sync/testing/runtime';
import { seedIndex, seedReport } from '../testing/seed';
import { watchShownText } from '../testing/shown';
import { holdDeviceCopy } from '../sync/testing/deviceCopy';

beforeEach(freshDevice);
afterEach(closeApps);

describe('Home dashboard', { timeout: 20_000 }, () => {
  it('is on STANDBY with no report in progress and no saved reports', async () => {
    openApp('/dashboard');
    expect(await screen.findByTestId('active-status')).toHaveProperty('textContent', 'STANDBY');
    expect(screen.getByText('No report in progress')).toBeTruthy();
    expect(screen.getByText('No saved reports yet')).toBeTruthy();
    expect(screen.getByText(/DAY SHIFT|NIGHT SHIFT/)).toBeTruthy();
    expect(screen.getByTestId('clock-time').textContent).toMatch(/^\d{2}:\d{2}:\d{2}$/);
  });

  it('shows the active hole of the current report, its progress and the run-sheets warning', async () => {
    const { sync } = openApp('/dashboard');
    const id = seedReport(sync, { siteName: 'North Pit', rigName: 'Rig 7' });
    sync.registry.mutate(
      reportDocName(id),
      addHoleToReport,
      { holeId: 'DH-2025-001', targetDepth: 100 },
      { startDepth: 96.04 },
    );
    setCurrentReportId(id);
    const hole = await screen.findByTestId('active-hole');
    expect(hole.textContent).toContain('DH-2025-001');
    expect(hole.textContent).toContain('96.0%');
    expect(screen.getByTestId('active-status').textContent).toBe('DRILLING');
    expect(screen.getByText('In Progress')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open' }).getAttribute('href')).toBe(`/plods/${id}`);
    const runSheets = screen.getByRole('link', { name: /Run Sheets/ });
    expect(runSheets.getAttribute('data-warning')).toBe('true');
    expect(within(runSheets).getByText('Within 6 m of target depth')).toBeTruthy();
  });

  it('shows the hole being drilled in the current plod, never a completed one or one from the register', async () => {
    const { sync } = openApp('/dashboard');
    const id = seedReport(sync, { siteName: 'North Pit', rigName: 'Rig 7' });
    const doc = reportDocName(id);
    // An open hole another shift registered: not being drilled on this plod.
    sync.registry.mutate(HOLES_DOC_NAME, registerHole, SiteIds.create(), {
      holeId: 'DH-OTHER',
      targetDepth: 200,
    });
    // DH-DONE is drilled to target first, then DH-NOW is started and drilled.
    sync.registry.mutate(
      doc,
      addHoleToReport,
      { holeId: 'DH-DONE', targetDepth: 10 },
      { startDepth: 8 },
    );
    sync.registry.mutate(doc, addRun, 'DH-DONE' as HoleId, { rodAdded: true, stickUp: 0 });
    setCurrentReportId(id);
    // Only a completed hole on this plod: nothing is being drilled (the register's open hole is not).
    // Total Holes counts real holes: DH-OTHER was only registered, never drilled by any plod.
    await waitFor(() => expect(screen.getByTestId('total-holes').textContent).toBe('1'));
    expect(screen.getByTestId('active-status').textContent).toBe('STANDBY');
    expect(screen.queryByTestId('active-hole')).toBeNull();
    sync.registry.mutate(doc, addHoleToReport, { holeId: 'DH-NOW', targetDepth: 100 });
    sync.registry.mutate(doc, addRun, 'DH-NOW' as HoleId, { rodAdded: true, stickUp: 0.5 });
    const hole = await screen.findByTestId('active-hole');
    expect(hole.textContent).toContain('DH-NOW');
    expect(screen.getByTestId('active-status').textContent).toBe('DRILLING');
  });

  it('follows the plod: a sent plod shows Sent, not In Progress, and no hole is being drilled', async () => {
    const { sync } = openApp('/dashboard');
    const id = seedReport(sync, { siteName: 'North Pit', rigName: 'Rig 7' });
    const doc = reportDocName(id);
    sync.registry.mutate(doc, addHoleToReport, { holeId: 'DH-SENT', targetDepth: 100 });
    setCurrentReportId(id);
    expect((await screen.findByTestId('active-report-status')).textContent).toBe('In Progress');
    expect(screen.getByTestId('active-status').textContent).toBe('DRILLING');
    sync.registry.mutate(doc, setStatus, 'sent');
    await waitFor(() =>
      expect(screen.getByTestId('active-report-status').textContent).toBe('Sent'),
    );
    expect(screen.queryByText('In Progress')).toBeNull();
    expect(screen.queryByTestId('active-hole')).toBeNull();
    expect(screen.getByTestId('active-status').textContent).toBe('STANDBY');
  });

  it('waits for the current plod on this phone before it says what is in progress', async () => {
    // The app's last run: a plod drilling DH-READ, the phone's current plod.
    const before = testSyncRuntime();
    const id = seedReport(before, { siteName: 'North Pit', rigName: 'Rig 7' });
    before.registry.mutate(reportDocName(id), addHoleToReport, {
      holeId: 'DH-READ',
      targetDepth: 100,
    });
    await before.registry.whenLoaded(reportDocName(id));
    await before.dispose();
    setCurrentReportId(id);
    addKnownReportId(id);

    // The app starts again on a phone slow to read the plod.
    const release = await holdDeviceCopy(reportDocName(id));
    onTestFinished(release);
    const shown = watchShownText();
    openApp('/dashboard');
    expect(await screen.findByText('Active Saved Report')).toBeTruthy();
    expect(screen.getByTestId('active-saved-report').textContent).toContain('Loading report...');
    expect(screen.queryByTestId('active-status')).toBeNull();
    expect(screen.getByText('Loading saved reports...')).toBeTruthy();
    await release();
    expect((await screen.findByTestId('active-hole')).textContent).toContain('DH-READ');
    expect(screen.getByTestId('active-status').textContent).toBe('DRILLING');
    expect(screen.getByTestId('active-saved-report').textContent).toContain('North Pit - Rig 7');
    expect(await screen.findByTestId('saved-report')).toBeTruthy();
    shown.stop();
    // Never what an empty copy says: no plod, nothing drilling, nothing saved.
    for (const placeholder of ['No report in progress', 'STANDBY', 'No saved reports yet']) {
      expect(shown.texts.filter((text) => text.includes(placeholder))).toEqual([]);
    }
  });

  it('lists the latest five saved reports with Edit, and View All when there are more', async () => {
    const { sync } = openApp('/dashboard');
    const ids = seedIndex(sync, [{}, {}, {}, {}, {}, {}, { status: 'deleted' }]);
    const saved = await screen.findAllByTestId('saved-report');
    expect(saved).toHaveLength(5);
    expect(screen.getByRole('link', { name: 'View All' }).getAttribute('href')).toBe('/plods');
    const edit = within(saved[0] as HTMLElement).getByRole('link', { name: 'Edit' });
    // Newest first: the sixth row has the latest update.
    expect(edit.getAttribute('href')).toBe(`/plods/${ids[5]}/edit`);
    // The row itself opens the plod at its address.
    const row = within(saved[0] as HTMLElement).getByRole('link', { name: /North Pit - Rig 7/ });
    expect(row.getAttribute('href')).toBe(`/plods/${ids[5]}`);
  });
});
