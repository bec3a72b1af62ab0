import {
  editFromList,
  newReport,
  openPhones,
  pauseSync,
  resumeSync,
  type Phone,
} from './collab-helpers';
import { expectAccessible } from './accessibility';
import { expect, heading, test } from './fixtures';
import { completeAndSubmit, openDesk, setUpShift } from './plod-report-helpers';
import { approveOnDesk, mergeLateEditsOf, waitForLateEditCard } from './supervisor-helpers';

// Issue 29, point 3: two phones write Additional Notes offline while the plod is submitted and
// approved. The desk lists both late edits with their values; once both are merged the history
// lists the two notes as changed apart, and the phones show the conflict note beside the field.

test.use({ joined: false });

/** Opens Edit Report (its code loaded), then loses signal on the Plods list and writes the notes. */
async function notesOffline(phone: Phone, id: string, notes: string): Promise<void> {
  await phone.page.goto('/');
  await editFromList(phone.page, id);
  await phone.page.getByRole('link', { name: 'Cancel' }).click();
  await pauseSync(phone);
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
  const [ann, bob, cy] = await openPhones(browser, `Ann ${tag}`, `Bob ${tag}`, `Cy ${tag}`);
  const id = await newReport(ann.page);
  await setUpShift(ann.page, id);
  const bobNotes = `Water at 40 m (${tag})`;
  const cyNotes = `Rods bent (${tag})`;
  await notesOffline(bob, id, bobNotes);
  await notesOffline(cy, id, cyNotes);

  // Ann submits with signal; the desk approves.
  await completeAndSubmit(ann.page, id, 'Ann Driller');
  const desk = await openDesk(browser);
  await desk.goto(`/plods/${id}/report`);
  await approveOnDesk(desk);

  // Both come back; the desk lists both late edits, each with the notes its phone wrote.
  for (const phone of [bob, cy]) await resumeSync(phone, '/');
  await desk.goto('/live');
  for (const [name, notes] of [
    [`Bob ${tag}`, bobNotes],
    [`Cy ${tag}`, cyNotes],
  ] as const) {
    const card = await waitForLateEditCard(desk, name);
    await expect(card.getByTestId('late-edit-change')).toContainText([`Notes empty -> ${notes}`]);
  }
  await mergeLateEditsOf(desk, [`Bob ${tag}`, `Cy ${tag}`]);

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
