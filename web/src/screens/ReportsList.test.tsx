import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { REPORTS_INDEX_DOC_NAME, readReport, reportDocName } from '@plod/model';
import type { ReportId } from '@plod/model';
import { closeApps, freshDevice, openApp } from '../testing/apps';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { getCurrentReportId } from '../session/current-report';
import { addKnownReportId, getKnownReportIds } from '../session/known-reports';
import { testSyncRuntime } from '../sync/testing/runtime';
import { seedIndex, seedReport } from '../testing/seed';
import { watchShownText } from '../testing/shown';
import { holdDeviceCopy } from '../sync/testing/deviceCopy';

// Lazy routes load their chunk on first visit; under a busy test run that can take seconds.

const open = (path: string, storage: Storage | null = null) => openApp(path, { storage });

beforeEach(freshDevice);
afterEach(closeApps);

describe('Reports list', { timeout: 20_000 }, () => {
  it('shows the empty states for each tab', async () => {
    open('/');
    expect(await screen.findByText('No active reports')).toBeTruthy();
    expect(screen.getByText('Create a new drill report to get started')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: /Sent/ }));
    expect(await screen.findByText('No sent reports')).toBeTruthy();
    expect(screen.queryByText('Create a new drill report to get started')).toBeNull();
  });

  it('New Report makes the report on the device at once, makes it current and opens it', async () => {
    const { sync, router } = open('/');
    fireEvent.click(await screen.findByRole('button', { name: 'New Report' }));
    // The write code loads on the first tap (a local chunk), so the report lands a moment later.
    await waitFor(() => expect(getCurrentReportId()).not.toBeNull());
    const id = getCurrentReportId();
    expect(getKnownReportIds()).toContain(id);
    // It opens at the plod's own address: its Drill Report Dashboard.
    await waitFor(() => expect(router.state.location.pathname).toBe(`/plods/${id}`));
    const report = sync.registry.read(reportDocName(id as ReportId), readReport);
    expect(report).toMatchObject({ id, status: 'active' });
    // The shift of this hour, with its default times: a night shift runs 18:00 - 06:00.
    expect(report.shift).toMatchObject(
      report.shift.shiftType === 'night'
        ? { startTime: '18:00', endTime: '06:00' }
        : { shiftType: 'day', startTime: '06:00', endTime: '18:00' },
    );
  });

  it('lists index rows and device reports in the right tabs with their figures', async () => {
    const { sync } = open('/plods');
    const local = seedReport(sync, { siteName: 'Offline Site', rigName: 'Rig 2' });
    addKnownReportId(local);
    // A crew phone lists the sent plods of its last 14 days; older ones come from the server.
    const today = new Date().toISOString().slice(0, 10);
    seedIndex(sync, [
      { site: 'North Pit', rig: 'Rig 7', operator: 'Sam', metres: 42.25, hours: 11.5 },
      { status: 'sent', site: 'South Pit', date: today },
      { status: 'sent', site: 'Last Year Pit', date: '2025-07-12' },
      { status: 'deleted', site: 'Old Pit' },
    ]);
    // The index's row is drawn at once, the phone's own plod once its copy is read.
    await waitFor(() => expect(screen.getAllByTestId('report-card')).toHaveLength(2));
    const cards = screen.getAllByTestId('report-card');
    const north = cards.find((card) => card.textContent?.includes('North Pit - Rig 7'));
    expect(north?.textContent).toContain('Sam');
    expect(north?.textContent).toContain('42.3 m');
    expect(north?.textContent).toContain('11.5');
    expect(screen.getByText('Offline Site - Rig 2')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: /Sent/ }));
    const sent = await screen.findByTestId('report-card');
    expect(screen.getAllByTestId('report-card')).toHaveLength(1);
    expect(sent.textContent).toContain('South Pit');
    expect(screen.queryByText(/Last Year Pit/)).toBeNull();
    expect(await screen.findByRole('button', { name: 'Show older' })).toBeTruthy();
    const csv = within(sent).getByRole('link', { name: 'Export CSV' });
    const id = sent.getAttribute('data-report-id');
    expect(csv.getAttribute('href')).toBe(`/plods/${id}/csv`);
    const runSheets = within(sent).getByRole('link', { name: 'Run Sheets' });
    expect(runSheets.getAttribute('href')).toBe(`/plods/${id}/run-sheets`);
    expect(within(sent).getByRole('link', { name: 'Edit Report' }).getAttribute('href')).toBe(
      `/plods/${id}/edit`,
    );
    // The card's heading opens the plod itself.
    expect(within(sent).getByTestId('open-plod').getAttribute('href')).toBe(`/plods/${id}`);
  });

  it('asks before deleting, then moves the report to the Deleted tab (soft delete)', async () => {
    const { sync } = open('/');
    const id = seedReport(sync, { siteName: 'Delete Me' });
    addKnownReportId(id);
    sync.connection.setEnabled(false);
    const card = await screen.findByTestId('report-card');
    fireEvent.click(within(card).getByRole('button', { name: 'Delete report' }));
    expect(await screen.findByText('Are you sure you want to delete this report?')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    });
    await waitFor(() =>
      expect(sync.registry.read(reportDocName(id), readReport).status).toBe('deleted'),
    );
    expect(await screen.findByText('No active reports')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: /Deleted/ }));
    expect(await screen.findByText('Delete Me - No rig')).toBeTruthy();
  });

  it('draws a plod edited on this phone from its own copy, never its older row in the index first', async () => {
    // The app's last run on this phone: the server's index lists the plod as it was made (no site,
    // a day shift); the phone has since set its site, rig and night shift, not sent yet.
    const before = testSyncRuntime(localStorage);
    const id = seedReport(before, {
      date: '2025-07-10',
      shiftType: 'night',
      siteName: 'Night Pit',
      rigName: 'Rig 9',
    });
    seedIndex(before, [{ id, site: null, rig: null, shiftType: 'day', date: '2025-07-10' }]);
    addKnownReportId(id);
    await before.registry.whenLoaded(reportDocName(id));
    await before.registry.whenLoaded(REPORTS_INDEX_DOC_NAME);
    await before.dispose();

    // The app starts again with no signal, on a phone slow to read the plod.
    const release = await holdDeviceCopy(reportDocName(id));
    onTestFinished(release);
    const shown = watchShownText();
    open('/', localStorage);
    expect(await screen.findByRole('tab', { name: /Active/ })).toBeTruthy();
    expect(screen.queryByTestId('report-card')).toBeNull();
    expect(screen.getByTestId('plods-loading')).toBeTruthy();
    await release();
    const card = await screen.findByTestId('report-card');
    expect(card.textContent).toContain('Night Pit - Rig 9');
    expect(card.textContent).toContain('Night Shift');
    shown.stop();
    expect(shown.texts.filter((text) => text.includes('No site - No rig'))).toEqual([]);
    expect(shown.texts.filter((text) => text.includes('Day Shift'))).toEqual([]);
    expect(shown.texts.filter((text) => text.includes('No active reports'))).toEqual([]);
  });

  it('says it is loading, never that there are no reports, until a plod only this phone has is read', async () => {
    const before = testSyncRuntime();
    const id = seedReport(before, { siteName: 'Offline Pit', rigName: 'Rig 3' });
    addKnownReportId(id);
    await before.registry.whenLoaded(reportDocName(id));
    await before.dispose();

    const release = await holdDeviceCopy(reportDocName(id));
    onTestFinished(release);
    const shown = watchShownText();
    open('/');
    expect(await screen.findByRole('tab', { name: /Active/ })).toBeTruthy();
    expect(screen.getByTestId('plods-loading')).toBeTruthy();
    await release();
    expect(await screen.findByText('Offline Pit - Rig 3')).toBeTruthy();
    shown.stop();
    expect(shown.texts.filter((text) => text.includes('No active reports'))).toEqual([]);
  });

  it('draws each plod this phone holds as soon as its copy is read, never waiting on a slow one', async () => {
    const before = testSyncRuntime();
    const quick = seedReport(before, { siteName: 'Quick Pit', rigName: 'Rig 1' });
    const slow = seedReport(before, { siteName: 'Slow Pit', rigName: 'Rig 2' });
    for (const id of [quick, slow]) {
      addKnownReportId(id);
      await before.registry.whenLoaded(reportDocName(id));
    }
    await before.dispose();

    const release = await holdDeviceCopy(reportDocName(slow));
    onTestFinished(release);
    const shown = watchShownText();
    open('/');
    expect(await screen.findByText('Quick Pit - Rig 1')).toBeTruthy();
    expect(screen.getByTestId('plods-reading').textContent).toBe(
      'Reading 1 more plod on this phone…',
    );
    expect(screen.queryByText(/Slow Pit/)).toBeNull();
    await release();
    expect(await screen.findByText('Slow Pit - Rig 2')).toBeTruthy();
    expect(screen.queryByTestId('plods-reading')).toBeNull();
    shown.stop();
    expect(shown.texts.filter((text) => text.includes('No site - No rig'))).toEqual([]);
  });

  it('opens Settings with version and Site Setup, and Offline Setup with the pending count', async () => {
    const { sync } = open('/');
    sync.connection.setEnabled(false);
    const id = seedReport(sync);
    expect(id).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Settings' }));
    expect(await screen.findByText('Version v2.1')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Site Setup' }).getAttribute('href')).toBe(
      '/site-setup',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getByRole('button', { name: 'Offline Setup' }));
    expect((await screen.findByTestId('offline-pending')).textContent).toBe('1 change');
  });
});
