import { fireEvent, screen, waitFor } from '@testing-library/react';
import { addHoleToReport, addRun, readReport, type HoleId } from '@plod/model';
import { afterEach, describe, expect, it } from 'vitest';
import { WAIT, openReport, resetDevice } from './report-common/testing';

afterEach(resetDevice);

describe('Add New Run', () => {
  it('says No Active Hole with a way back to Run Sheets', async () => {
    openReport('/add-run');
    expect(await screen.findByText('No Active Hole', {}, WAIT)).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /Back to Run Sheets/ }).length).toBeGreaterThan(0);
  }, 30_000);

  it('needs a stick-up, keeps No Rod Added for later runs, previews and returns', async () => {
    const { sync, docName, router, reportId } = openReport('/add-run');
    sync.registry.mutate(docName, addHoleToReport, { holeId: 'DH-A', targetDepth: 10 });
    expect((await screen.findByTestId('add-run-number', {}, WAIT)).textContent).toBe('Run #1');
    expect(screen.getByLabelText('No Rod Added').hasAttribute('disabled')).toBe(true);
    const add = screen.getByRole('button', { name: 'Add Run' });
    fireEvent.change(screen.getByLabelText(/Stick-Up \(m\)/), { target: { value: '' } });
    expect(add.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Enter the stick-up in metres')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Stick-Up \(m\)/), { target: { value: '0.5' } });
    // The same first-run rule as the Run Sheets modal: 4 m less 0.5 m and the hole's 0.5 m.
    const preview = screen.getByTestId('calculation-preview').textContent ?? '';
    expect(preview).toContain('Depth to drill: 3.0 m');
    expect(preview).toContain('New total depth: 3.0 m');
    expect(preview).toContain('Progress: 30.0%');
    expect(preview).toContain('Remaining: 7.0 m');
    fireEvent.click(screen.getByRole('button', { name: 'Add Run' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/plods/${reportId}/run-sheets`),
    );
    expect(router.state.location.search).toBe('?holeId=DH-A');
  }, 30_000);

  it('drills the previous stick-up on a no-rod run', async () => {
    const { sync, docName } = openReport('/add-run');
    sync.registry.mutate(docName, addHoleToReport, { holeId: 'DH-B', targetDepth: 10 });
    sync.registry.mutate(docName, addRun, 'DH-B' as HoleId, {
      style: 'add-run',
      rodAdded: true,
      stickUp: 0.7,
    });
    expect((await screen.findByTestId('add-run-number', {}, WAIT)).textContent).toBe('Run #2');
    fireEvent.click(screen.getByLabelText('No Rod Added'));
    // The same rule as the Run Sheets pop-up: no stick-up is asked without a rod.
    expect(screen.queryByLabelText(/Stick-Up \(m\)/)).toBeNull();
    expect(screen.getByTestId('calculation-preview').textContent).toContain(
      'Depth to drill: 0.7 m',
    );
  }, 30_000);

  it('shows a recovered length over the run beside the field and records one that fits', async () => {
    const { sync, docName, router, reportId } = openReport('/add-run');
    sync.registry.mutate(docName, addHoleToReport, { holeId: 'DH-R', targetDepth: 10 });
    expect((await screen.findByTestId('add-run-number', {}, WAIT)).textContent).toBe('Run #1');
    fireEvent.change(screen.getByLabelText(/Stick-Up \(m\)/), { target: { value: '0.5' } });
    const add = screen.getByRole('button', { name: 'Add Run' });
    const recovered = screen.getByLabelText(/Recovered Core \(m\)/);
    // The run drills 3.0 m (4 m less 0.5 m and the hole's 0.5 m): 3.2 m of core is over 100%.
    fireEvent.change(recovered, { target: { value: '3.2' } });
    expect(screen.getByText("Recovered length can be at most the run's 3.0 m (100%)")).toBeTruthy();
    expect(recovered.getAttribute('aria-invalid')).toBe('true');
    expect(add.hasAttribute('disabled')).toBe(true);
    fireEvent.change(recovered, { target: { value: 'lots' } });
    expect(
      screen.getByText('Recovered length must be a number of metres, such as 2.9'),
    ).toBeTruthy();
    fireEvent.change(recovered, { target: { value: '2.85' } });
    expect(screen.getByText('Recovery 95.0% of the run')).toBeTruthy();
    fireEvent.click(add);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/plods/${reportId}/run-sheets`),
    );
    const hole = sync.registry.read(docName, readReport).holes[0];
    expect(hole?.runs.map((r) => r.recoveredLength)).toEqual([2.85]);
  }, 30_000);
});
