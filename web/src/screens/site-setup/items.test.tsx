import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  MEMBER_NAME_REQUIRED,
  RIG_NAME_REQUIRED,
  SETUP_DOC_NAME,
  TOOL_NAME_REQUIRED,
  readSetup,
} from '@plod/model';
import { afterEach, describe, expect, it } from 'vitest';
import {
  WAIT,
  dialog,
  dialogClosed,
  openSiteSetup,
  resetSupervisorScreens,
  signInAsSupervisor,
  typeInto,
} from '../../testing/supervisor';

afterEach(resetSupervisorScreens);

async function openTab(tab: string) {
  signInAsSupervisor();
  const app = openSiteSetup();
  await screen.findByTestId('site-name', {}, WAIT);
  fireEvent.click(screen.getByRole('tab', { name: tab }));
  const setup = () => app.sync.registry.read(SETUP_DOC_NAME, readSetup);
  return { ...app, setup };
}

/** Delete on a list item: Cancel keeps it, then Delete in the confirmation removes it. */
async function deleteWithConfirmation(name: string, message: string) {
  const item = () => screen.getByRole('listitem', { name });
  fireEvent.click(within(item()).getByRole('button', { name: 'Delete' }));
  let modal = await dialog();
  expect(within(modal).getByText(message)).toBeTruthy();
  fireEvent.click(within(modal).getByRole('button', { name: 'Cancel' }));
  await dialogClosed();
  expect(item()).toBeTruthy();
  fireEvent.click(within(item()).getByRole('button', { name: 'Delete' }));
  modal = await dialog();
  fireEvent.click(within(modal).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.queryByRole('listitem', { name })).toBeNull());
}

