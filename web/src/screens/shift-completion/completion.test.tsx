import { fireEvent, screen, waitFor } from '@testing-library/react';
import {
  assignCrewMember,
  readReport,
  updateCrewAssignment,
  type ReportSnapshot,
} from '@plod/model';
import { describe, expect, it } from 'vitest';
import { cleanupReports, openReport } from '../plod/testReport';
import { crewLines, NOT_ASSIGNED, peopleHoursLines } from './crewLines';

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

  // Drawing the signature needs a real canvas: the submission itself is a browser test
  // (e2e/plod-report.spec.ts); here, what is asked for before anything is stored.
  it('asks for the certification and the finger signature before it submits', async () => {
    const { sync, docName } = openReport('/shift-completion');
    sync.registry.mutate(docName, assignCrewMember, {
      crewMemberName: 'Sam Driller',
      role: 'driller',
      isPrimary: true,
    });
    expect(await screen.findByText('Sam Driller (Primary)')).toBeTruthy();
    expect(screen.getByText('1040')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Shift Report' }));
    expect(await screen.findByText('Tick the certification to submit')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Signature pad: sign with your finger' })).toBeTruthy();
    fireEvent.click(screen.getByLabelText('I certify the statements above'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit Shift Report' }));
    await waitFor(() =>
      expect(
        screen.getByText(/Sign in the box to submit|This browser cannot draw a signature/),
      ).toBeTruthy(),
    );
    const report = sync.registry.read(docName, readReport);
    expect(report.status).toBe('active');
    expect(report.signOff.signedBy).toBeNull();
  });

  it('lists the driller and offsiders, or Not assigned', () => {
    expect(crewLines([])).toEqual([
      { label: 'Driller', value: NOT_ASSIGNED },
      { label: 'Offsider 1', value: NOT_ASSIGNED },
    ]);
  });

  it("lists each person's hours under People's Hours", async () => {
    const { sync, docName } = openReport('/shift-completion');
    const sam = sync.registry.mutate(docName, assignCrewMember, {
      crewMemberName: 'Sam Driller',
      role: 'driller',
      isPrimary: true,
    });
    sync.registry.mutate(docName, updateCrewAssignment, sam, {
      finishTime: '16:00',
      breakHours: 0.5,
      travelHours: 1,
    });
    const hours = await screen.findByTestId('people-hours');
    expect(hours.textContent).toContain(
      'Sam Driller6:00 AM - 4:00 PM · 9.50 h worked · break 0.50 h · travel 1.00 h',
    );
    expect(peopleHoursLines([])).toEqual([]);
  });
});
