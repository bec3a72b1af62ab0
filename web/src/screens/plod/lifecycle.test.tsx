import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { readReport, setStatus } from '@plod/model';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { canDeletePlod, canEditPlod } from './access';
import { StatusBannerView } from './StatusBanner';
import { cleanupReports, openReport } from './testReport';

cleanupReports();
afterEach(cleanup);

describe('who may change a plod', () => {
  it('lets a crew phone fill in active and returned plods only', () => {
    expect(canEditPlod('active', 'crew')).toBe(true);
    expect(canEditPlod('returned', 'crew')).toBe(true);
    for (const status of ['completed', 'sent', 'approved', 'deleted'] as const) {
      expect(canEditPlod(status, 'crew')).toBe(false);
    }
  });

  it('lets a supervisor correct a plod until it is approved', () => {
    expect(canEditPlod('sent', 'supervisor')).toBe(true);
    expect(canEditPlod('completed', 'supervisor')).toBe(true);
    expect(canEditPlod('approved', 'supervisor')).toBe(false);
    expect(canEditPlod('deleted', 'supervisor')).toBe(false);
  });

  it('offers delete on a crew phone only for plods not with management', () => {
    expect(canDeletePlod('completed', 'crew')).toBe(true);
    expect(canDeletePlod('sent', 'crew')).toBe(false);
    expect(canDeletePlod('approved', 'crew')).toBe(false);
    expect(canDeletePlod('sent', 'supervisor')).toBe(true);
    expect(canDeletePlod('approved', 'supervisor')).toBe(false);
  });
});

function banner(status: Parameters<typeof canEditPlod>[0], returnComment: string | null = null) {
  const onReopen = vi.fn();
  render(
    <MantineProvider>
      <StatusBannerView report={{ status, returnComment }} editor="crew" onReopen={onReopen} />
    </MantineProvider>,
  );
  return onReopen;
}

describe('the status banner', () => {
  it('shows a returned plod’s comment from the supervisor', () => {
    banner('returned', 'Hours on run 3 look wrong');
    expect(screen.getByTestId('return-comment').textContent).toBe(
      'Supervisor: “Hours on run 3 look wrong”',
    );
    expect(screen.queryByTestId('read-only')).toBeNull();
  });

  it('says a submitted plod is with the supervisor and offers no reopen', () => {
    banner('sent');
    const alert = screen.getByTestId('read-only');
    expect(alert.textContent).toContain('Report submitted');
    expect(within(alert).queryByRole('button')).toBeNull();
  });

  it('offers Reopen on a completed plod', () => {
    const onReopen = banner('completed');
    fireEvent.click(screen.getByRole('button', { name: 'Reopen shift' }));
    expect(onReopen).toHaveBeenCalledOnce();
  });
});

describe('lifecycle on the screens', () => {
  it('reopens a completed plod from its screen: the edits come back', async () => {
    const { sync, docName } = openReport('/timesheets');
    sync.registry.mutate(docName, setStatus, 'completed');
    expect(await screen.findByTestId('read-only')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Time Entry' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Reopen shift' }));
    expect(await screen.findByRole('button', { name: 'Add Time Entry' })).toBeTruthy();
    expect(sync.registry.read(docName, readReport).status).toBe('active');
  });

  it('shows Edit Shift Report of a sent plod with every field disabled and no Save', async () => {
    const { sync, docName } = openReport('/plods/:id/edit');
    sync.registry.mutate(docName, setStatus, 'sent');
    expect(await screen.findByTestId('read-only')).toBeTruthy();
    // The fields sit in a disabled fieldset (which the browser disables them through).
    expect(screen.getByLabelText('Operator').closest('fieldset')?.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
  });

  it('shows the CSV editor of a sent plod in View Mode only', async () => {
    const { sync, docName } = openReport('/csv-editor');
    sync.registry.mutate(docName, setStatus, 'sent');
    expect(await screen.findByTestId('read-only')).toBeTruthy();
    expect(screen.queryByText('Edit Mode')).toBeNull();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
  });
});
