import type { Page } from '@playwright/test';
import { closePhones, createReport, openPhones, type Phone } from './collab-helpers';
import { addTimeEntry } from './entry-helpers';
import { expectAccessible } from './accessibility';
import { expect, test } from './fixtures';

// Issue 29: a field of a row (here a time entry's notes) that two phones changed while apart shows
// its conflict note on the phones, as the plod's own fields do, and the note opens its history.

test.use({ joined: false });

/** From one plod screen to another through the app's own links (works offline). */
async function toScreen(page: Page, link: RegExp): Promise<void> {
  await page.getByRole('link', { name: /^‹? ?Back( to Dashboard)?$/ }).click();
  await page.getByRole('link', { name: link }).click();
}

/** Run Sheets' Pause or Resume sync with the browser's network, back on Timesheets. */
async function setOnline(phone: Phone, online: boolean): Promise<void> {
  await toScreen(phone.page, /^Run Sheets/);
  // The screen first: a tap only starts loading it, and a phone cut off before its code has come
  // (no service worker in these tests) shows "This screen could not open" instead.
  await expect(phone.page.getByTestId('network-toggle')).toBeVisible();
  await phone.context.setOffline(!online);
  await phone.page.getByTestId('network-toggle').click();
  await expect(phone.page.getByTestId('network-toggle')).toHaveText(
    online ? 'Pause sync' : 'Resume sync',
  );
  await toScreen(phone.page, /^Timesheets/);
}

/** Writes the notes of the plod's one time entry. */
async function entryNotes(page: Page, notes: string): Promise<void> {
  await page.getByRole('button', { name: /^Edit time entry/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Time Entry' });
  await edit.getByLabel('Notes (Optional)').fill(notes);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
}

test('a time entry’s notes changed on two phones apart show a conflict note on both', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const plodId = await createReport(request);
  const [ann, bob] = await openPhones(browser, `Ann ${tag}`, `Bob ${tag}`);
  for (const phone of [ann, bob]) {
    await phone.page.goto(`/plods/${plodId}`);
    await phone.page.getByRole('link', { name: /^Timesheets/ }).click();
    await expect(phone.page.getByRole('button', { name: 'Add Time Entry' })).toBeVisible();
  }
  await addTimeEntry(ann.page, { start: '6:00 AM', end: '8:00 AM' });
  await expect(bob.page.getByTestId('timesheet-table-card')).toHaveCount(1);

  // Apart, each writes the entry's notes.
  await setOnline(ann, false);
  await setOnline(bob, false);
  await entryNotes(ann.page, 'Bit stuck at 40 m');
  await entryNotes(bob.page, 'Lost water at 42 m');
  await setOnline(ann, true);
  await setOnline(bob, true);

  for (const phone of [ann, bob]) {
    const note = phone.page.getByTestId('conflict-note');
    await expect(note).toContainText('Time entry notes changed');
    await expect(note).toContainText(`by Ann ${tag}`);
    await expect(note).toContainText(`by Bob ${tag}`);
    await expect(note).toContainText('while apart');
  }
  await bob.page.screenshot({ path: testInfo.outputPath('row-conflict-390.png') });
  await expectAccessible(bob.page, 'a time entry changed apart');

  // The note opens the history of that field, with both values.
  await ann.page.getByTestId('conflict-note').click();
  const dialog = ann.page.getByRole('dialog', { name: /^History: / });
  await expect(dialog.getByTestId('history-entry')).toHaveCount(2);
  await expect(dialog).toContainText('Bit stuck at 40 m');
  await expect(dialog).toContainText('Lost water at 42 m');
  await closePhones(ann, bob);
});
