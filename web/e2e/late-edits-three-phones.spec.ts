import type { Page } from '@playwright/test';
import {
  addRunInModal,
  editFromList,
  newReport,
  openPhones,
  pauseSync,
  plodCard,
  resumeSync,
  startHole,
  uniqueHoleId,
} from './collab-helpers';
import { addTimeEntry } from './entry-helpers';
import { expectAccessible } from './accessibility';
import { expect, heading, test } from './fixtures';
import { completeAndSubmit, openDesk, setUpShift, signAndSubmit } from './plod-report-helpers';
import { approveOnDesk, mergeLateEditsOf, waitForLateEditCard } from './supervisor-helpers';

// Issue 29, point 1: phone A makes a plod with signal; B and C open it and lose signal; B adds a run
// and writes Additional Notes, C adds a time entry. Meanwhile A submits it, the desk returns it, A
// fixes and resubmits it and the desk approves it. When B and C come back, the desk's card for each
// names what the phone shows (B's run and notes) and can be merged; after the merge every phone and
// the desk show the same depth and notes.

test.use({ joined: false });

const backToDashboard = /^‹? ?Back( to Dashboard)?$/;

/** The plod's Drill Report Dashboard, as its card on the Plods list opens it. */
async function openPlod(page: Page, id: string): Promise<void> {
  await plodCard(page, id).getByTestId('open-plod').click();
  await expect(page.getByTestId('report-header')).toBeVisible();
}

/** Sets the operator on Edit Shift Report and saves (back on the Plods list). */
async function setOperator(page: Page, id: string, operator: string): Promise<void> {
  await page.goto('/');
  await editFromList(page, id);
  await page.getByLabel('Operator').fill(operator);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(heading(page, 'Plods')).toBeVisible();
}

/** What Edit Shift Report shows, opened anew: total depth and Additional Notes. */
async function depthAndNotes(page: Page, id: string): Promise<[string, string]> {
  await page.goto(`/plods/${id}/edit`);
  await expect(page.getByTestId('report-number')).toHaveText(`Report #${id}`);
  return [
    await page.getByLabel('Total Depth (m)').inputValue(),
    await page.getByLabel('Additional Notes').inputValue(),
  ];
}

