import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import {
  REPORT_SCHEMA_VERSION,
  ReportIds,
  addSurveyEntry,
  addTimesheetEntry,
  createReport,
  createReportUndo,
  readReport,
  removeTimesheetEntry,
  reportDocName,
} from '@plod/model';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { useDocSnapshot } from './hooks';
import type { SyncRuntime } from './runtime';
import { SyncProvider } from './SyncProvider';
import { offlineSyncRuntime } from './testing/runtime';
import { useUndoHistory } from './undo';

const runtimes: SyncRuntime[] = [];
afterEach(async () => {
  cleanup();
  await Promise.all(runtimes.splice(0).map((runtime) => runtime.dispose()));
});

async function openReport() {
  const runtime = offlineSyncRuntime({
    auth: null,
  });
  runtimes.push(runtime);
  const id = ReportIds.create();
  const name = reportDocName(id);
  await runtime.registry.whenLoaded(name);
  runtime.registry.mutate(name, createReport, { id });
  return { runtime, name };
}

function UndoButton({ name }: { name: string }) {
  const { next, undo } = useUndoHistory(name, createReportUndo);
  const report = useDocSnapshot(name, readReport);
  return (
    <>
      <p data-testid="rows">
        {report.timesheet.length} entries, {report.survey.length} points
      </p>
      {next && <button onClick={() => undo()}>Undo: {next.label}</button>}
    </>
  );
}

/** A change made on another phone, arriving as the provider would apply it. */
function fromAnotherPhone(doc: Y.Doc, change: (doc: Y.Doc) => void) {
  const other = new Y.Doc();
  Y.applyUpdate(other, Y.encodeStateAsUpdate(doc));
  change(other);
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(other, Y.encodeStateVector(doc)), 'network');
}

describe('useUndoHistory', () => {
  it('offers this device’s own mutations and never one that arrived from elsewhere', async () => {
    const { runtime, name } = await openReport();
    render(
      <SyncProvider runtime={runtime}>
        <UndoButton name={name} />
      </SyncProvider>,
    );
    // Changes made before the screen attached its history are not offered.
    expect(screen.queryByRole('button')).toBeNull();
    const id = runtime.registry.mutate(name, addTimesheetEntry, {
      startTime: '22:00',
      endTime: '02:00',
    });
    runtime.registry.mutate(name, removeTimesheetEntry, id);
    fromAnotherPhone(runtime.registry.entry(name).doc, (doc) => {
      addSurveyEntry(doc, { depth: 12 });
    });
    await waitFor(() => expect(screen.getByTestId('rows').textContent).toBe('0 entries, 1 points'));
    fireEvent.click(screen.getByRole('button', { name: 'Undo: time entry deleted' }));
    expect(screen.getByTestId('rows').textContent).toBe('1 entries, 1 points');
    fireEvent.click(screen.getByRole('button', { name: 'Undo: time entry added' }));
    // The crewmate's survey point stays; there is nothing else of ours to undo.
    expect(screen.getByTestId('rows').textContent).toBe('0 entries, 1 points');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('drops the history when the screen that held it goes', async () => {
    const { runtime, name } = await openReport();
    const view = render(
      <SyncProvider runtime={runtime}>
        <UndoButton name={name} />
      </SyncProvider>,
    );
    runtime.registry.mutate(name, addTimesheetEntry, { startTime: '06:00', endTime: '07:00' });
    expect(await screen.findByRole('button', { name: 'Undo: time entry added' })).toBeTruthy();
    view.unmount();
    render(
      <SyncProvider runtime={runtime}>
        <UndoButton name={name} />
      </SyncProvider>,
    );
    expect(screen.getByTestId('rows').textContent).toBe('1 entries, 0 points');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('undoes nothing once a phone on a newer version of Plod has stamped the plod', async () => {
    const { runtime, name } = await openReport();
    render(
      <SyncProvider runtime={runtime}>
        <UndoButton name={name} />
      </SyncProvider>,
    );
    runtime.registry.mutate(name, addTimesheetEntry, { startTime: '06:00', endTime: '07:00' });
    const undo = await screen.findByRole('button', { name: 'Undo: time entry added' });
    fromAnotherPhone(runtime.registry.entry(name).doc, (doc) => {
      doc.getMap('meta').set('schemaVersion', REPORT_SCHEMA_VERSION + 1);
      doc.getMap('schemaVersions').set(String(REPORT_SCHEMA_VERSION + 1), true);
    });
    fireEvent.click(undo);
    expect(screen.getByTestId('rows').textContent).toBe('1 entries, 0 points');
  });
});
