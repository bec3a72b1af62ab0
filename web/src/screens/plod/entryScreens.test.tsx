import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  addHireToolUsage,
  addMaintenanceEntry,
  addSurveyEntry,
  readReport,
  setStatus,
  updateHireToolUsage,
} from '@plod/model';
import { describe, expect, it } from 'vitest';
import { estimatedCost, HIRE_TOOL_DEFAULTS } from '../hire-tools/HireToolForm';
import { surveyHoleOptions } from '../survey/SurveyForm';
import { flipSign } from './SignedNumberInput';
import { cleanupReports, openReport } from './testReport';

cleanupReports();

/** The last button of that name: the form's submit, below the screen's own add button. */
const lastButton = (name: string) => {
  const button = screen.getAllByRole('button', { name }).at(-1);
  if (!button) throw new Error(`no ${name} button`);
  return button;
};

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('Drill Site Maintenance', () => {
  it('disables Add Task until a description is typed, then adds with the SPEC defaults', async () => {
    openReport('/drill-site-maintenance');
    expect(await screen.findByText('No maintenance tasks recorded yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add Maintenance Task' }));
    const add = screen.getByRole('button', { name: 'Add Task' });
    expect(add.hasAttribute('disabled')).toBe(true);
    expect((screen.getByLabelText('Time Spent (hours)') as HTMLInputElement).value).toBe('0');
    expect(screen.getByLabelText('Time Spent (hours)').getAttribute('inputmode')).toBe('decimal');
    type('Description', 'Changed hydraulic filter');
    type('Time Spent (hours)', '1.5');
    fireEvent.click(screen.getByRole('button', { name: 'Add Task' }));
    const table = await screen.findByTestId('maintenance-table');
    const row = within(table).getByText('Changed hydraulic filter').closest('tr, li');
    expect(row?.textContent).toContain('Rig');
    expect(row?.textContent).toContain('Hydraulics');
    expect(row?.textContent).toContain('Preventive');
    expect(row?.textContent).toContain('1.5 h');
    expect(screen.getByTestId('task-count').textContent).toBe('1');
    expect(screen.getByTestId('maintenance-hours').textContent).toBe('1.5');
  }, 20_000);

  it('deletes a task only after the question, and edits one keeping the rest as it was', async () => {
    const { sync, docName } = openReport('/drill-site-maintenance');
    sync.registry.mutate(docName, addMaintenanceEntry, { description: 'Hose', timeSpent: 1 });
    sync.registry.mutate(docName, addMaintenanceEntry, {
      description: 'Filter',
      status: 'pending',
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit maintenance task Filter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Maintenance Task' });
    expect((within(dialog).getByLabelText('Description') as HTMLTextAreaElement).value).toBe(
      'Filter',
    );
    expect(within(dialog).getByLabelText('Time Spent (hours)').getAttribute('inputmode')).toBe(
      'decimal',
    );
    fireEvent.change(within(dialog).getByLabelText('Time Spent (hours)'), {
      target: { value: '2.5' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getByTestId('maintenance-hours').textContent).toBe('3.5'));
    const filter = sync.registry
      .read(docName, readReport)
      .maintenance.find((m) => m.description === 'Filter');
    expect(filter).toMatchObject({ timeSpent: 2.5, status: 'pending', equipmentType: 'rig' });

    fireEvent.click(screen.getByRole('button', { name: 'Delete maintenance task Hose' }));
    const question = await screen.findByRole('dialog', { name: 'Delete maintenance task?' });
    expect(question.textContent).toContain('Hose will be removed from this plod');
    fireEvent.click(within(question).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByTestId('task-count').textContent).toBe('1'));
  }, 30_000);

  it('shows only completed in green', async () => {
    const { sync, docName } = openReport('/drill-site-maintenance');
    sync.registry.mutate(docName, addMaintenanceEntry, { description: 'a', status: 'completed' });
    sync.registry.mutate(docName, addMaintenanceEntry, { description: 'b', status: 'pending' });
    const table = await screen.findByTestId('maintenance-table');
    const done = within(table).getByText('Completed');
    const pending = within(table).getByText('Pending');
    expect(done.closest('[data-color]')?.getAttribute('data-color')).toBe('green');
    expect(pending.closest('[data-color]')?.getAttribute('data-color')).toBe('gray');
    expect(screen.getByTestId('maintenance-hours').textContent).toBe('0.0');
  });
});

describe('Survey Data', () => {
  it('adds a point with dip -60 and method magnetic by default, and averages depth', async () => {
    const { sync, docName } = openReport('/survey');
    expect(await screen.findByText('No survey points recorded yet')).toBeTruthy();
    sync.registry.mutate(docName, addSurveyEntry, { depth: 10 });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Survey Point' }));
    expect((screen.getByLabelText('Dip (°)') as HTMLInputElement).value).toBe('-60');
    const method = screen.getAllByLabelText('Method').find((el) => el.tagName === 'INPUT');
    expect((method as HTMLInputElement).value).toBe('Magnetic');
    expect(screen.getByLabelText('Depth (m)').getAttribute('inputmode')).toBe('decimal');
    type('Depth (m)', '25.5');
    type('Azimuth (°)', '270');
    fireEvent.click(lastButton('Add Survey Point'));
    const table = await screen.findByTestId('survey-table');
    expect(within(table).getByText('25.5 m')).toBeTruthy();
    expect(within(table).getByText('270°')).toBeTruthy();
    expect(within(table).getAllByText('-60°')).toHaveLength(2);
    expect(screen.getByTestId('point-count').textContent).toBe('2');
    expect(screen.getByTestId('average-depth').textContent).toBe('17.8 m');
  }, 20_000);

  it('edits a dip with the sign button, so a keypad without a minus still gets -75', async () => {
    const { sync, docName } = openReport('/survey');
    sync.registry.mutate(docName, addSurveyEntry, { depth: 30, dip: -60, notes: 'kept' });
    fireEvent.click(await screen.findByRole('button', { name: /^Edit survey point/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Survey Point' });
    const dip = within(dialog).getByLabelText('Dip (°)') as HTMLInputElement;
    expect(dip.value).toBe('-60');
    // Dip and azimuth are read to one decimal: the decimal keypad.
    expect(dip.getAttribute('inputmode')).toBe('decimal');
    expect(within(dialog).getByLabelText('Depth (m)').getAttribute('inputmode')).toBe('decimal');
    expect(within(dialog).getByLabelText('Azimuth (°)').getAttribute('inputmode')).toBe('decimal');
    // What a phone's number pad can type: digits only.
    fireEvent.change(dip, { target: { value: '75' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change the sign of Dip (°)' }));
    expect(dip.value).toBe('-75');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [point] = sync.registry.read(docName, readReport).survey;
    expect(point).toMatchObject({ dip: -75, depth: 30, notes: 'kept', method: 'magnetic' });
  }, 30_000);

  it('flips the sign of what is typed so far', () => {
    expect(flipSign(75)).toBe(-75);
    expect(flipSign(-75)).toBe(75);
    expect(flipSign(0)).toBe(0);
    expect(flipSign('')).toBe('-');
    expect(flipSign('-')).toBe('');
    expect(flipSign('12')).toBe('-12');
    expect(flipSign('-12')).toBe('12');
  });

  it('offers the real holes once each, without fixed examples', () => {
    expect(surveyHoleOptions(['DH-2025-004', 'DH-2025-002', 'DH-2025-004', ''])).toEqual([
      'DH-2025-004',
      'DH-2025-002',
    ]);
  });
});

describe('Hire Tools', () => {
  it('takes a free-text name when the library is empty, shows the live cost and the total', async () => {
    openReport('/hire-tools');
    expect(await screen.findByText('No hire tools recorded yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add Hire Tool' }));
    expect(screen.getByTestId('estimated-cost').textContent).toBe('Estimated cost: $0.00');
    type('Tool Name', 'Core saw');
    type('Quantity', '2');
    type('Hours', '1.5');
    type('Rate/Hr ($)', '40.25');
    expect(screen.getByTestId('estimated-cost').textContent).toBe('Estimated cost: $120.75');
    fireEvent.click(lastButton('Add Hire Tool'));
    const table = await screen.findByTestId('hire-tools-table');
    expect(within(table).getByText('Core saw')).toBeTruthy();
    expect(within(table).getByText('$120.75')).toBeTruthy();
    expect(screen.getByTestId('hire-total-cost').textContent).toBe('$120.75');
  });

  it('edits a row and writes only the changed field over a crewmate’s change', async () => {
    const { sync, docName } = openReport('/hire-tools');
    const id = sync.registry.mutate(docName, addHireToolUsage, {
      toolName: 'Core saw',
      quantity: 1,
      hours: 2,
      ratePerHour: 10,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit hire tool Core saw x1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Hire Tool' });
    expect(within(dialog).getByTestId('estimated-cost').textContent).toBe('Estimated cost: $20.00');
    expect(within(dialog).getByLabelText('Quantity').getAttribute('inputmode')).toBe('numeric');
    expect(within(dialog).getByLabelText('Rate/Hr ($)').getAttribute('inputmode')).toBe('decimal');
    sync.registry.mutate(docName, updateHireToolUsage, id, { ratePerHour: 12 });
    fireEvent.change(within(dialog).getByLabelText('Quantity'), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getByTestId('hire-total-cost').textContent).toBe('$72.00'));
  }, 30_000);

  it('starts from quantity 1, hours 1, rate 0', () => {
    expect(HIRE_TOOL_DEFAULTS).toMatchObject({ quantity: 1, hours: 1, ratePerHour: 0 });
    expect(estimatedCost({ ...HIRE_TOOL_DEFAULTS, ratePerHour: 12.5 })).toBe(12.5);
  });

  it('hides Add Hire Tool on a sent report', async () => {
    const { sync, docName } = openReport('/hire-tools');
    sync.registry.mutate(docName, setStatus, 'sent');
    expect(await screen.findByTestId('read-only')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Hire Tool' })).toBeNull();
  });
});
