import { fireEvent, screen, waitFor } from '@testing-library/react';
import { assignCrewMember, readReport, type ReportSnapshot } from '@plod/model';
import { describe, expect, it } from 'vitest';
import { cleanupReports, openReport } from '../plod/testReport';
import { crewLines, NOT_ASSIGNED } from './crewLines';

cleanupReports();

describe('Complete Shift Summary', () => {
  it('saves the notes and completes the shift, after which the report is read-only', async () => {
    const { sync, docName } = openReport('/complete-shift');
    expect(await screen.findByText('North Pit')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Shift Notes'), { target: { value: 'Quiet shift' } });
    fireEvent.click(screen.getByRole('button', { name: 'Complete Shift & Save' }));
    await screen.findByRole('heading', { level: 1, name: 'Shift Completion' });
    const report: ReportSnapshot = sync.registry.read(docName, readReport);
    expect(report.status).toBe('completed');
    expect(report.completedAt).not.toBeNull();
    expect(report.notes).toBe('Quiet shift');
  });
});

describe('Shift Completion', () => {
  it('shows Missing Shift Data and stays put when there are no shift details', async () => {
    const { sync, docName } = openReport('/shift-completion', false);
    fireEvent.change(await screen.findByLabelText('Signed by'), { target: { value: 'Sam' } });
    fireEvent.click(screen.getByLabelText('I certify the statements above'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit Shift Report' }));
    expect(await screen.findByText('Missing Shift Data')).toBeTruthy();
    expect(
      screen.getByText(
        'No shift details found. Please return to main menu and fill in shift information.',
      ),
    ).toBeTruthy();
    expect(sync.registry.read(docName, readReport).status).toBe('active');
  });

  it('submits: sign-off stored, status sent, toast, back to /', async () => {
    const { sync, docName, router } = openReport('/shift-completion');
    sync.registry.mutate(docName, assignCrewMember, {
      crewMemberName: 'Sam Driller',
      role: 'driller',
      isPrimary: true,
    });
    expect(await screen.findByText('Sam Driller (Primary)')).toBeTruthy();
    expect(screen.getByText('1040')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Shift Report' }));
    expect(await screen.findByText('Tick the certification to submit')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('I certify the statements above'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit Shift Report' }));
    expect(await screen.findByText('Shift Report Submitted')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const report = sync.registry.read(docName, readReport);
    expect(report.status).toBe('sent');
    expect(report.signOff).toMatchObject({ signedBy: 'Sam Driller', certified: true });
  });

  it('lists the driller and offsiders, or Not assigned', () => {
    expect(crewLines([])).toEqual([
      { label: 'Driller', value: NOT_ASSIGNED },
      { label: 'Offsider 1', value: NOT_ASSIGNED },
    ]);
  });
});
