import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  HOLES_DOC_NAME,
  ReportIds,
  initHolesDoc,
  recordHoleProgress,
  registerHole,
  type HoleId,
} from '@plod/model';
import { afterEach, describe, expect, it } from 'vitest';
import { WAIT, openReport, resetDevice } from './report-common/testing';

afterEach(resetDevice);

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

async function startHole(holeId: string, targetDepth = '100') {
  await screen.findByTestId('new-hole-form', {}, WAIT);
  fireEvent.change(field('Hole ID'), { target: { value: holeId } });
  fireEvent.change(field('Target Depth'), { target: { value: targetDepth } });
  fireEvent.click(screen.getByRole('button', { name: 'Start Drilling' }));
  await screen.findByTestId('hole-status', {}, WAIT);
}

async function openAddRun() {
  fireEvent.click(screen.getByRole('button', { name: 'Add New Run' }));
  return screen.findByRole('dialog', {}, WAIT);
}

describe('Run Sheets', () => {
  it('opens on the new-hole form with the defaults and a suggested hole id', async () => {
    openReport('/run-sheets');
    await screen.findByTestId('new-hole-form', {}, WAIT);
    expect(field('Hole ID').value).toBe(`DH-${new Date().getFullYear()}-001`);
    expect(field('Dip').value).toBe('-60');
    expect(field('Azimuth').value).toBe('0');
    expect(field('Target Depth').value).toBe('100');
    expect(field('Constant Stick-up').value).toBe('0.5');
    expect(field('Dip').getAttribute('inputmode')).toBe('decimal');
    fireEvent.change(field('Hole ID'), { target: { value: '  ' } });
    expect(screen.getByRole('button', { name: 'Start Drilling' }).hasAttribute('disabled')).toBe(
      true,
    );
  }, 30_000);

  it('starts a hole, previews and adds runs, and refuses a no-rod run of 0 m', async () => {
    openReport('/run-sheets');
    await startHole('DH-T-1');
    expect(screen.getByText('No runs recorded yet')).toBeTruthy();
    expect(screen.getByText('First run will be created automatically with 4m barrel')).toBeTruthy();

    let dialog = await openAddRun();
    expect(within(dialog).getByText('Add Run #1')).toBeTruthy();
    expect(within(dialog).getByTestId('run-preview').textContent).toContain('Length: 3.0 m');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Run' }));
    expect(await screen.findByText('New run has been saved successfully', {}, WAIT)).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('run-row')).toHaveLength(1));

    dialog = await openAddRun();
    expect(within(dialog).getByText('Add Run #2')).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText('No - No Rod'));
    expect(within(dialog).queryByLabelText('Variable Stick-up (m)')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Add Run' }).hasAttribute('disabled')).toBe(
      true,
    );
    fireEvent.click(within(dialog).getByLabelText('Ori Tool Used (+0.4m)'));
    expect(within(dialog).getByTestId('run-preview').textContent).toContain('Length: 0.4 m');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Run' }));
    await waitFor(() => expect(screen.getAllByTestId('run-row')).toHaveLength(2));
    const cells = within(screen.getAllByTestId('run-row')[1] as HTMLElement)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(['2', '3.0', '3.4', '0.4', 'No', '+0.4m', '']);
    expect(screen.getByTestId('header-shift-total').textContent).toBe('3.4 m');
  }, 40_000);

  it('shows Hole Complete! and hides Add New Run once the target is reached', async () => {
    openReport('/run-sheets');
    await startHole('DH-T-2', '3');
    const dialog = await openAddRun();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Run' }));
    expect(await screen.findByText('Hole Complete!', {}, WAIT)).toBeTruthy();
    expect(screen.getByTestId('hole-status').textContent).toContain('COMPLETE');
    expect(screen.queryByRole('button', { name: 'Add New Run' })).toBeNull();
  }, 30_000);

  it('continues a hole from where an earlier report left it', async () => {
    const { sync, siteId } = openReport('/run-sheets');
    const earlier = ReportIds.create();
    sync.registry.mutate(HOLES_DOC_NAME, (doc) => {
      initHolesDoc(doc);
      registerHole(doc, siteId, { holeId: 'DH-OLD', targetDepth: 50, dip: -70, azimuth: 90 });
      recordHoleProgress(doc, {
        holeId: 'DH-OLD' as HoleId,
        reportId: earlier,
        endDepth: 20.5,
        nextRunNumber: 8,
        lastStickUp: 0.5,
      });
    });
    await startHole('DH-T-3');
    fireEvent.click(screen.getByRole('button', { name: 'Continue Previous Hole' }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    fireEvent.change(within(dialog).getByLabelText('Hole'), { target: { value: 'DH-OLD' } });
    const details = within(dialog).getByTestId('continue-hole-details').textContent ?? '';
    expect(details).toContain('-70°');
    expect(details).toContain('20.5 m');
    expect(details).toContain('29.5 m');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue Drilling' }));
    await waitFor(() => expect(screen.getByTestId('header-hole').textContent).toBe('DH-OLD'));
    fireEvent.click(screen.getByRole('button', { name: 'Add New Run' }));
    // Run 8 of the hole: the earlier report ended at run 7.
    const add = await screen.findByRole('dialog', { name: 'Add Run #8' }, WAIT);
    expect(within(add).getByTestId('run-preview').textContent).toContain('From: 20.5 m');
  }, 40_000);
});
