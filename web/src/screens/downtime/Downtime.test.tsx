import { fireEvent, screen, within } from '@testing-library/react';
import {
  SETUP_DOC_NAME,
  addDowntimeEntry,
  addTimesheetEntry,
  defaultDowntimeCodeId,
  readReport,
  seedDefaultDowntimeCodes,
  type SiteId,
} from '@plod/model';
import { describe, expect, it } from 'vitest';
import { chooseOption, cleanupReports, openReport } from '../plod/testReport';

cleanupReports();

/** A plod whose site has the default downtime codes. */
function openDowntime() {
  const opened = openReport('/downtime');
  const siteId = opened.sync.registry.read(opened.docName, readReport).shift.siteId as SiteId;
  opened.sync.registry.mutate(SETUP_DOC_NAME, seedDefaultDowntimeCodes, siteId);
  return { ...opened, siteId };
}

describe('Downtime', () => {
  it('records downtime under a site code and shows the shift hours line', async () => {
    const { sync, docName } = openDowntime();
    sync.registry.mutate(docName, addTimesheetEntry, {
      activity: 'drilling',
      startTime: '06:00',
      endTime: '10:00',
    });
    expect(await screen.findByText('No downtime recorded')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add Downtime' }));
    const dialog = await screen.findByRole('dialog');
    await chooseOption('Downtime Code', /^Client standby \(Client standby, charged\)/);
    await chooseOption('Start Time', '10:00 AM');
    await chooseOption('End Time', '11:30 AM');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Downtime' }));
    const table = await screen.findByTestId('downtime-table');
    expect(within(table).getAllByText('Client standby').length).toBeGreaterThan(0);
    expect(screen.getByTestId('shift-hours-line').textContent).toBe(
      'Drilling 4.0 h, Downtime 1.5 h (client standby 1.5 h)',
    );
    const [entry] = sync.registry.read(docName, readReport).downtime;
    expect(entry).toMatchObject({ codeGroup: 'client-standby', chargeable: true, hours: 1.5 });
    expect(screen.queryByTestId('downtime-overlap')).toBeNull();
  }, 30_000);

  it('shows overlapping entries as a message and changes nothing', async () => {
    const { sync, docName, siteId } = openDowntime();
    const weather = {
      codeId: defaultDowntimeCodeId(siteId, 'weather'),
      codeName: 'Weather',
      codeGroup: 'safety-weather' as const,
      chargeable: false,
    };
    sync.registry.mutate(docName, addDowntimeEntry, {
      ...weather,
      startTime: '23:00',
      endTime: '01:00',
    });
    sync.registry.mutate(docName, addDowntimeEntry, {
      ...weather,
      startTime: '00:30',
      endTime: '02:00',
    });
    const alert = await screen.findByTestId('downtime-overlap');
    expect(alert.textContent).toContain(
      'Times overlap: downtime Weather (23:00-01:00) and downtime Weather (00:30-02:00)',
    );
    expect(sync.registry.read(docName, readReport).downtime).toHaveLength(2);
  });
});
