import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  HOLES_DOC_NAME,
  addHoleToReport,
  addRun,
  readBitRegister,
  readPublishedBitMetres,
  readReport,
  type HoleId,
} from '@plod/model';
import { describe, expect, it } from 'vitest';
import { chooseOption, cleanupReports, openReport } from './plod/testReport';

cleanupReports();

const DH = 'DH-BITS-1' as HoleId;

describe('Bits', () => {
  it('registers a bit, records it in at the hole’s depth and shows its metres', async () => {
    const { sync, docName } = openReport('/bits');
    sync.registry.mutate(docName, addHoleToReport, { holeId: DH, constantStickUp: 0 });
    expect(await screen.findByText('No bits registered yet')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Register Bit' }));
    fireEvent.change(screen.getByLabelText('Serial'), { target: { value: ' nq-55 ' } });
    fireEvent.change(screen.getByLabelText('Matrix'), { target: { value: '7-9' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Register Bit' }).at(-1) as HTMLElement);
    await waitFor(() =>
      expect(sync.registry.read(HOLES_DOC_NAME, readBitRegister)).toEqual([
        expect.objectContaining({ serial: 'NQ-55', size: 'NQ', matrix: '7-9', status: 'in-use' }),
      ]),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Bit In / Out' }));
    const form = screen.getByRole('region', { name: 'Bit In / Out' });
    // The depth starts at the hole's current depth (a new hole: 0 m).
    expect((within(form).getByLabelText('Depth (m)') as HTMLInputElement).value).toBe('0');
    await chooseOption('Bit', /NQ-55/);
    fireEvent.click(within(form).getByRole('button', { name: 'Record Bit In' }));
    await waitFor(() => expect(screen.getByTestId('bit-change-count').textContent).toBe('1'));

    sync.registry.mutate(docName, addRun, DH, { rodAdded: true, stickUp: 0 });
    const drilled = sync.registry.read(docName, readReport).holes[0]?.currentDepth ?? 0;
    expect(drilled).toBeGreaterThan(0);
    const metres = await screen.findByTestId('bit-metres-table');
    await waitFor(() => expect(metres.textContent).toContain(drilled.toFixed(1)));
    // The plod's metres reach the register, for life-to-date on every phone.
    await waitFor(() =>
      expect(sync.registry.read(HOLES_DOC_NAME, readPublishedBitMetres).get('NQ-55')).toBe(drilled),
    );
  }, 30_000);
});
