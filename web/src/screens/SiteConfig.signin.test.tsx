import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getAuthState, joinDevice } from '../auth';
import { UNIT_ADMIN, UNIT_CREW_CODE, withRealServer } from '../auth/testing/realServer';
import { openApp as open } from '../testing/apps';
import { WAIT, resetSupervisorScreens, seedSites } from '../testing/supervisor';

// Site Configuration against the real server (a child process): its sign-in and the calls it makes.

withRealServer();
beforeEach(async () => {
  // A crew phone: the gate lets it reach /site-config, which then asks for a supervisor.
  await joinDevice(UNIT_CREW_CODE, 'Crew phone');
});
afterEach(resetSupervisorScreens);

async function signInThroughModal(password: string): Promise<HTMLElement> {
  const modal = await screen.findByRole('dialog', {}, WAIT);
  fireEvent.change(within(modal).getByLabelText(/Username/), {
    target: { value: UNIT_ADMIN.username },
  });
  fireEvent.change(within(modal).getByLabelText(/^Password/), { target: { value: password } });
  fireEvent.click(within(modal).getByRole('button', { name: 'Login' }));
  return modal;
}

describe('Site Configuration sign-in (real server)', () => {
  it('says "Invalid credentials. Please try again." for a wrong password and stays locked', async () => {
    open('/site-config', { joined: false });
    const modal = await signInThroughModal('not-the-password');
    expect(
      await within(modal).findByText('Invalid credentials. Please try again.', {}, WAIT),
    ).toBeTruthy();
    expect(screen.getByTestId('site-config-locked')).toBeTruthy();
    expect(getAuthState().kind).toBe('device');
  });

  it('unlocks for the right credentials and then asks the server about cleanup', async () => {
    const { sync } = open('/site-config', { joined: false });
    seedSites(sync);
    await signInThroughModal(UNIT_ADMIN.password);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    expect(getAuthState().kind).toBe('supervisor');
    expect(screen.queryByTestId('site-config-locked')).toBeNull();
    expect(await screen.findAllByTestId('site-card', {}, WAIT)).toHaveLength(2);
    // The daily cleanup has not run on a server that just started.
    expect((await screen.findByTestId('auto-cleanup', {}, WAIT)).textContent).toMatch(
      /^Auto cleanup has not run yet\. Next run /,
    );
  });

  it('says the manual cleanup failed when the server does not know the site yet', async () => {
    const { sync } = open('/site-config', { joined: false });
    seedSites(sync);
    await signInThroughModal(UNIT_ADMIN.password);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    fireEvent.click(await screen.findByRole('button', { name: 'Clean Up Deleted Reports' }, WAIT));
    const confirm = await screen.findByRole('dialog', {}, WAIT);
    expect(
      within(confirm).getByText(
        /permanently delete old reports marked as deleted more than 30 days ago/,
      ),
    ).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete permanently' }));
    expect(
      await screen.findByText('Failed to cleanup old reports. Please try again.', {}, WAIT),
    ).toBeTruthy();
    expect(screen.queryByTestId('last-cleanup')).toBeNull();
  });
});
