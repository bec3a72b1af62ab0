import 'fake-indexeddb/auto';
import { screen, within } from '@testing-library/react';
import { REPORT_SCHEMA_VERSION, ReportIds, reportDocName, type ReportId } from '@plod/model';
import { newerReportDoc, v1ReportDoc } from '@plod/model/testing';
import { afterEach, describe, expect, it } from 'vitest';
import type { SyncRuntime } from '../../sync';
import { leaveOnPhone } from '../../sync/testing/deviceCopy';
import { renderApp } from '../../testing/renderApp';
import { resetDevice } from '../report-common/testing';

// Screens are lazy chunks, and the first render of a file can take seconds on a busy machine.
const WAIT = { timeout: 20_000 };
const BANNER = 'This plod was saved by a newer version of Plod; update the app to change it';

const runtimes: SyncRuntime[] = [];
afterEach(async () => {
  await Promise.all(runtimes.splice(0).map((sync) => sync.dispose()));
  await resetDevice();
});

/** This phone's device copy of a plod, as another version of Plod left it. */
async function onThisPhone(
  make: (id: ReportId) => Parameters<typeof leaveOnPhone>[1],
): Promise<ReportId> {
  const id = ReportIds.create();
  await leaveOnPhone(reportDocName(id), make(id));
  return id;
}

function open(path: string): void {
  runtimes.push(renderApp(path).sync);
}

describe('a plod saved by a newer version of Plod', () => {
  const newer = (id: ReportId) => newerReportDoc(id, REPORT_SCHEMA_VERSION + 1);

  it('shows the banner on Timesheets and offers no way to add, edit or delete', async () => {
    open(`/plods/${await onThisPhone(newer)}/timesheets`);
    const banner = await screen.findByTestId('newer-plod', {}, WAIT);
    expect(within(banner).getByText(BANNER)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Timesheets' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Time Entry' })).toBeNull();
    // The plod is open, not finished: no "shift completed" notice beside the banner.
    expect(screen.queryByTestId('read-only')).toBeNull();
  });

  it('shows Shift Details as facts, with nothing to save', async () => {
    open(`/plods/${await onThisPhone(newer)}/shift-details`);
    await screen.findByTestId('newer-plod', {}, WAIT);
    const facts = await screen.findByTestId('shift-facts', {}, WAIT);
    expect(within(facts).getByText('North Pit')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save & Continue' })).toBeNull();
    expect(screen.queryByLabelText('Date')).toBeNull();
  });

  it('offers no crew changes, no run, no sign-off and no CSV edits', async () => {
    const id = await onThisPhone(newer);
    open(`/plods/${id}/crew`);
    await screen.findByTestId('newer-plod', {}, WAIT);
    expect(await screen.findByTestId('crew-assignment', {}, WAIT)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Assign Crew Member' })).toBeNull();
    await resetDevice();

    const again = await onThisPhone(newer);
    open(`/plods/${again}/run-sheets`);
    await screen.findByTestId('newer-plod', {}, WAIT);
    expect(screen.queryByRole('button', { name: 'Start Drilling' })).toBeNull();
    await resetDevice();

    const third = await onThisPhone(newer);
    open(`/plods/${third}/shift-completion`);
    await screen.findByTestId('newer-plod', {}, WAIT);
    expect(screen.queryByRole('button', { name: 'Submit Shift Report' })).toBeNull();
    await resetDevice();

    const fourth = await onThisPhone(newer);
    open(`/plods/${fourth}/csv`);
    await screen.findByTestId('newer-plod', {}, WAIT);
    expect(screen.queryByRole('radio', { name: 'Edit Mode' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
  });
});

describe('the whole plod saved by a newer version of Plod', () => {
  it('shows the banner above the plod, read as this version reads it', async () => {
    open(
      `/plods/${await onThisPhone((id) => newerReportDoc(id, REPORT_SCHEMA_VERSION + 1))}/report`,
    );
    const report = await screen.findByTestId('plod-report', {}, WAIT);
    expect(within(report).getByTestId('newer-plod').textContent).toContain(BANNER);
    expect(within(report).getAllByText('North Pit', { exact: false }).length).toBeGreaterThan(0);
  });
});

describe('a plod saved by version 1 of Plod', () => {
  it('is migrated as it opens: its primary driller shows, and no banner', async () => {
    open(`/plods/${await onThisPhone((id) => v1ReportDoc(id))}/crew`);
    const bob = (await screen.findAllByTestId('crew-assignment', {}, WAIT)).find((row) =>
      within(row).queryByText('Bob'),
    );
    expect(bob && within(bob).getByText('Primary')).toBeTruthy();
    const primaries = screen
      .getAllByTestId('crew-assignment')
      .filter((row) => within(row).queryByText('Primary'));
    expect(primaries).toHaveLength(1);
    expect(screen.queryByTestId('newer-plod')).toBeNull();
    // An ordinary plod of this version: every assignment can be changed.
    expect(screen.getAllByRole('button', { name: 'Remove' })).toHaveLength(3);
  });
});
