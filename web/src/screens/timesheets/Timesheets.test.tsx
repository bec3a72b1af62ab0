import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  addTimesheetEntry,
  readReport,
  setStatus,
  TIMESHEET_OVER_CAP_MESSAGE,
  updateTimesheetEntry,
} from '@plod/model';
import { describe, expect, it } from 'vitest';
import { chooseOption, cleanupReports, openReport } from '../plod/testReport';

cleanupReports();

describe('Timesheets', () => {
  it('shows the empty state, 0 hours and 12 remaining', async () => {
    const { id, router } = openReport('/timesheets');
    expect(await screen.findByText('No time entries recorded')).toBeTruthy();
    expect(screen.getByText('Add your first time entry to start tracking hours')).toBeTruthy();
    expect(screen.getByTestId('total-hours').textContent).toBe('0.0');
    expect(screen.getByTestId('remaining-hours').textContent).toBe('12.0');
    // Back stays in the app (a full page load would end this phone's Undo history of the plod).
    fireEvent.click(screen.getByRole('link', { name: /Back/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/plods/${id}`));
  });

  it('adds an entry with hours derived from start and end, then resets the modal', async () => {
    openReport('/timesheets');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Time Entry' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByPlaceholderText('e.g. DH001')).toBeTruthy();
    expect((within(dialog).getByLabelText('Activity') as HTMLInputElement).value).toBe('Drilling');
    fireEvent.change(within(dialog).getByLabelText('Hole ID'), { target: { value: 'DH007' } });
    await chooseOption('Start Time', '6:00 AM');
    await chooseOption('End Time', '9:30 AM');
    expect((screen.getByTestId('calculated-hours') as HTMLInputElement).value).toBe('3.5');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Entry' }));
    const table = await screen.findByTestId('timesheet-table');
    expect(within(table).getByText('DH007')).toBeTruthy();
    expect(screen.getByTestId('total-hours').textContent).toBe('3.5');
    expect(screen.getByTestId('remaining-hours').textContent).toBe('8.5');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Add Time Entry' }));
    expect(((await screen.findByLabelText('Hole ID')) as HTMLInputElement).value).toBe('');
    // Two 48-option time lists make this the slow test of the file.
  }, 30_000);

  it('keeps every row and warns when merged entries pass 12 hours', async () => {
    const { sync, docName } = openReport('/timesheets');
    // Two phones' entries after a merge: 8 h + 6 h.
    sync.registry.mutate(docName, addTimesheetEntry, { startTime: '06:00', endTime: '14:00' });
    sync.registry.mutate(docName, addTimesheetEntry, { startTime: '10:00', endTime: '16:00' });
    expect((await screen.findByTestId('timesheet-warning')).textContent).toContain(
      TIMESHEET_OVER_CAP_MESSAGE,
    );
    expect(screen.getByTestId('total-hours').textContent).toBe('14.0');
    expect(screen.getByTestId('remaining-hours').textContent).toBe('0.0');
    expect(screen.getByTestId('timesheet-status').textContent).toBe('OVER');
    // Component tests render at phone size: one card per entry, both kept.
    expect(screen.getAllByTestId('timesheet-table-card')).toHaveLength(2);
  });

  it('offers no Add Time Entry once the shift is completed', async () => {
    const { sync, docName } = openReport('/timesheets');
    sync.registry.mutate(docName, setStatus, 'completed');
    expect(await screen.findByTestId('read-only')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Time Entry' })).toBeNull();
    // No "OPEN" for hours that can no longer be added.
    expect(screen.getByTestId('timesheet-status').textContent).toBe('LOCKED');
  });

  it('counts a night entry 10 PM -> 2 AM as 4.0 h, and asks before saving 2 PM -> 1 PM', async () => {
    openReport('/timesheets');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Time Entry' }));
    await screen.findByRole('dialog');
    await chooseOption('Start Time', '10:00 PM');
    await chooseOption('End Time', '2:00 AM');
    expect((screen.getByTestId('calculated-hours') as HTMLInputElement).value).toBe('4.0');
    expect(screen.getByText('Ends the next day')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add Entry' }));
    await waitFor(() => expect(screen.getByTestId('total-hours').textContent).toBe('4.0'));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Add Time Entry' }));
    await screen.findByRole('dialog');
    await chooseOption('Start Time', '2:00 PM');
    await chooseOption('End Time', '1:00 PM');
    fireEvent.click(screen.getByRole('button', { name: 'Add Entry' }));
    const question = await screen.findByTestId('hours-question');
    expect(question.textContent).toContain('23.0 hours, ending the next day');
    expect(screen.getByTestId('total-hours').textContent).toBe('4.0');
    fireEvent.click(within(question).getByRole('button', { name: 'Save Anyway' }));
    await waitFor(() => expect(screen.getByTestId('total-hours').textContent).toBe('27.0'));
  }, 60_000);

  it('edits an entry in a form holding its values, and writes only the fields changed', async () => {
    const { sync, docName } = openReport('/timesheets');
    const id = sync.registry.mutate(docName, addTimesheetEntry, {
      holeId: 'DH001',
      startTime: '06:00',
      endTime: '10:00',
      notes: 'first',
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Edit time entry/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Time Entry' });
    const hole = within(dialog).getByLabelText('Hole ID') as HTMLInputElement;
    expect(hole.value).toBe('DH001');
    expect((within(dialog).getByLabelText('Notes (Optional)') as HTMLTextAreaElement).value).toBe(
      'first',
    );
    // A crewmate changes the notes while this form is open: saving the hole ID must not undo it.
    sync.registry.mutate(docName, updateTimesheetEntry, id, { notes: 'from Jordan' });
    fireEvent.change(hole, { target: { value: 'DH002' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [entry] = sync.registry.read(docName, readReport).timesheet;
    expect(entry).toMatchObject({ holeId: 'DH002', notes: 'from Jordan', hours: 4 });
  }, 30_000);

  it('deletes an entry only once confirmed, and Undo on this phone brings it back', async () => {
    const { sync, docName } = openReport('/timesheets');
    sync.registry.mutate(docName, addTimesheetEntry, { startTime: '22:00', endTime: '02:00' });
    const remove = await screen.findByRole('button', { name: /^Delete time entry/ });
    fireEvent.click(remove);
    let question = await screen.findByRole('dialog', { name: 'Delete time entry?' });
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('total-hours').textContent).toBe('4.0');
    fireEvent.click(remove);
    question = await screen.findByRole('dialog', { name: 'Delete time entry?' });
    fireEvent.click(within(question).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No time entries recorded')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Undo: time entry deleted' }));
    await waitFor(() => expect(screen.getByTestId('total-hours').textContent).toBe('4.0'));
    expect(within(screen.getByTestId('timesheet-table')).getByText('10:00 PM')).toBeTruthy();
  }, 30_000);
});
