import type { Page } from '@playwright/test';
import { createReport, openPhones, type Phone } from './collab-helpers';
import { addTimeEntry, deleteRow } from './entry-helpers';
import { expectAccessible } from './accessibility';
import { expect, test } from './fixtures';
import { signInAsSupervisor } from './supervisor-helpers';

// A time entry deleted on one phone while another phone changed it, both offline: the deletion wins
// everywhere, and every phone and the desk say so, with Restore and Keep deleted.

test.use({ joined: false });

/** From one plod screen to another through the app's own links (works offline). */
async function toScreen(page: Page, link: RegExp): Promise<void> {
  await page.getByRole('link', { name: /^‹? ?Back( to Dashboard)?$/ }).click();
  await page.getByRole('link', { name: link }).click();
}

/** Cuts a phone off the network (the browser's and Run Sheets' Pause sync), back on Timesheets. */
async function goOffline(phone: Phone): Promise<void> {
  await toScreen(phone.page, /^Run Sheets/);
  // The screen first: a tap only starts loading its code (no service worker in these tests).
  await expect(phone.page.getByTestId('network-toggle')).toBeVisible();
  await phone.context.setOffline(true);
  await phone.page.getByTestId('network-toggle').click();
  await expect(phone.page.getByTestId('network-toggle')).toHaveText('Resume sync');
  await toScreen(phone.page, /^Timesheets/);
}

/** Back on the network (Run Sheets' Resume sync), back on Timesheets. */
async function goOnline(phone: Phone): Promise<void> {
  await toScreen(phone.page, /^Run Sheets/);
  await phone.context.setOffline(false);
  await phone.page.getByTestId('network-toggle').click();
  await expect(phone.page.getByTestId('network-toggle')).toHaveText('Pause sync');
  await toScreen(phone.page, /^Timesheets/);
}

/**
 * Opens the plod's Run Sheets and then Timesheets through the app's own links, so both screens'
 * code is loaded and the phone can move between them offline (no service worker in tests).
 */
async function openTimesheets(page: Page, plodId: string): Promise<void> {
  await page.goto(`/plods/${plodId}`);
  await page.getByRole('link', { name: /^Run Sheets/ }).click();
  await expect(page.getByTestId('network-toggle')).toBeVisible();
  await toScreen(page, /^Timesheets/);
  await expect(page.getByRole('button', { name: 'Add Time Entry' })).toBeVisible();
}

const note = (page: Page) => page.getByTestId('removal-conflict');

test('an entry deleted on one phone while another changed it is shown everywhere, and Restore brings it back with the change', async ({
  page,
  browser,
  request,
  errors,
}, testInfo) => {
  test.setTimeout(240_000);
  const tag = Date.now().toString(36);
  const plodId = await createReport(request);
  const [ann, bob, cy] = await openPhones(browser, `Ann ${tag}`, `Bob ${tag}`, `Cy ${tag}`);

  // Ann adds a time entry; Bob and Cy have the plod open on Timesheets.
  await openTimesheets(ann.page, plodId);
  await addTimeEntry(ann.page, { start: '6:00 AM', end: '8:00 AM' });
  for (const phone of [bob, cy]) {
    await openTimesheets(phone.page, plodId);
    await expect(phone.page.getByTestId('timesheet-table-card')).toHaveCount(1);
  }

  // Apart: Bob deletes it, Cy writes a note on it.
  await goOffline(bob);
  await goOffline(cy);
  await deleteRow(bob.page, /^Delete time entry/);
  await cy.page.getByRole('button', { name: /^Edit time entry/ }).click();
  const edit = cy.page.getByRole('dialog', { name: 'Edit Time Entry' });
  await edit.getByLabel('Notes (Optional)').fill('Bit stuck at 40 m');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await goOnline(bob);
  await goOnline(cy);

  // The deletion won everywhere, and every phone says what it took, with the two choices.
  for (const phone of [ann, bob, cy]) {
    await expect(phone.page.getByTestId('timesheet-table-card')).toHaveCount(0);
    await expect(note(phone.page)).toContainText(`by Bob ${tag}`);
    await expect(note(phone.page)).toContainText(`while Cy ${tag}`);
    await expect(note(phone.page)).toContainText('Bit stuck at 40 m');
    await expect(note(phone.page).getByRole('button', { name: 'Restore' })).toBeVisible();
    await expect(note(phone.page).getByRole('button', { name: 'Keep deleted' })).toBeVisible();
  }
  await cy.page.screenshot({ path: testInfo.outputPath('removal-conflict-390.png') });
  await expectAccessible(cy.page, 'a row deleted while changed');

  // The desk sees it too, on the plod, and brings the row back with Cy's note.
  await signInAsSupervisor(page);
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto(`/plods/${plodId}/timesheets`);
  await expect(note(page)).toContainText('Bit stuck at 40 m');
  await page.screenshot({ path: testInfo.outputPath('removal-conflict-1366.png') });
  await expectAccessible(page, 'a row deleted while changed, at the desk');
  await note(page).getByRole('button', { name: 'Restore' }).click();
  for (const phone of [ann, bob, cy]) {
    await expect(phone.page.getByTestId('timesheet-table-card')).toContainText('Bit stuck at 40 m');
    await expect(note(phone.page)).toHaveCount(0);
  }
  await expect(note(page)).toHaveCount(0);
  for (const phone of [ann, bob, cy]) await phone.context.close();
  expect(errors).toEqual([]);
});
