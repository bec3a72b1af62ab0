import type { Page } from '@playwright/test';
import { openPhone, plodCard } from './collab-helpers';
import { expectAccessible } from './accessibility';
import { expect, test } from './fixtures';
import { openDesk, openFromLive, submittedPlod } from './plod-report-helpers';

// An approved plod is read-only to everyone; a supervisor reopens it with a reason, which the plod
// then shows (on the desk and on the crew's phone), and it is Submitted again.

const status = (page: Page) => page.getByTestId('report-status');

test('a supervisor reopens an approved plod with a reason that the plod then shows', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const sam = await openPhone(browser, 'Sam phone');
  const id = await submittedPlod(sam.page, 'Sam Driller');

  const desk = await openDesk(browser);
  await openFromLive(desk, id);
  await desk.getByRole('button', { name: 'Approve' }).click();
  await desk
    .getByRole('dialog', { name: 'Approve this plod?' })
    .getByRole('button', { name: 'Approve plod' })
    .click();
  await expect(status(desk)).toHaveText('Approved');

  // Reopen, with the reason required before anything is sent.
  await desk.getByRole('button', { name: 'Reopen' }).click();
  const dialog = desk.getByRole('dialog', { name: 'Reopen this approved plod?' });
  await dialog.getByRole('button', { name: 'Reopen plod' }).click();
  await expect(dialog).toContainText('Say why the plod is reopened: a reason is required');
  await expect(status(desk)).toHaveText('Approved');
  await dialog.getByLabel('Why is it reopened?').fill('Rig hours were entered twice');
  await desk.screenshot({ path: testInfo.outputPath('desk-reopen-dialog.png') });
  await expectAccessible(desk, 'reopen dialog after a missing reason');
  await dialog.getByRole('button', { name: 'Reopen plod' }).click();
  await expect(status(desk)).toHaveText('Sent');
  await expect(desk.getByTestId('report-reopen-reason')).toContainText(
    'Rig hours were entered twice',
  );
  // Submitted again: it can be approved or returned once more.
  await expect(desk.getByRole('button', { name: 'Approve' })).toBeVisible();
  await expect(desk.getByRole('button', { name: 'Reopen' })).toHaveCount(0);
  await desk.screenshot({ path: testInfo.outputPath('desk-reopened.png'), fullPage: true });
  await expectAccessible(desk, 'a reopened plod at a desk');

  // The crew's phone shows it Sent again, with the reason.
  await sam.page.goto('/');
  await sam.page.getByRole('tab', { name: /^Sent/ }).click();
  await expect(plodCard(sam.page, id)).toContainText('Sent');
  await plodCard(sam.page, id).getByRole('link', { name: /^View/ }).click();
  await expect(status(sam.page)).toHaveText('Sent');
  await expect(sam.page.getByTestId('report-reopen-reason')).toContainText(
    'Rig hours were entered twice',
  );
  await expect(sam.page.getByRole('button', { name: 'Reopen' })).toHaveCount(0);
  await sam.page.screenshot({ path: testInfo.outputPath('phone-reopened.png'), fullPage: true });
  await expectAccessible(sam.page, 'a reopened plod on the phone');
});
