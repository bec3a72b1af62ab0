import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  HOLES_DOC_NAME,
  ReportIds,
  initHolesDoc,
  recordHoleProgress,
  registerHole,
  setStatus,
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

/** A run's line on the phone: the button that opens it ("Run 2, 3.0 to 3.4 m, ..."). */
const runLine = (runNumber: number) =>
  screen.getByRole('button', { name: new RegExp(`^Run ${runNumber}\\b`) });

/** Taps a run's line, as a driller would, and waits for its details, Edit and Delete. */
async function openRun(runNumber: number) {
  fireEvent.click(runLine(runNumber));
  expect(runLine(runNumber).getAttribute('aria-expanded')).toBe('true');
  return screen.findByRole('region', { name: new RegExp(`^Run ${runNumber}\\b`) }, WAIT);
}

describe('Run Sheets', () => {
  it('opens on the new-hole form with the defaults and a suggested hole id', async () => {
    openReport('/run-sheets');
    await screen.findByTestId('new-hole-form', {}, WAIT);
    // No numbers reserved yet (no server here): the next number, tagged with this device.
    expect(field('Hole ID').value).toMatch(
      new RegExp(`^DH-${new Date().getFullYear()}-001-[0-9A-Z]{4}$`),
    );
    expect(field('Dip').value).toBe('-60');
    expect(field('Azimuth').value).toBe('0');
    expect(field('Target Depth').value).toBe('100');
    expect(field('Constant Stick-up').value).toBe('0.5');
    for (const label of ['Dip', 'Azimuth', 'Target Depth', 'Constant Stick-up'])
      expect(field(label).getAttribute('inputmode')).toBe('decimal');
    // The decimal keypad has no minus: the dip has its own sign button.
    fireEvent.click(screen.getByRole('button', { name: 'Change the sign of Dip' }));
    expect(field('Dip').value).toBe('60');
    fireEvent.change(field('Hole ID'), { target: { value: '  ' } });
    expect(screen.getByRole('button', { name: 'Start Drilling' }).hasAttribute('disabled')).toBe(
      true,
    );
  }, 30_000);

  it('says what is wrong beside a hole field and starts nothing', async () => {
    openReport('/run-sheets');
    await screen.findByTestId('new-hole-form', {}, WAIT);
    fireEvent.change(field('Hole ID'), { target: { value: 'DH-BAD' } });
    fireEvent.change(field('Dip'), { target: { value: '-95' } });
    fireEvent.change(field('Target Depth'), { target: { value: 'deep' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start Drilling' }));
    expect(await screen.findByText('Dip must be from -90 to 90°', {}, WAIT)).toBeTruthy();
    expect(screen.getByText('Target depth must be a number of metres, such as 100')).toBeTruthy();
    expect(screen.queryByTestId('hole-status')).toBeNull();
  }, 30_000);

  it('starts a hole, previews and adds runs, and refuses a no-rod run of 0 m', async () => {
    openReport('/run-sheets');
    await startHole('DH-T-1');
    expect(screen.getByText('No runs recorded yet')).toBeTruthy();
    expect(screen.getByTestId('runs-empty').textContent).toContain(
      "Tap Add New Run to record run 1: the 4 m barrel less its stick-up and this hole's 0.5 m constant stick-up.",
    );

    let dialog = await openAddRun();
    expect(within(dialog).getByText('Add Run #1')).toBeTruthy();
    // A hole's first run needs a rod (the same rule as Add New Run).
    expect(within(dialog).getByLabelText('No - No Rod').hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByTestId('run-preview').textContent).toContain('Length: 3.0 m');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Run' }));
    // No toast: the run shows in the table, which is what a toast would have said.
    await waitFor(() => expect(screen.getAllByTestId('run-row')).toHaveLength(1), WAIT);
    expect(screen.queryByText('New run has been saved successfully')).toBeNull();

    // Without a rod the run drills the 0.5 m stick-up run 1 left, and asks for no stick-up.
    dialog = await openAddRun();
    expect(within(dialog).getByText('Add Run #2')).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText('No - No Rod'));
    expect(within(dialog).queryByLabelText('Variable Stick-up (m)')).toBeNull();
    expect(within(dialog).getByTestId('run-preview').textContent).toContain('Length: 0.5 m');
    fireEvent.click(within(dialog).getByLabelText('Ori Tool Used (+0.4m)'));
    expect(within(dialog).getByTestId('run-preview').textContent).toContain('Length: 0.9 m');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Run' }));
    await waitFor(() => expect(screen.getAllByTestId('run-row')).toHaveLength(2));
    const cells = Array.from(
      (screen.getAllByTestId('run-row')[1] as HTMLElement).querySelectorAll('[data-cell]'),
    ).map((c) => c.textContent);
    expect(cells).toEqual(['2', '3.0', '3.9', '0.9', 'No', '+0.4m', '']);
    expect(screen.getByTestId('header-shift-total').textContent).toBe('3.9 m');

    // Run 2 left no stick-up: a third run without a rod or the ori tool would drill 0 m.
    dialog = await openAddRun();
    fireEvent.click(within(dialog).getByLabelText('No - No Rod'));
    expect(within(dialog).getByRole('button', { name: 'Add Run' }).hasAttribute('disabled')).toBe(
      true,
    );
    expect(within(dialog).getByText('A run without a rod must drill more than 0 m')).toBeTruthy();
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
        bitDown: null,
      });
    });
    // The new-hole form offers it before any hole is in this plod.
    await screen.findByTestId('new-hole-form', {}, WAIT);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue Previous Hole' }, WAIT));
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

describe('Run Sheets: run input', () => {
  it('shows an error beside a bad stick-up and adds no run', async () => {
    openReport('/run-sheets');
    await startHole('DH-T-4');
    const dialog = await openAddRun();
    const stickUp = within(dialog).getByLabelText('Variable Stick-up (m)') as HTMLInputElement;
    expect(stickUp.value).toBe('0.5');
    expect(stickUp.getAttribute('inputmode')).toBe('decimal');
    const cases: [string, string][] = [
      ['abc', 'Stick-up must be a number of metres, such as 0.5'],
      ['', 'Enter the stick-up in metres'],
      ['4.2', 'Stick-up must be from 0 to 4 m'],
    ];
    for (const [text, message] of cases) {
      fireEvent.change(stickUp, { target: { value: text } });
      expect(within(dialog).getByText(message)).toBeTruthy();
      expect(within(dialog).getByRole('button', { name: 'Add Run' }).hasAttribute('disabled')).toBe(
        true,
      );
    }
    expect(screen.getByTestId('runs-empty')).toBeTruthy();
  }, 30_000);

  it('asks before a run past the target depth, and edits and deletes runs with a confirm', async () => {
    openReport('/run-sheets');
    await startHole('DH-T-5', '5');
    let dialog = await openAddRun();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Run' }));
    await waitFor(() => expect(screen.getAllByTestId('run-row')).toHaveLength(1));
    dialog = await openAddRun();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Run' }));
    expect(within(dialog).getByTestId('run-question').textContent).toContain(
      'This run ends at 5.5 m, past the target depth of 5.0 m.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Anyway' }));
    await waitFor(() => expect(screen.getAllByTestId('run-row')).toHaveLength(2));

    fireEvent.click(within(await openRun(1)).getByRole('button', { name: 'Edit run 1' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Run #1' }, WAIT);
    fireEvent.change(within(edit).getByLabelText('Variable Stick-up (m)'), {
      target: { value: '0.2' },
    });
    fireEvent.click(within(edit).getByRole('button', { name: 'Save Run' }));
    await waitFor(() => expect(screen.getAllByTestId('run-row')[1]?.textContent).toContain('3.3'));
    // Still open after the edit.
    fireEvent.click(screen.getByRole('button', { name: 'Delete run 1' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete run 1?' }, WAIT);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete Run' }));
    await waitFor(() => expect(screen.getAllByTestId('run-row')).toHaveLength(1));
    // The second run moved up to 0 m and kept its 2.5 m.
    const cells = Array.from(
      (screen.getAllByTestId('run-row')[0] as HTMLElement).querySelectorAll('[data-cell]'),
    ).map((c) => c.textContent);
    expect(cells.slice(0, 4)).toEqual(['1', '0.0', '2.5', '2.5']);
  }, 40_000);
});

describe('Run Sheets on a phone: a line a run', () => {
  it("shows number, from-to, length and flags on a run's line; tapping it shows notes, Edit and Delete", async () => {
    const { sync, docName } = openReport('/run-sheets');
    await startHole('DH-2026-001-T6');
    let dialog = await openAddRun();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Run' }));
    await waitFor(() => expect(screen.getAllByTestId('run-row')).toHaveLength(1), WAIT);
    dialog = await openAddRun();
    fireEvent.click(within(dialog).getByLabelText('No - No Rod'));
    fireEvent.click(within(dialog).getByLabelText('Ori Tool Used (+0.4m)'));
    fireEvent.change(within(dialog).getByLabelText('Notes'), {
      target: { value: 'Broken ground at the fault' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Run' }));
    await waitFor(() => expect(screen.getAllByTestId('run-row')).toHaveLength(2));

    // Each run is one button, closed: its line says the number, from-to, length and flags.
    expect(runLine(1).getAttribute('aria-expanded')).toBe('false');
    // Its name is the line in words ("-" is "to"); a space before a comma is the DOM's, not said.
    const named = (words: string) => (name: string) => name.replace(/\s+,/g, ',') === words;
    expect(screen.getByRole('button', { name: named('Run 1, 0.0 to 3.0 m, 3.0 m') })).toBe(
      runLine(1),
    );
    expect(
      screen.getByRole('button', { name: named('Run 2, 3.0 to 3.9 m, No rod, Ori, Note, 0.9 m') }),
    ).toBe(runLine(2));
    const cells = (row: number) =>
      Array.from(
        (screen.getAllByTestId('run-row')[row] as HTMLElement).querySelectorAll('[data-cell]'),
      ).map((cell) => cell.textContent);
    // The line holds the first four cells; the closed details keep the other three in the page.
    expect(
      Array.from(runLine(2).querySelectorAll('[data-cell]')).map((cell) => cell.textContent),
    ).toEqual(['2', '3.0', '3.9', '0.9']);
    expect(cells(1)).toEqual([
      '2',
      '3.0',
      '3.9',
      '0.9',
      'No',
      '+0.4m',
      'Broken ground at the fault',
    ]);
    expect(screen.queryByRole('button', { name: 'Edit run 2' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete run 2' })).toBeNull();
    // Its details are closed: hidden from sight and from a screen reader.
    expect(screen.queryByRole('region', { name: /^Run 2\b/ })).toBeNull();

    // Tapped: its details (rod, ori tool, notes) and its Edit and Delete.
    const details = await openRun(2);
    expect(within(details).getByText('Broken ground at the fault')).toBeTruthy();
    expect(within(details).getByText('+0.4m')).toBeTruthy();
    expect(within(details).getByRole('button', { name: 'Edit run 2' })).toBeTruthy();
    expect(within(details).getByRole('button', { name: 'Delete run 2' })).toBeTruthy();
    fireEvent.click(within(details).getByRole('button', { name: 'Edit run 2' }));
    expect(await screen.findByRole('dialog', { name: 'Edit Run #2' }, WAIT)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // A completed plod is read-only: a run still opens to show its details, with no Edit or Delete.
    sync.registry.mutate(docName, setStatus, 'completed');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Add New Run' })).toBeNull());
    const first = await openRun(1);
    expect(within(first).getByText('Yes')).toBeTruthy();
    expect(within(first).queryAllByRole('button')).toEqual([]);
    const second = await openRun(2);
    expect(within(second).getByText('Broken ground at the fault')).toBeTruthy();
    expect(within(second).queryAllByRole('button')).toEqual([]);
    expect(screen.queryByRole('button', { name: /^(Edit|Delete) run/ })).toBeNull();
  }, 40_000);
});
