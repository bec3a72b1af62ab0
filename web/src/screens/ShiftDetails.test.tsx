import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { readReport, shiftTypeAt, updateShiftDetails } from '@plod/model';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../testing/renderApp';
import { WAIT, openReport, resetDevice } from './report-common/testing';

afterEach(resetDevice);

const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
const optionLabels = (label: string) =>
  Array.from(select(label).options).map((option) => option.textContent);

describe('Shift Details', () => {
  it('starts a new report with the defaults: today, this hour’s shift and its times', async () => {
    openReport('/shift-details', { withShift: false });
    await screen.findByRole('button', { name: 'Save & Continue' }, WAIT);
    const night = shiftTypeAt(new Date()) === 'night';
    expect(select('Start Time').value).toBe(night ? '18:00' : '06:00');
    expect(select('End Time').value).toBe(night ? '06:00' : '18:00');
    expect(optionLabels('Start Time')).toHaveLength(48);
    expect(optionLabels('Start Time').slice(0, 3)).toEqual(['12:00 AM', '12:30 AM', '1:00 AM']);
    expect(select('Site').selectedOptions[0]?.textContent).toBe('Select Site');
    expect(optionLabels('Rig')).toEqual(['Select Rig']);
    const expected = shiftTypeAt(new Date()) === 'day' ? 'Day' : 'Night';
    expect(screen.getByRole('radio', { name: expected })).toHaveProperty('checked', true);
  }, 30_000);

  it('offers only the chosen site’s rigs, saves with the level and goes on to Crew', async () => {
    const { sync, router, docName, reportId } = openReport('/shift-details', { withShift: false });
    await screen.findByRole('button', { name: 'Save & Continue' }, WAIT);
    fireEvent.change(select('Site'), {
      target: { value: screen.getByRole('option', { name: 'North Pit' }).getAttribute('value') },
    });
    expect(optionLabels('Rig')).toEqual(['Select Rig', 'Rig 7']);
    fireEvent.change(select('Rig'), {
      target: { value: screen.getByRole('option', { name: 'Rig 7' }).getAttribute('value') },
    });
    fireEvent.change(select('End Time'), { target: { value: '17:30' } });
    fireEvent.change(screen.getByLabelText('Level'), { target: { value: '1040 RL' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save & Continue' }));
    // The next step of the shift: nobody is assigned yet, so Crew.
    await waitFor(() => expect(router.state.location.pathname).toBe(`/plods/${reportId}/crew`));
    const { shift } = sync.registry.read(docName, readReport);
    expect(shift).toMatchObject({
      siteName: 'North Pit',
      rigName: 'Rig 7',
      endTime: '17:30',
      level: '1040 RL',
    });
  }, 30_000);

  it('follows the plod in the fields the person has not changed', async () => {
    const { sync, docName } = openReport('/shift-details', { withShift: false });
    await screen.findByRole('button', { name: 'Save & Continue' }, WAIT);
    fireEvent.change(screen.getByLabelText('Level'), { target: { value: 'Mine' } });
    // Another phone's edit arrives while the form is open.
    act(() => {
      sync.registry.mutate(docName, updateShiftDetails, { endTime: '17:00', level: 'Theirs' });
    });
    await waitFor(() => expect(select('End Time').value).toBe('17:00'));
    expect((screen.getByLabelText('Level') as HTMLInputElement).value).toBe('Mine');
  }, 30_000);

  it('defaults a night shift to 18:00-06:00, and moves untouched times with the shift type', async () => {
    const { sync, docName } = openReport('/shift-details', { withShift: false });
    sync.registry.mutate(docName, updateShiftDetails, { shiftType: 'night' });
    await screen.findByRole('button', { name: 'Save & Continue' }, WAIT);
    await waitFor(() => expect(select('Start Time').value).toBe('18:00'));
    expect(select('End Time').value).toBe('06:00');
    fireEvent.click(screen.getByRole('radio', { name: 'Day' }));
    expect(select('Start Time').value).toBe('06:00');
    expect(select('End Time').value).toBe('18:00');
    // Times the crew chose stay when the type changes.
    fireEvent.change(select('End Time'), { target: { value: '17:30' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Night' }));
    expect(select('Start Time').value).toBe('06:00');
    expect(select('End Time').value).toBe('17:30');
  }, 30_000);

  it('sends the crew back to the reports when no report is open', async () => {
    const { sync } = renderApp('/shift-details');
    expect(await screen.findByTestId('no-current-report', {}, WAIT)).toBeTruthy();
    await sync.dispose();
  }, 30_000);
});
