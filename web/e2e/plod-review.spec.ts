import type { Page } from '@playwright/test';
import { openPhone, plodCard } from './collab-helpers';
import { expectAccessible } from './accessibility';
import { expect, prepareContext, test } from './fixtures';
import { openDesk, openFromLive, signAndSubmit, submittedPlod } from './plod-report-helpers';
import { names, signIn } from './supervisor-helpers';

// Issue 17: approval. A supervisor approves one submitted plod and returns another with a comment
// that the crew's phone shows; the crew submits it again. A client account, made by a supervisor for
// one site, sees and approves that site's plods only: REST and WebSocket refuse it the others.

const status = (page: Page) => page.getByTestId('report-status');

test('a supervisor approves one plod and returns another with a comment the crew phone shows', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const sam = await openPhone(browser, 'Sam phone');
  const approved = await submittedPlod(sam.page, 'Sam Driller');
  const returned = await submittedPlod(sam.page, 'Sam Driller');

  const desk = await openDesk(browser);
  // Approve, confirmed first: the plod is locked and says who approved it.
  await openFromLive(desk, approved);
  await expect(status(desk)).toHaveText('Sent');
  await desk.getByRole('button', { name: 'Approve' }).click();
  const approveDialog = desk.getByRole('dialog', { name: 'Approve this plod?' });
  await expect(approveDialog).toContainText('locked');
  await expectAccessible(desk, 'approve question');
  await approveDialog.getByRole('button', { name: 'Approve plod' }).click();
  await expect(status(desk)).toHaveText('Approved');
  await expect(desk.getByTestId('report-status-line')).toContainText(
    'Approved by e2e-supervisor (supervisor) on',
  );
  await expect(desk.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  // Return, with the comment required before anything is sent.
  await openFromLive(desk, returned);
  await desk.getByRole('button', { name: 'Return to crew' }).click();
  const returnDialog = desk.getByRole('dialog', { name: 'Return to the crew?' });
  await returnDialog.getByRole('button', { name: 'Return plod' }).click();
  await expect(returnDialog).toContainText('Say what the crew must fix: a comment is required');
  await expect(status(desk)).toHaveText('Sent');
  await returnDialog.getByLabel('What must the crew fix?').fill('Add the afternoon timesheet');
  await desk.screenshot({ path: testInfo.outputPath('desk-return-dialog.png') });
  await expectAccessible(desk, 'return dialog after a missing comment');
  await returnDialog.getByRole('button', { name: 'Return plod' }).click();
  await expect(status(desk)).toHaveText('Returned');
  await expect(desk.getByTestId('report-return-comment')).toContainText(
    'Add the afternoon timesheet',
  );
  await expectAccessible(desk, 'a returned plod at a desk');

  // The crew's phone hears of it: the card says Returned, the plod shows the comment.
  await sam.page.goto('/');
  await expect(plodCard(sam.page, returned)).toContainText('Returned');
  await sam.page.screenshot({ path: testInfo.outputPath('phone-plods-list.png'), fullPage: true });
  await expectAccessible(sam.page, 'plods list with a returned plod');
  await sam.page.getByRole('tab', { name: /^Sent/ }).click();
  await expect(plodCard(sam.page, approved)).toContainText('Approved');
  await sam.page.getByRole('tab', { name: /^Active/ }).click();
  await plodCard(sam.page, returned).getByRole('link', { name: /^View/ }).click();
  await expect(sam.page).toHaveURL(new RegExp(`/plods/${returned}/report$`));
  await expect(status(sam.page)).toHaveText('Returned');
  await expect(sam.page.getByTestId('report-return-comment')).toContainText(
    'Add the afternoon timesheet',
  );
  await expect(sam.page.getByTestId('report-status-line')).toContainText(
    'Returned by e2e-supervisor (supervisor)',
  );
  // A crew phone reads the plod but neither approves nor returns it.
  await expect(sam.page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await sam.page.screenshot({
    path: testInfo.outputPath('phone-returned-plod.png'),
    fullPage: true,
  });
  await expectAccessible(sam.page, 'a returned plod on the crew phone');

  // The crew fix it and submit again; the supervisor's open report follows.
  await signAndSubmit(sam.page, returned, 'Sam Driller');
  await expect(status(desk)).toHaveText('Sent');
  await expect(desk.getByRole('button', { name: 'Approve' })).toBeVisible();
  await desk.context().close();
  await sam.context.close();
});

/** Opens a WebSocket from the page to a document and says whether the server accepted it. */
function socketAnswer(page: Page, docName: string): Promise<string> {
  return page.evaluate(
    (name) =>
      new Promise<string>((resolve) => {
        const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/sync/${name}`;
        const socket = new WebSocket(url);
        socket.onopen = () => {
          socket.close();
          resolve('open');
        };
        socket.onerror = () => resolve('refused');
      }),
    docName,
  );
}

test('a client account sees and approves its sites’ plods only; REST and WebSocket refuse the others', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const tag = names();
  const client = {
    username: `client-${tag.site.split(' ')[1]?.toLowerCase()}`,
    password: 'client pass 9!',
  };

  // A supervisor adds a site and a client account for that site only.
  const desk = await openDesk(browser);
  await desk.goto('/site-config');
  await desk.getByRole('button', { name: 'Add New Site' }).click();
  await desk.getByRole('dialog').getByLabel('Site name').fill(tag.site);
  await desk.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
  await expect(desk.getByRole('dialog')).toBeHidden();
  const accounts = desk.getByRole('region', { name: 'Client accounts' });
  await accounts.getByRole('button', { name: 'Create client account' }).click();
  await expect(accounts).toContainText('Choose at least one site');
  await accounts.getByLabel('Client username').fill(client.username);
  await accounts.getByLabel('Client password').fill(client.password);
  await accounts.getByRole('checkbox', { name: tag.site }).check();
  await accounts.getByRole('button', { name: 'Create client account' }).click();
  await expect(
    accounts.getByTestId('client-account').filter({ hasText: client.username }),
  ).toContainText(tag.site);
  await desk.screenshot({ path: testInfo.outputPath('desk-client-accounts.png'), fullPage: true });
  await expectAccessible(desk, 'site configuration with a client account');

  // A submitted plod on each site, from a crew device's REST calls.
  const sites = (await (await request.get('/api/sites')).json()) as {
    id: string;
    siteName: string;
  }[];
  const siteId = (name: string) => sites.find((s) => s.siteName === name)?.id ?? '';
  const submitted = async (site: string) => {
    const made = await request.post('/api/shift-summaries', {
      data: { siteId: siteId(site), date: '2025-03-04', shiftType: 'day' },
    });
    const { id } = (await made.json()) as { id: string };
    expect(
      (await request.patch(`/api/shift-summaries/${id}`, { data: { status: 'sent' } })).status(),
    ).toBe(200);
    return id;
  };
  const mine = await submitted(tag.site);
  const other = await submitted('Demo Site');

  // The client signs in where supervisors do and lands on its plods for review.
  const context = await browser.newContext({
    viewport: { width: 1366, height: 800 },
    serviceWorkers: 'block',
  });
  await prepareContext(context);
  const page = await context.newPage();
  await signIn(page, client, /\/review$/, 'Plods for review');
  // Online, the list says nothing of being offline.
  await expect(page.getByText('Offline', { exact: true })).toHaveCount(0);
  const row = (id: string) => page.locator(`[data-testid="review-plod"][data-report-id="${id}"]`);
  await expect(row(mine)).toContainText(tag.site);
  await expect(row(other)).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('client-review.png'), fullPage: true });
  await expectAccessible(page, 'a client’s plods for review');

  // It reads and approves its own site's plod.
  await row(mine).getByRole('link', { name: 'View' }).click();
  await expect(page).toHaveURL(new RegExp(`/plods/${mine}/report$`));
  await expect(status(page)).toHaveText('Sent');
  await page.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve plod' }).click();
  await expect(status(page)).toHaveText('Approved');
  await expect(page.getByTestId('report-status-line')).toContainText(
    `Approved by ${client.username} (client)`,
  );
  await expectAccessible(page, 'a plod the client approved');

  // The server refuses it everything else: another site's plod over REST and WebSocket, other data.
  expect((await page.request.get(`/api/shift-summaries/${other}`)).status()).toBe(403);
  expect((await page.request.get(`/api/shift-summaries/${other}/pdf`)).status()).toBe(403);
  expect((await page.request.post(`/api/shift-summaries/${other}/approve`)).status()).toBe(403);
  expect((await page.request.get('/api/sites')).status()).toBe(403);
  const listed = (await (await page.request.get('/api/shift-summaries?limit=500')).json()) as {
    id: string;
  }[];
  expect(listed.map((p) => p.id)).toContain(mine);
  expect(listed.map((p) => p.id)).not.toContain(other);
  expect(await socketAnswer(page, `report:${mine}`)).toBe('open');
  expect(await socketAnswer(page, `report:${other}`)).toBe('refused');
  expect(await socketAnswer(page, 'setup')).toBe('refused');
  expect(await socketAnswer(page, 'reports-index')).toBe('refused');
  // Its screens: another site's plod never arrives, and supervisor screens send it home.
  await page.goto(`/plods/${other}/report`);
  await expect(page.getByText('Not a plod you can review')).toBeVisible();
  await page.goto('/live');
  await expect(page).toHaveURL(/\/review$/);
  await context.close();

  // The supervisor opens the same plod from Site Configuration's list of the site's completed plods.
  await desk.goto('/site-config');
  await desk.getByRole('button', { name: `Configure ${tag.site}` }).click();
  await desk
    .getByRole('region', { name: 'Export management' })
    .locator(`a[href="/plods/${mine}/report"]`)
    .click();
  await expect(desk).toHaveURL(new RegExp(`/plods/${mine}/report$`));
  await expect(status(desk)).toHaveText('Approved');
  await desk.context().close();
});
