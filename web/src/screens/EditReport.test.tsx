import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { readReport, reportDocName } from '@plod/model';
import { closeApps, openApp } from '../testing/apps';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyEditReport, editChanges, type EditReportValues } from '../reports/edit-report';
import { getKnownReportIds } from '../session/known-reports';
import { seedReport } from '../testing/seed';

beforeEach(() => localStorage.clear());
afterEach(closeApps);

/** A day-shift plod on an offline phone, opened at Edit Shift Report. */
async function openEditOffline() {
  const { sync, router } = openApp('/');
  sync.connection.setEnabled(false);
  const id = seedReport(sync, { shiftType: 'day', startTime: '06:00', endTime: '18:00' });
  await act(() => router.navigate(`/plods/${id}/edit`));
  return { sync, router, id };
}

describe('Edit Shift Report', { timeout: 20_000 }, () => {
  it('shows the derived values, saves only what changed as overrides, and returns to /', async () => {
    const { sync, router, id } = await openEditOffline();
    expect(await screen.findByText(`Report #${id}`)).toBeTruthy();
    expect(getKnownReportIds()).toContain(id);
    const hours = screen.getByLabelText('Hours Worked') as HTMLInputElement;
    // Derived from the timesheet, which has no entries yet (not the shift's twelve hours).
    expect(hours.value).toBe('0');
    expect(hours.getAttribute('inputmode')).toBe('decimal');
    expect(screen.getByLabelText('Holes Completed').getAttribute('inputmode')).toBe('numeric');

    fireEvent.change(screen.getByLabelText('Operator'), { target: { value: 'Sam Driller' } });
    fireEvent.change(screen.getByLabelText('Total Depth (m)'), { target: { value: '42.5' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Night Shift' }));
    fireEvent.change(screen.getByLabelText('Additional Notes'), { target: { value: 'Wet hole' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Shift report updated successfully')).toBeTruthy();
    const report = sync.registry.read(reportDocName(id), readReport);
    expect(report.overrides).toMatchObject({
      operator: 'Sam Driller',
      totalDepthDrilled: 42.5,
      hoursWorked: null, // untouched: keeps following the derived hours
    });
    expect(report.shift.shiftType).toBe('night');
    expect(report.notes).toBe('Wet hole');
  });

  it('follows the plod in the fields the person has not changed, and keeps what they typed', async () => {
    const { sync, router, id } = await openEditOffline();
    const operator = (await screen.findByLabelText('Operator')) as HTMLInputElement;
    expect(operator.value).toBe('');
    fireEvent.change(screen.getByLabelText('Additional Notes'), { target: { value: 'Mine' } });
    // Another phone's edit arrives while the form is open (or the server's copy reaches a phone
    // that opened its own older one).
    act(() => {
      sync.registry.mutate(reportDocName(id), applyEditReport, {
        overrides: { operator: 'Ann Driller' },
        notes: 'Theirs',
      });
    });
    await waitFor(() => expect(operator.value).toBe('Ann Driller'));
    expect((screen.getByLabelText('Additional Notes') as HTMLTextAreaElement).value).toBe('Mine');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const report = sync.registry.read(reportDocName(id), readReport);
    // Only what the person changed was written: the operator stays the other phone's.
    expect(report.overrides.operator).toBe('Ann Driller');
    expect(report.notes).toBe('Mine');
  });

  it('says Report not found, with Back to Dashboard, for an id that names no report', async () => {
    const { router } = openApp('/edit-report/r-42');
    expect(await screen.findByText('Report not found')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/plods/r-42/edit');
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
  });

  it('says plainly that a plod this phone never had cannot open while offline', async () => {
    const { sync } = openApp('/plods/0190a0a0-0000-7000-8000-000000000000/edit');
    sync.connection.setEnabled(false);
    const card = await screen.findByTestId('plod-not-on-device');
    expect(card.textContent).toContain('Not on this phone yet: connect to open it');
    expect(card.textContent).toContain('the phone is offline');
    // Nothing is shown as if the plod existed, and nothing offers to save into it.
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Go Online' }));
    expect(sync.connection.getState().enabled).toBe(true);
  });
});

describe('editChanges', () => {
  /** A plod's form with nothing typed and no figures. */
  const BLANK: EditReportValues = {
    operator: '',
    shiftType: null,
    holesCompleted: '0',
    totalDepthDrilled: '0',
    hoursWorked: '0',
    notes: '',
  };

  it('clears an override when its field is emptied, so the derived value shows again', () => {
    const values: EditReportValues = { ...BLANK, hoursWorked: ' ' };
    const shown = { ...values, hoursWorked: '5.5' };
    expect(editChanges(values, (field) => field === 'hoursWorked', shown)).toEqual({
      overrides: { hoursWorked: null },
    });
  });

  it('writes no override for a figure that reads what the plod shows, even if the form marks it changed', () => {
    const shown: EditReportValues = { ...BLANK, totalDepthDrilled: '5.5', hoursWorked: '5.5' };
    const values = { ...shown, totalDepthDrilled: '12.5' };
    const marked = (field: keyof EditReportValues) =>
      field === 'totalDepthDrilled' || field === 'hoursWorked';
    expect(editChanges(values, marked, shown)).toEqual({
      overrides: { totalDepthDrilled: '12.5' },
    });
  });
});
