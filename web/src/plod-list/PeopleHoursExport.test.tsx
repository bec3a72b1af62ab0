import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { FILTER_RANGE_MESSAGE } from '@plod/model';
import { afterEach, describe, expect, it } from 'vitest';
import { PeopleHoursExport } from './PeopleHoursExport';

afterEach(cleanup);

async function open(filter: Parameters<typeof PeopleHoursExport>[0]['filter']) {
  render(
    <MantineProvider>
      <PeopleHoursExport filter={filter} />
    </MantineProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'People’s hours' }));
  return screen.findByRole('dialog', { name: 'People’s hours for a pay period' });
}

describe("people's hours export", () => {
  it('downloads only once both days of the period are chosen, for the list’s site', async () => {
    const dialog = await open({ siteId: 'site-1' });
    // Without an address the anchor is no link: found by its text until both days are in.
    const csv = () => within(dialog).getByText('Download CSV').closest('a');
    expect(csv()?.getAttribute('href')).toBeNull();
    expect(csv()?.getAttribute('data-disabled')).toBe('true');
    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: '2026-04-01' } });
    fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: '2026-04-15' } });
    expect(csv()?.getAttribute('href')).toBe(
      '/api/people-hours.csv?from=2026-04-01&to=2026-04-15&siteId=site-1',
    );
    expect(within(dialog).getByRole('link', { name: 'Download XLSX' }).getAttribute('href')).toBe(
      '/api/people-hours.xlsx?from=2026-04-01&to=2026-04-15&siteId=site-1',
    );
  });

  it('starts on the list’s dates and says when the period ends before it starts', async () => {
    const dialog = await open({ from: '2026-04-15', to: '2026-04-01' });
    expect(within(dialog).getByText(FILTER_RANGE_MESSAGE)).toBeTruthy();
    expect(within(dialog).queryByRole('link', { name: 'Download CSV' })).toBeNull();
  });
});