test('late edits built on a plod submitted, returned, resubmitted and approved meanwhile are shown and merged, and everyone agrees', async ({
  browser,
}, testInfo) => {
  test.setTimeout(420_000);
  const tag = Date.now().toString(36);
  const [ann, bob, cy] = await openPhones(browser, `Ann ${tag}`, `Bob ${tag}`, `Cy ${tag}`);
  const hole = uniqueHoleId('LATE');
  const notes = `Bit changed at 9 m (${tag})`;

  // Ann, with signal: a plod on the demo site, a hole with three runs, a time entry, operator edits.
  const id = await newReport(ann.page);
  await setUpShift(ann.page, id);
  await ann.page.goto(`/plods/${id}/run-sheets`);
  await startHole(ann.page, hole);
  for (let i = 0; i < 3; i += 1) await addRunInModal(ann.page);
  await ann.page.goto(`/plods/${id}/timesheets`);
  await addTimeEntry(ann.page, { start: '6:00 AM', end: '8:00 AM' });
  for (const name of ['Ann', 'Ann D', 'Ann Driller']) await setOperator(ann.page, id, name);

  // Bob opens Edit Report and Run Sheets (their code loaded), loses signal, adds a run and notes.
  await bob.page.goto('/');
  await editFromList(bob.page, id);
  await expect(bob.page.getByLabel('Operator')).toHaveValue('Ann Driller');
  await bob.page.getByRole('link', { name: 'Cancel' }).click();
  await openPlod(bob.page, id);
  await bob.page.getByRole('link', { name: /^Run Sheets/ }).click();
  await expect(bob.page.getByTestId('run-row')).toHaveCount(3);
  await bob.page.getByRole('link', { name: backToDashboard }).click();
  await bob.page.getByRole('link', { name: 'Back to Reports' }).click();
  await pauseSync(bob);
  await openPlod(bob.page, id);
  await bob.page.getByRole('link', { name: /^Run Sheets/ }).click();
  await addRunInModal(bob.page);
  await expect(bob.page.getByTestId('run-row')).toHaveCount(4);
  await bob.page.getByRole('link', { name: backToDashboard }).click();
  await bob.page.getByRole('link', { name: 'Back to Reports' }).click();
  await editFromList(bob.page, id);
  const bobDepth = await bob.page.getByLabel('Total Depth (m)').inputValue();
  await bob.page.getByLabel('Additional Notes').fill(notes);
  await bob.page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(heading(bob.page, 'Plods')).toBeVisible();

  // Cy opens Timesheets, loses signal and adds a time entry.
  await cy.page.goto('/');
  await openPlod(cy.page, id);
  await cy.page.getByRole('link', { name: /^Timesheets/ }).click();
  await expect(cy.page.getByTestId('timesheet-table-card')).toHaveCount(1);
  await cy.page.getByRole('link', { name: backToDashboard }).click();
  await cy.page.getByRole('link', { name: 'Back to Reports' }).click();
  await pauseSync(cy);
  await openPlod(cy.page, id);
  await cy.page.getByRole('link', { name: /^Timesheets/ }).click();
  await addTimeEntry(cy.page, { start: '8:00 AM', end: '10:00 AM' });
  await expect(cy.page.getByTestId('timesheet-table-card')).toHaveCount(2);

  // Ann completes and submits; the desk returns it; Ann fixes and resubmits; the desk approves.
  await completeAndSubmit(ann.page, id, 'Ann Driller');
  const desk = await openDesk(browser);
  await desk.goto(`/plods/${id}/report`);
  await desk.getByRole('button', { name: 'Return to crew' }).click();
  const returnDialog = desk.getByRole('dialog', { name: 'Return to the crew?' });
  await returnDialog.getByLabel('What must the crew fix?').fill('The operator is Ann Driller (A)');
  await returnDialog.getByRole('button', { name: 'Return plod' }).click();
  await expect(desk.getByTestId('report-return-comment')).toBeVisible();
  await setOperator(ann.page, id, 'Ann Driller (A)');
  await signAndSubmit(ann.page, id, 'Ann Driller');
  await expect(desk.getByRole('button', { name: 'Approve' })).toBeVisible();
  await approveOnDesk(desk);

  // Bob and Cy come back: each phone shows its edits waiting for the supervisor.
  // Each on the Plods list, loaded anew.
  await resumeSync(bob, '/');
  await resumeSync(cy, '/');
  for (const phone of [bob, cy]) {
    await phone.page.goto(`/plods/${id}/run-sheets`);
    await expect(phone.page.getByTestId('waiting-for-supervisor')).toBeVisible({
      timeout: 30_000,
    });
  }

  // The desk's card for Bob names his run and his notes, and can be merged.
  await desk.goto('/live');
  const bobs = await waitForLateEditCard(desk, `Bob ${tag}`);
  const cys = await waitForLateEditCard(desk, `Cy ${tag}`);
  await expect(bobs.getByTestId('late-edit-change').filter({ hasText: 'Run 4 added' })).toHaveCount(
    1,
  );
  await expect(bobs.getByTestId('late-edit-change').filter({ hasText: notes })).toHaveCount(1);
  await expect(bobs).not.toContainText('Nothing the plod shows changes');
  await expect(bobs.getByRole('button', { name: 'Merge' })).toBeEnabled();
  await expect(cys.getByTestId('late-edit-change').first()).toContainText('Time entry added');
  await expect(cys.getByRole('button', { name: 'Merge' })).toBeEnabled();
  await bobs.scrollIntoViewIfNeeded();
  await desk.screenshot({ path: testInfo.outputPath('late-edits-three-phones-1366.png') });
  await expectAccessible(desk, 'late edits of a plod approved meanwhile');

  await mergeLateEditsOf(desk, [`Bob ${tag}`, `Cy ${tag}`]);

  // Every phone and the desk show Bob's depth and notes, and Cy's time entry.
  await expect(bob.page.getByTestId('waiting-for-supervisor')).toHaveCount(0);
  for (const phone of [ann, bob, cy]) {
    await expect.poll(() => depthAndNotes(phone.page, id)).toEqual([bobDepth, notes]);
    await phone.page.goto(`/plods/${id}/timesheets`);
    await expect(phone.page.getByTestId('timesheet-table-card')).toHaveCount(2);
  }
  await bob.page.screenshot({ path: testInfo.outputPath('late-edits-three-phones-390.png') });
  await desk.goto(`/plods/${id}/report`);
  await expect(desk.getByTestId('report-notes')).toContainText(notes);
  await expect(desk.getByTestId('report-summary-facts')).toContainText(`${bobDepth} m`);
  await expect(desk.getByTestId('report-status')).toHaveText('Approved');
  for (const phone of [ann, bob, cy]) await phone.context.close();
  await desk.context().close();
});