describe('Site Setup lists', () => {
  it('Rigs: lists the site rigs, adds one (name required), edits inline and deletes', async () => {
    const { setup, ids } = await openTab('Rigs');
    expect(await screen.findByRole('listitem', { name: 'Rig 7' })).toBeTruthy();
    expect(screen.queryByRole('listitem', { name: 'Rig 9' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Add Rig' }));
    const modal = await dialog();
    expect(within(modal).getByText('Add New Rig')).toBeTruthy();
    typeInto(modal, 'Rig number', '12');
    fireEvent.click(within(modal).getByRole('button', { name: 'Create' }));
    expect(await within(modal).findByText(RIG_NAME_REQUIRED)).toBeTruthy();
    typeInto(modal, 'Rig name', ' Rig 12 ');
    fireEvent.click(within(modal).getByRole('button', { name: 'Create' }));
    await dialogClosed();
    const added = await screen.findByRole('listitem', { name: 'Rig 12' });
    expect(within(added).getByText('Rig number: 12')).toBeTruthy();
    expect(setup().rigs.find((r) => r.rigName === 'Rig 12')).toMatchObject({
      rigNumber: '12',
      siteId: ids?.north,
    });

    // Cancel leaves the rig as it was; Save writes the change.
    fireEvent.click(within(added).getByRole('button', { name: 'Edit' }));
    let editing = screen.getByRole('listitem', { name: 'Edit Rig 12' });
    typeInto(editing, 'Rig name', 'Rig 13');
    fireEvent.click(within(editing).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('listitem', { name: 'Rig 12' })).toBeTruthy();
    fireEvent.click(
      within(screen.getByRole('listitem', { name: 'Rig 12' })).getByRole('button', {
        name: 'Edit',
      }),
    );
    editing = screen.getByRole('listitem', { name: 'Edit Rig 12' });
    typeInto(editing, 'Rig name', '');
    fireEvent.click(within(editing).getByRole('button', { name: 'Save' }));
    expect(await within(editing).findByText(RIG_NAME_REQUIRED)).toBeTruthy();
    typeInto(editing, 'Rig name', 'Rig 13');
    typeInto(editing, 'Rig number', '');
    fireEvent.click(within(editing).getByRole('button', { name: 'Save' }));
    const saved = await screen.findByRole('listitem', { name: 'Rig 13' });
    expect(within(saved).getByText('Rig number: —')).toBeTruthy();
    expect(setup().rigs.find((r) => r.rigName === 'Rig 13')?.rigNumber).toBeNull();

    await deleteWithConfirmation('Rig 13', 'Are you sure you want to delete the rig "Rig 13"?');
    expect(setup().rigs.map((r) => r.rigName)).toEqual(['Rig 7', 'Rig 9']);
  });

  it('Crew: adds a member (driller by default), edits the role inline and deletes', async () => {
    const { setup } = await openTab('Crew');
    expect(await screen.findByRole('listitem', { name: 'Alex Driller' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add Crew Member' }));
    const modal = await dialog();
    expect((within(modal).getByLabelText('Role') as HTMLSelectElement).value).toBe('driller');
    fireEvent.click(within(modal).getByRole('button', { name: 'Create' }));
    expect(await within(modal).findByText(MEMBER_NAME_REQUIRED)).toBeTruthy();
    typeInto(modal, 'Crew member name', 'Jordan Smith');
    typeInto(modal, 'Certification', 'Cert IV Drilling');
    typeInto(modal, 'Experience', '3 years');
    fireEvent.click(within(modal).getByRole('button', { name: 'Create' }));
    await dialogClosed();
    const added = await screen.findByRole('listitem', { name: 'Jordan Smith' });
    expect(within(added).getByText('Role: Driller')).toBeTruthy();
    expect(within(added).getByText('Certification: Cert IV Drilling')).toBeTruthy();
    expect(setup().crewMembers.find((m) => m.memberName === 'Jordan Smith')).toMatchObject({
      role: 'driller',
      certification: 'Cert IV Drilling',
      experience: '3 years',
    });

    fireEvent.click(within(added).getByRole('button', { name: 'Edit' }));
    const editing = screen.getByRole('listitem', { name: 'Edit Jordan Smith' });
    fireEvent.change(within(editing).getByLabelText('Role'), { target: { value: 'offsider' } });
    fireEvent.click(within(editing).getByRole('button', { name: 'Save' }));
    const saved = await screen.findByRole('listitem', { name: 'Jordan Smith' });
    expect(within(saved).getByText('Role: Offsider')).toBeTruthy();
    expect(setup().crewMembers.find((m) => m.memberName === 'Jordan Smith')?.role).toBe('offsider');

    await deleteWithConfirmation(
      'Jordan Smith',
      'Are you sure you want to delete the crew member "Jordan Smith"?',
    );
    expect(setup().crewMembers.map((m) => m.memberName)).toEqual(['Alex Driller']);
  });

  it('Hire Tools: adds a tool with its rate, edits it inline and deletes', async () => {
    const { setup } = await openTab('Hire Tools');
    const saw = await screen.findByRole('listitem', { name: 'Core saw' });
    expect(within(saw).getByText('Rate: $12.50 per hour')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add Hire Tool' }));
    const modal = await dialog();
    typeInto(modal, 'Description', 'Without a name');
    fireEvent.click(within(modal).getByRole('button', { name: 'Create' }));
    expect(await within(modal).findByText(TOOL_NAME_REQUIRED)).toBeTruthy();
    typeInto(modal, 'Tool name', 'Mud pump');
    typeInto(modal, 'Description', 'Spare 3-inch pump');
    typeInto(modal, 'Rate per hour', '45.5');
    fireEvent.click(within(modal).getByRole('button', { name: 'Create' }));
    await dialogClosed();
    const pump = await screen.findByRole('listitem', { name: 'Mud pump' });
    expect(within(pump).getByText('Spare 3-inch pump')).toBeTruthy();
    expect(within(pump).getByText('Rate: $45.50 per hour')).toBeTruthy();

    fireEvent.click(within(pump).getByRole('button', { name: 'Edit' }));
    const editing = screen.getByRole('listitem', { name: 'Edit Mud pump' });
    typeInto(editing, 'Rate per hour', '50');
    fireEvent.click(within(editing).getByRole('button', { name: 'Save' }));
    const saved = await screen.findByRole('listitem', { name: 'Mud pump' });
    expect(within(saved).getByText('Rate: $50.00 per hour')).toBeTruthy();
    expect(setup().hireTools.find((t) => t.toolName === 'Mud pump')).toMatchObject({
      ratePerHour: 50,
      toolDescription: 'Spare 3-inch pump',
    });

    await deleteWithConfirmation(
      'Mud pump',
      'Are you sure you want to delete the hire tool "Mud pump"?',
    );
    expect(setup().hireTools.map((t) => t.toolName)).toEqual(['Core saw']);
  });
});
