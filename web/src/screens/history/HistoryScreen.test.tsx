import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  assignCrewMember,
  readHistory,
  reportDocName,
  setPrimaryDriller,
  setReportNotes,
  setSummaryOverrides,
  updateShiftDetails,
} from '@plod/model';
import { afterEach, describe, expect, it } from 'vitest';
import { setDeviceName } from '../../session/device-name';
import { openReport, resetDevice } from '../report-common/testing';

afterEach(resetDevice);

describe('Change History', { timeout: 20_000 }, () => {
  it('lists who changed what on this phone, newest first, and filters a long list by section', async () => {
    setDeviceName('Ann');
    const { sync, reportId } = openReport('/drill-report-dashboard');
    const docName = reportDocName(reportId);
    const { registry } = sync;
    act(() => {
      registry.mutate(docName, setSummaryOverrides, { totalDepthDrilled: 10.5 });
      registry.mutate(docName, setSummaryOverrides, { totalDepthDrilled: 12.5 });
      registry.mutate(docName, setReportNotes, 'Core loss at 40 m');
      const bob = registry.mutate(docName, assignCrewMember, {
        crewMemberName: 'Bob',
        role: 'driller',
      });
      registry.mutate(docName, setPrimaryDriller, bob);
      registry.mutate(docName, updateShiftDetails, { endTime: '17:00' });
    });

    // The history names the person on this phone and the joined device.
    const recorded = registry.read(docName, readHistory).at(-1);
    expect(recorded?.actor).toEqual({
      kind: 'crew',
      name: 'Ann',
      deviceId: 'device-1',
      deviceName: 'Test Phone',
    });

    fireEvent.click(await screen.findByRole('link', { name: /History/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Change History' })).toBeTruthy();
    const items = await screen.findAllByTestId('history-entry');
    expect(items[0]?.textContent).toContain('End time 18:00 → 17:00');
    // A table row at desk width, a card ("Ann on Test Phone") on a phone: both name them.
    expect(items[0]?.textContent).toContain('Ann');
    expect(items[0]?.textContent).toContain('Test Phone');
    const texts = items.map((item) => item.textContent ?? '');
    expect(texts.some((t) => t.includes('Total depth 10.5 → 12.5 m'))).toBe(true);
    expect(texts.some((t) => t.includes('Primary driller set to Bob'))).toBe(true);

    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'Summary' } });
    await waitFor(() => expect(screen.getAllByTestId('history-entry')).toHaveLength(2));
    const summary = screen.getAllByTestId('history-entry');
    expect(within(summary[0] as HTMLElement).getByText('Total depth 10.5 → 12.5 m')).toBeTruthy();
    expect(within(summary[1] as HTMLElement).getByText('Total depth 0 → 10.5 m')).toBeTruthy();
  });
});
