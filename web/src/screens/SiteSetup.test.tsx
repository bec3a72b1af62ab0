import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SETUP_DOC_NAME, SITE_NAME_REQUIRED, readSetup } from '@plod/model';
import { afterEach, describe, expect, it } from 'vitest';
import {
  WAIT,
  dialog,
  dialogClosed,
  joinAsDevice,
  openSiteSetup,
  resetSupervisorScreens,
  signInAsSupervisor,
  typeInto,
} from '../testing/supervisor';

afterEach(resetSupervisorScreens);

describe('Site Setup', () => {
  it('sends a crew device to sign in: the screen is for supervisors', async () => {
    joinAsDevice();
    const { router } = openSiteSetup();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), WAIT);
  });

  it('selects the first site, shows its id and total holes, and switches site', async () => {
    signInAsSupervisor();
    const { ids } = openSiteSetup();
    expect((await screen.findByTestId('site-name', {}, WAIT)).textContent).toBe('North Pit');
    expect(screen.getByRole('heading', { name: 'Site Setup' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Plods/ }).getAttribute('href')).toBe('/');
    expect(screen.getByTestId('sync-indicator')).toBeTruthy();
    expect(screen.getByTestId('site-id').textContent).toBe(ids?.north);
    expect(screen.getByTestId('site-total-holes').textContent).toBe('2');

    fireEvent.change(screen.getByLabelText('Site'), { target: { value: ids?.south } });
    expect(screen.getByTestId('site-name').textContent).toBe('South Pit');
    expect(screen.getByTestId('site-total-holes').textContent).toBe('1');
  });

  it('adds a site with a required, trimmed name and selects it', async () => {
    signInAsSupervisor();
    const { sync } = openSiteSetup({ seed: false });
    expect(await screen.findByText(/No sites yet\. Add a site/, {}, WAIT)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add Site' }));
    let modal = await dialog();
    expect(within(modal).getByText('Add New Site')).toBeTruthy();
    const create = () => within(modal).getByRole('button', { name: 'Create' });
    expect(create().hasAttribute('disabled')).toBe(true);
    typeInto(modal, 'Site name', '   ');
    expect(await within(modal).findByText(SITE_NAME_REQUIRED)).toBeTruthy();
    expect(create().hasAttribute('disabled')).toBe(true);
    // Enter in the field submits the form even so: the name is still refused.
    fireEvent.submit(create().closest('form') as HTMLFormElement);
    expect(within(modal).getByText(SITE_NAME_REQUIRED)).toBeTruthy();
    expect(sync.registry.read(SETUP_DOC_NAME, readSetup).sites).toHaveLength(0);

    modal = await dialog();
    typeInto(modal, 'Site name', '  East Pit  ');
    fireEvent.click(within(modal).getByRole('button', { name: 'Create' }));
    await dialogClosed();
    expect(screen.getByTestId('site-name').textContent).toBe('East Pit');
    expect(screen.getByTestId('site-total-holes').textContent).toBe('0');
    const sites = sync.registry.read(SETUP_DOC_NAME, readSetup).sites;
    expect(sites.map((s) => s.siteName)).toEqual(['East Pit']);
    expect(screen.getByTestId('site-id').textContent).toBe(sites[0]?.id);
  });

  it('renames a site with Edit', async () => {
    signInAsSupervisor();
    const { sync } = openSiteSetup();
    await screen.findByTestId('site-name', {}, WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const modal = await dialog();
    expect(within(modal).getByText('Edit Site')).toBeTruthy();
    typeInto(modal, 'Site name', '');
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await within(modal).findByText(SITE_NAME_REQUIRED)).toBeTruthy();
    typeInto(modal, 'Site name', 'North Pit East');
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    await dialogClosed();
    expect(screen.getByTestId('site-name').textContent).toBe('North Pit East');
    expect(sync.registry.read(SETUP_DOC_NAME, readSetup).sites[0]?.siteName).toBe('North Pit East');
  });

  it('deletes a site with its rigs, crew and tools only after confirming', async () => {
    signInAsSupervisor();
    const { sync, ids } = openSiteSetup();
    await screen.findByTestId('site-name', {}, WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    let modal = await dialog();
    expect(
      within(modal).getByText(
        'Are you sure you want to delete the site "North Pit"? ' +
          'This also deletes its rigs, crew members and hire tools.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(modal).getByRole('button', { name: 'Cancel' }));
    await dialogClosed();
    expect(sync.registry.read(SETUP_DOC_NAME, readSetup).sites).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    modal = await dialog();
    fireEvent.click(within(modal).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByTestId('site-name').textContent).toBe('South Pit'));
    const setup = sync.registry.read(SETUP_DOC_NAME, readSetup);
    expect(setup.sites.map((s) => s.id)).toEqual([ids?.south]);
    expect(setup.rigs.map((r) => r.rigName)).toEqual(['Rig 9']);
    expect(setup.crewMembers).toEqual([]);
    expect(setup.hireTools).toEqual([]);
  });

  it('keeps Add Rig, Add Crew Member and Add Hire Tool disabled until there is a site', async () => {
    signInAsSupervisor();
    openSiteSetup({ seed: false });
    const tabs: [string, string, string][] = [
      ['Rigs', 'Add Rig', 'rigs'],
      ['Crew', 'Add Crew Member', 'crew'],
      ['Hire Tools', 'Add Hire Tool', 'hire tools'],
    ];
    await screen.findByRole('button', { name: 'Add Site' }, WAIT);
    for (const [tab, button, plural] of tabs) {
      fireEvent.click(screen.getByRole('tab', { name: tab }));
      expect((await screen.findByRole('button', { name: button })).hasAttribute('disabled')).toBe(
        true,
      );
      expect(screen.getByText(`Please select a site to view and manage ${plural}`)).toBeTruthy();
    }
  });
});
