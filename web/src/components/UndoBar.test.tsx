import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import {
  addHoleToReport,
  addRun,
  addTimesheetEntry,
  readReport,
  setStatus,
  type HoleId,
} from '@plod/model';
import { describe, expect, it } from 'vitest';
import { cleanupReports, openReport } from '../screens/plod/testReport';

cleanupReports();

const WAIT = { timeout: 10_000 };
const HOLE = 'DH-UNDO-1' as HoleId;
const rod = {
  style: 'run-sheet',
  rodAdded: true,
  stickUp: 0,
  oriToolUsed: false,
  notes: null,
} as const;

describe('the Undo bar', () => {
  it('undoes a run added on the run sheet, then the hole before it', async () => {
    const { sync, docName } = openReport('/run-sheets');
    await screen.findByRole('heading', { level: 1, name: 'Run Sheets' }, WAIT);
    act(() => {
      sync.registry.mutate(docName, addHoleToReport, { holeId: HOLE, targetDepth: 100 });
      sync.registry.mutate(docName, addRun, HOLE, rod);
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Undo: run added' }));
    await waitFor(() => expect(sync.registry.read(docName, readReport).totals.runCount).toBe(0));
    expect(sync.registry.read(docName, readReport).holes).toHaveLength(1);
    fireEvent.click(await screen.findByRole('button', { name: 'Undo: hole started' }));
    await waitFor(() => expect(sync.registry.read(docName, readReport).holes).toHaveLength(0));
    expect(screen.queryByRole('button', { name: /^Undo:/ })).toBeNull();
  }, 30_000);

  it('keeps the history across the plod’s screens and drops it when the plod is left', async () => {
    const { sync, router, id, docName } = openReport('/timesheets');
    await screen.findByRole('heading', { level: 1, name: 'Timesheets' }, WAIT);
    act(() => {
      sync.registry.mutate(docName, addTimesheetEntry, { startTime: '22:00', endTime: '02:00' });
    });
    expect(await screen.findByRole('button', { name: 'Undo: time entry added' })).toBeTruthy();
    await act(() => router.navigate(`/plods/${id}/survey`));
    expect(await screen.findByRole('button', { name: 'Undo: time entry added' })).toBeTruthy();
    await act(() => router.navigate('/'));
    await screen.findByRole('heading', { level: 1, name: 'Plods' }, WAIT);
    await act(() => router.navigate(`/plods/${id}/timesheets`));
    await screen.findByRole('heading', { level: 1, name: 'Timesheets' }, WAIT);
    expect(screen.getByTestId('total-hours').textContent).toBe('4.0');
    expect(screen.queryByRole('button', { name: /^Undo:/ })).toBeNull();
  }, 30_000);

  it('goes once the shift is completed, and does not come back on reopening', async () => {
    const { sync, docName } = openReport('/timesheets');
    await screen.findByRole('heading', { level: 1, name: 'Timesheets' }, WAIT);
    act(() => {
      sync.registry.mutate(docName, addTimesheetEntry, { startTime: '06:00', endTime: '07:00' });
    });
    expect(await screen.findByRole('button', { name: 'Undo: time entry added' })).toBeTruthy();
    act(() => sync.registry.mutate(docName, setStatus, 'completed'));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Undo:/ })).toBeNull());
    act(() => sync.registry.mutate(docName, setStatus, 'active'));
    await screen.findByRole('button', { name: 'Add Time Entry' });
    expect(screen.queryByRole('button', { name: /^Undo:/ })).toBeNull();
  }, 30_000);
});
