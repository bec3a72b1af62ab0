import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WAIT, openReport, resetDevice } from './report-common/testing';

afterEach(resetDevice);

describe('Drill Report Dashboard', () => {
  it('shows the shift header, eight tiles and the status bar', async () => {
    const { reportId } = openReport('/drill-report-dashboard');
    const header = await screen.findByTestId('report-header', {}, WAIT);
    expect(within(header).getByText('North Pit - Rig 7')).toBeTruthy();
    expect(within(header).getByText('2025-07-14 · Day Shift')).toBeTruthy();
    expect(within(header).getByText('Operator: Not assigned')).toBeTruthy();
    expect(within(header).getByText('Time: 6:00 AM - 6:00 PM')).toBeTruthy();
    const hrefs = screen
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'))
      .filter((href) => href !== '/');
    // Every tile stays within the plod's address.
    for (const to of [
      'shift-details',
      'crew',
      'run-sheets',
      'timesheets',
      'survey',
      'drill-site-maintenance',
      'hire-tools',
      'bits',
      'photos',
      'complete-shift',
    ]) {
      expect(hrefs).toContain(`/plods/${reportId}/${to}`);
    }
    expect(screen.getByRole('button', { name: 'Save & Sync' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Export Report' }).getAttribute('href')).toBe(
      `/plods/${reportId}/complete-shift`,
    );
    expect(screen.getByRole('link', { name: /Back to Reports/ }).getAttribute('href')).toBe('/');
  }, 30_000);
});
