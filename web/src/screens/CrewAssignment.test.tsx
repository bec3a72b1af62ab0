import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CREW_MESSAGES, PEOPLE_HOURS_MESSAGES } from '@plod/model';
import { afterEach, describe, expect, it } from 'vitest';
import { WAIT, openReport, resetDevice } from './report-common/testing';

afterEach(resetDevice);

const assigned = () => screen.queryAllByTestId('crew-assignment');

function assign(name: string, role: string) {
  fireEvent.change(screen.getByLabelText('Crew member'), {
    target: { value: screen.getByRole('option', { name: new RegExp(name) }).getAttribute('value') },
  });
  fireEvent.change(screen.getByLabelText('Role'), {
    target: { value: screen.getByRole('option', { name: role }).getAttribute('value') },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Assign Crew Member' }));
}

describe('Crew Assignment', () => {
  it('asks for Shift Details first and lists it in the issues box', async () => {
    openReport('/crew', { withShift: false });
    const issues = await screen.findByTestId('crew-issues', {}, WAIT);
    expect(within(issues).getByText('Crew Assignment Issues:')).toBeTruthy();
    expect(within(issues).getByText(CREW_MESSAGES.shiftNotSetUp)).toBeTruthy();
    expect(within(issues).getByText('Click refresh after completing Shift Details')).toBeTruthy();
    expect(within(issues).getByRole('button', { name: 'Refresh Status' })).toBeTruthy();
    expect(
      screen.getByText('Please complete Shift Details first before assigning crew members...'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Assign Crew Member' })).toBeNull();
  }, 30_000);

  it('assigns a primary driller and an offsider, site crew only, and hides the assigned', async () => {
    openReport('/crew');
    expect(
      await screen.findByText(
        'No crew members assigned yet. Select from available crew below.',
        {},
        WAIT,
      ),
    ).toBeTruthy();
    expect(screen.getByText(CREW_MESSAGES.noDriller)).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Choose crew member...' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: /Remote Person/ })).toBeNull();
    const button = screen.getByRole('button', { name: 'Assign Crew Member' });
    expect(button.hasAttribute('disabled')).toBe(true);

    assign('Alex Driller', 'Primary Driller');
    await screen.findByText('Primary', {}, WAIT);
    expect(screen.queryByTestId('crew-issues')).toBeNull();
    expect(screen.queryByRole('option', { name: /Alex Driller/ })).toBeNull();
    expect(screen.getByTestId('crew-count').textContent).toBe('1 assigned');

    assign('Jordan Offsider', 'Offsider');
    assign('Sam Driller', 'Driller');
    expect(assigned()).toHaveLength(3);
    expect(
      screen.getByText(
        'All crew members have been assigned or no crew members available for this site.',
      ),
    ).toBeTruthy();
    // Set Primary only for the driller who is not primary.
    expect(screen.getAllByRole('button', { name: 'Set Primary' })).toHaveLength(1);
  }, 30_000);

  it('moves the primary with Set Primary, so there is never a second', async () => {
    openReport('/crew');
    await screen.findByRole('button', { name: 'Assign Crew Member' }, WAIT);
    assign('Alex Driller', 'Primary Driller');
    assign('Sam Driller', 'Driller');
    const sam = screen.getByRole('listitem', { name: 'Sam Driller' });
    fireEvent.click(within(sam).getByRole('button', { name: 'Set Primary' }));
    expect(within(sam).getByText('Primary')).toBeTruthy();
    const alex = screen.getByRole('listitem', { name: 'Alex Driller' });
    expect(within(alex).queryByText('Primary')).toBeNull();
    expect(screen.getAllByText('Primary')).toHaveLength(1);

    // Remove asks first: nothing is removed until the person confirms.
    fireEvent.click(within(sam).getByRole('button', { name: 'Remove' }));
    const question = await screen.findByRole('dialog', { name: 'Remove crew member?' });
    expect(within(question).getByText(/Sam Driller will be removed/)).toBeTruthy();
    expect(screen.getAllByTestId('crew-assignment')).toHaveLength(2);
    fireEvent.click(within(question).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getAllByTestId('crew-assignment')).toHaveLength(1));
    expect(screen.getByText(CREW_MESSAGES.noPrimary)).toBeTruthy();
  }, 30_000);

  it("sets a person's break and travel from the shift's times, and refuses a break past the span", async () => {
    openReport('/crew');
    await screen.findByRole('button', { name: 'Assign Crew Member' }, WAIT);
    assign('Alex Driller', 'Primary Driller');
    const alex = screen.getByRole('listitem', { name: 'Alex Driller' });
    expect(within(alex).getByTestId('crew-hours').textContent).toBe(
      '6:00 AM - 6:00 PM · 12.00 h worked · break 0.00 h',
    );
    fireEvent.click(within(alex).getByRole('button', { name: 'Hours of Alex Driller' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hours of Alex Driller' });
    const breakField = within(dialog).getByLabelText('Break (h)');
    fireEvent.change(breakField, { target: { value: '13' } });
    expect(await within(dialog).findByText(PEOPLE_HOURS_MESSAGES.breakTooLong)).toBeTruthy();
    const save = within(dialog).getByRole('button', { name: 'Save Hours' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.change(breakField, { target: { value: '0.5' } });
    fireEvent.change(within(dialog).getByLabelText('Travel (h)'), { target: { value: '1.25' } });
    fireEvent.change(within(dialog).getByLabelText('Notes (Optional)'), {
      target: { value: 'Drove the crew bus' },
    });
    expect(within(dialog).getByTestId('person-hours-total').textContent).toBe(
      '11.50 h worked · 12.75 h paid',
    );
    fireEvent.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const saved = screen.getByRole('listitem', { name: 'Alex Driller' });
    expect(within(saved).getByTestId('crew-hours').textContent).toBe(
      '6:00 AM - 6:00 PM · 11.50 h worked · break 0.50 h · travel 1.25 h',
    );
    expect(within(saved).getByText('Drove the crew bus')).toBeTruthy();
  }, 30_000);
});
