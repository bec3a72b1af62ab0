import { editFromList, newReport, openPhone, type Phone } from './collab-helpers';
import { expectAccessible } from './accessibility';
import { expect, heading, test } from './fixtures';
import { openDesk, setUpShift, signAndSubmit } from './plod-report-helpers';
import { mergeLateEdit } from './supervisor-helpers';

// Issue 29, point 3: two phones write Additional Notes offline while the plod is submitted and
// approved. The desk lists both late edits with their values; once both are merged the history
// lists the two notes as changed apart, and the phones show the conflict note beside the field.

test.use({ joined: false });

/** Opens Edit Report (its code loaded), then loses signal on the Plods list and writes the notes. */
async function notesOffline(phone: Phone, id: string, notes: string): Promise<void> {
  await phone.page.goto('/');
  await editFromList(phone.page, id);
  await phone.page.getByRole('link', { name: 'Cancel' }).click();
  await phone.context.setOffline(true);
  await phone.page.getByTestId('network-toggle').click();
  await expect(phone.page.getByTestId('network-toggle')).toHaveText('Resume sync');
  await editFromList(phone.page, id);
  await phone.page.getByLabel('Additional Notes').fill(notes);
  await phone.page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(heading(phone.page, 'Plods')).toBeVisible();
}

test('two late edits of the notes are both listed, both merged, and shown as a conflict everywhere', async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const tag = Date.now().toString(36);
  const [ann, bob, cy] = [
    await openPhone(browser, `Ann ${tag}`),
    await openPhone(browser, `Bob ${tag}`),
    await openPhone(browser, `Cy ${tag}`),
  ];
  const id = await newReport(ann.page);
  await setUpShift(ann.page, id);
  const bobNotes = `Water at 40 m (${tag})`;
  const cyNotes = `Rods bent (${tag})`;
  await notesOffline(bob, id, bobNotes);
  await notesOffline(cy, id, cyNotes);

  // Ann submits with signal; the desk approves.
  await ann.page.goto(`/plods/${id}/complete-shift`);
  await ann.page.getByRole('button', { name: 'Complete Shift & Save' }).click();
  await expect(heading(ann.page, 'Shift Completion')).toBeVisible();
  await signAndSubmit(ann.page, id, 'Ann Driller');
  const desk = await openDesk(browser);
  await desk.goto(`/plods/${id}/report`);
  await desk.getByRole('button', { name: 'Approve' }).click();
  await desk
    .getByRole('dialog', { name: 'Approve this plod?' })
    .getByRole('button', { name: 'Approve plod' })
    .click();
  await expect(desk.getByTestId('report-status')).toHaveText('Approved');

  // Both come back; the desk lists both late edits, each with the notes its phone wrote.
  for (const phone of [bob, cy]) {
    await phone.context.setOffline(false);
    await phone.page.goto('/');
    await phone.page.getByTestId('network-toggle').click();
    await expect(phone.page.getByTestId('network-toggle')).toHaveText('Pause sync');
  }
  await desk.goto('/live');
  const card = (name: string) => desk.getByRole('article', { name: `Late edits from ${name}` });
  for (const [name, notes] of [
    [`Bob ${tag}`, bobNotes],
    [`Cy ${tag}`, cyNotes],
  ] as const) {
    await expect(async () => {
      await desk.getByRole('button', { name: 'Refresh' }).click();
      await expect(card(name)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await expect(card(name).getByTestId('late-edit-change')).toContainText([
      `Notes empty -> ${notes}`,
    ]);
  }
  for (const name of [`Bob ${tag}`, `Cy ${tag}`]) {
    await mergeLateEdit(desk, card(name));
    await expect(card(name)).toBeHidden();
  }

  // The history lists each phone's notes as changed apart.
  await desk.goto(`/plods/${id}/report`);
  const history = desk.getByTestId('report-history').getByTestId('history-entry');
  for (const [name, notes] of [
    [`Bob ${tag}`, bobNotes],
    [`Cy ${tag}`, cyNotes],
  ] as const) {
    // The phone's own record (the supervisor's merge record names the phone in its note).
    const own = history.filter({ hasText: name, hasNotText: 'e2e-supervisor' });
    await expect(own.filter({ hasText: notes })).toContainText('Changed while apart');
  }

  // Every phone shows the conflict note beside Additional Notes, naming both phones.
  for (const phone of [ann, bob, cy]) {
    await phone.page.goto(`/plods/${id}/edit`);
    const note = phone.page.getByTestId('conflict-note');
    await expect(note).toContainText(`by Bob ${tag}`);
    await expect(note).toContainText(`by Cy ${tag}`);
  }
  await cy.page.screenshot({ path: testInfo.outputPath('late-notes-conflict-390.png') });
  await expectAccessible(cy.page, 'a conflict of two late edits');
  for (const phone of [ann, bob, cy]) await phone.context.close();
  await desk.context().close();
});
