import { fireEvent, screen, waitFor } from '@testing-library/react';
import {
  SETUP_DOC_NAME,
  addTimesheetEntry,
  readReport,
  readSetup,
  setSummaryOverrides,
  toBundle,
} from '@plod/model';
import { bundleToCsv, csvFilename } from '@plod/model/csv';
import { describe, expect, it } from 'vitest';
import { setCurrentReportId } from '../../session/current-report';
import { renderApp } from '../../testing/renderApp';
import { cleanupReports, openReport } from '../plod/testReport';
import { safeCsvFilename } from './download';

cleanupReports();

/** What the server's GET /api/shift-summaries/{id}/export-csv builds from the same documents. */
function serverExport(sync: ReturnType<typeof openReport>['sync'], docName: string) {
  const setup = sync.registry.read(SETUP_DOC_NAME, readSetup);
  const bundle = toBundle(sync.registry.read(docName, readReport), setup);
  return { text: bundleToCsv(bundle), filename: csvFilename(bundle.shiftSummary) };
}

describe('CSV Report Editor', () => {
  it('previews exactly the server export and names the file the same way', async () => {
    const { sync, docName, id } = openReport('/csv-editor');
    sync.registry.mutate(docName, addTimesheetEntry, { startTime: '06:00', endTime: '16:00' });
    await waitFor(() =>
      expect(screen.getByTestId('csv-preview').textContent).toBe(serverExport(sync, docName).text),
    );
    expect((screen.getByTestId('csv-filename') as HTMLInputElement).value).toBe(
      serverExport(sync, docName).filename,
    );
    expect(screen.getByText('10.0 h')).toBeTruthy();
    expect(id).toBeTruthy();
  });

  it('edits a working copy, marks it unsaved, and after Save the server export equals the preview', async () => {
    const { sync, docName } = openReport('/csv-editor');
    fireEvent.click(await screen.findByText('Edit Mode'));
    fireEvent.change(screen.getByLabelText('Operator'), { target: { value: 'Jo Smith' } });
    fireEvent.change(screen.getByLabelText('Total Depth Drilled (m)'), {
      target: { value: '33.3' },
    });
    expect(screen.getByTestId('unsaved-badge').textContent).toBe('Unsaved Changes');
    const preview = screen.getByTestId('csv-preview').textContent;
    expect(preview).toContain('Jo Smith');
    expect(preview).not.toBe(serverExport(sync, docName).text);
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Report edits have been saved successfully')).toBeTruthy();
    expect(screen.queryByTestId('unsaved-badge')).toBeNull();
    expect(serverExport(sync, docName).text).toBe(preview);
  });

  it('saves only the fields the person changed: a crewmate’s change meanwhile stays', async () => {
    const { sync, docName } = openReport('/csv-editor');
    sync.registry.mutate(docName, setSummaryOverrides, { operator: 'Sam Driller' });
    fireEvent.click(await screen.findByText('Edit Mode'));
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'Checked by office' } });
    // Another phone names the operator while this screen has unsaved edits; it shows at once.
    sync.registry.mutate(docName, setSummaryOverrides, { operator: 'Alex Driller' });
    await waitFor(() =>
      expect((screen.getByLabelText('Operator') as HTMLInputElement).value).toBe('Alex Driller'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Report edits have been saved successfully')).toBeTruthy();
    const report = sync.registry.read(docName, readReport);
    expect(report.summary.operator).toBe('Alex Driller');
    expect(report.notes).toBe('Checked by office');
  });

  it('refuses to save a depth that is not a number', async () => {
    openReport('/csv-editor');
    fireEvent.click(await screen.findByText('Edit Mode'));
    fireEvent.change(screen.getByLabelText('Total Depth Drilled (m)'), { target: { value: 'x' } });
    expect(screen.getByRole('button', { name: 'Save Changes' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('without a report says so and goes to the reports list', async () => {
    setCurrentReportId(null);
    const { sync, router } = renderApp('/csv-editor');
    expect(await screen.findByText('No report selected for CSV export')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await sync.dispose();
  });

  it('keeps a typed filename a .csv file', () => {
    expect(safeCsvFilename(' my report ', 'x.csv')).toBe('my report.csv');
    expect(safeCsvFilename('', 'PLOD_a.csv')).toBe('PLOD_a.csv');
    expect(safeCsvFilename('a/b.CSV', 'x.csv')).toBe('a_b.CSV');
  });
});
