import type { Page } from '@playwright/test';
import { newReport, openPhone, plodCard, saveDemoShift } from './collab-helpers';
import { expectAccessible } from './accessibility';
import { expect, heading, test } from './fixtures';

// Issue 15 point 8: two phones change the same field while apart; after they sync, both say so
// beside the field, and the note opens the field's history naming both devices.

/** Edit Shift Report of the plod, loaded (its number shows once the phone holds the plod). */
async function openEditReport(page: Page, reportId: string): Promise<void> {
  await page.goto(`/plods/${reportId}/edit`);
  await expect(page.getByTestId('report-number')).toHaveText(`Report #${reportId}`);
}

async function setTotalDepth(page: Page, metres: string): Promise<void> {
  await page.getByLabel('Total Depth (m)').fill(metres);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(heading(page, 'Plods')).toBeVisible();
}

test('two phones that change total depth apart both show a note that opens the history naming both', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const { page: ann } = await openPhone(browser, "Ann's phone");
  const { page: bob } = await openPhone(browser, "Bob's phone");

  // Ann starts a plod; Bob taps its card's Edit Report.
  const reportId = await newReport(ann);
  await ann.getByRole('link', { name: /Shift Details/ }).click();
  await saveDemoShift(ann);
  await openEditReport(ann, reportId);
  await bob.goto('/');
  await plodCard(bob, reportId).getByRole('link', { name: 'Edit Report' }).click();
  await expect(bob.getByTestId('report-number')).toHaveText(`Report #${reportId}`);

  // No signal on either phone: each changes total depth.
  await ann.context().setOffline(true);
  await bob.context().setOffline(true);
  await setTotalDepth(ann, '10.5');
  await setTotalDepth(bob, '12.5');

  // Signal returns: both open the plod again.
  await ann.context().setOffline(false);
  await bob.context().setOffline(false);
  for (const page of [ann, bob]) {
    await openEditReport(page, reportId);
    const note = page.getByTestId('conflict-note');
    await expect(note).toBeVisible();
    await expect(note).toContainText("by Ann's phone");
    await expect(note).toContainText("by Bob's phone");
    await expect(note).toContainText('while apart');
  }
  // One value everywhere after the merge (the form shows what the plod held when it opened).
  for (const page of [ann, bob]) await openEditReport(page, reportId);
  const shown = await ann.getByLabel('Total Depth (m)').inputValue();
  expect(['10.5', '12.5']).toContain(shown);
  await expect(bob.getByLabel('Total Depth (m)')).toHaveValue(shown);
  await ann.screenshot({ path: testInfo.outputPath('conflict-note-phone.png'), fullPage: true });
  await expectAccessible(ann, 'edit shift report with a conflict note');

  // The note opens the history of total depth, naming both devices and what each set.
  for (const page of [ann, bob]) {
    await page.getByTestId('conflict-note').click();
    const dialog = page.getByRole('dialog', { name: 'History: Total depth' });
    await expect(dialog).toBeVisible();
    const entries = dialog.getByTestId('history-entry');
    await expect(entries).toHaveCount(2);
    // Each from the derived value both phones showed (no runs: 0 m).
    await expect(dialog).toContainText('Total depth 0 → 10.5 m');
    await expect(dialog).toContainText('Total depth 0 → 12.5 m');
    await expect(entries.filter({ hasText: '10.5 m' })).toContainText("Ann's phone");
    await expect(entries.filter({ hasText: '12.5 m' })).toContainText("Bob's phone");
    await expect(dialog.getByText('Changed while apart')).toHaveCount(2);
  }
  await bob.screenshot({ path: testInfo.outputPath('conflict-history-phone.png') });
  await expectAccessible(bob, 'history of total depth');

  // The whole history, from the dashboard's History tile, on a desk-sized screen.
  await ann.keyboard.press('Escape');
  await ann.setViewportSize({ width: 1366, height: 800 });
  await ann.goto(`/plods/${reportId}`);
  await ann.getByRole('link', { name: /History/ }).click();
  await expect(ann).toHaveURL(new RegExp(`/plods/${reportId}/history$`));
  await expect(heading(ann, 'Change History')).toBeVisible();
  await expect(ann.getByTestId('history-entry').first()).toBeVisible();
  await ann.screenshot({ path: testInfo.outputPath('history-desk.png'), fullPage: true });
  await expectAccessible(ann, 'change history at desk width');

  await ann.context().close();
  await bob.context().close();
});
