import type { Page } from '@playwright/test';
import {
  createReport,
  newReport,
  openPhone,
  operatorOnServer,
  plodCard as card,
  plodIdOf,
} from './collab-helpers';
import { expectAccessible } from './accessibility';
import { DOCS_SCREENSHOTS } from './docs-screenshots';
import { expect, heading, test, untilWorksOffline } from './fixtures';

async function editOperator(page: Page, id: string, operator: string) {
  await page.goto(`/edit-report/${id}`);
  await expect(page.getByTestId('report-number')).toHaveText(`Report #${id}`);
  await page.getByLabel('Operator').fill(operator);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Shift report updated successfully')).toBeVisible();
  await expect(heading(page, 'Plods')).toBeVisible();
}

test('a new report is on the list, and still there after a reload', async ({ page }) => {
  const id = await newReport(page);
  await page.goto('/');
  await expect(card(page, id)).toBeVisible();
  await page.reload();
  await expect(card(page, id)).toBeVisible();
});

test('a report made and edited offline survives an offline reload and reaches the server', async ({
  page,
  context,
  request,
}) => {
  await page.goto('/');
  await expect(heading(page, 'Plods')).toBeVisible();
  await untilWorksOffline(page);

  // No signal, and the crew switched the app to Offline too.
  await context.setOffline(true);
  await page.getByTestId('network-toggle').click();
  await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-status', 'offline');
  await page.getByRole('button', { name: 'New Report' }).click();
  await expect(heading(page, 'Drill Report Dashboard')).toBeVisible();
  const id = plodIdOf(page);
  await editOperator(page, id, 'Offline Olga');
  await expect(page.getByTestId('pending-count')).not.toHaveText('0');

  // Cold reload with no network: the service worker serves the app, IndexedDB the report.
  await page.reload();
  await expect(card(page, id)).toContainText('Offline Olga');
  await expect(page.getByTestId('pending-count')).not.toHaveText('0');

  await context.setOffline(false);
  await page.getByTestId('network-toggle').click();
  await expect(page.getByTestId('pending-count')).toHaveText('0');
  await expect.poll(() => operatorOnServer(request, id)).toBe('Offline Olga');
});

test('an edit on one phone shows on another phone’s list while both are open', async ({
  browser,
  request,
}, testInfo) => {
  // Two phones join through the Join screen: the time of two, like the other two-phone specs.
  test.setTimeout(60_000);
  // A shift day of this test's own: other tests fill the list meanwhile, so phone B finds the plod
  // as a crew would on a long list, by its date.
  const date = testInfo.project.name === 'phone' ? '2011-03-07' : '2011-03-08';
  const id = await createReport(request, { date });
  const a = await openPhone(browser, 'List phone A');
  const b = await openPhone(browser, 'List phone B');
  const phones = [a, b];
  await b.page.goto('/');
  await b.page.getByRole('button', { name: 'Filter plods' }).click();
  for (const label of ['From', 'To']) {
    await b.page.getByLabel(label, { exact: true }).fill(date);
    await b.page.getByLabel(label, { exact: true }).press('Enter');
  }
  await expect(b.page.getByTestId('page-range')).toHaveText('1 of 1 plod');
  await expect(card(b.page, id)).toBeVisible();

  await a.page.goto(`/edit-report/${id}`);
  await a.page.getByLabel('Operator').fill('Live Larry');
  await a.page.getByRole('button', { name: 'Save Changes' }).click();
  // How fast is for the benchmarks to say; here it must arrive without a reload.
  await expect(card(b.page, id)).toContainText('Live Larry');
  await Promise.all(phones.map(({ context }) => context.close()));
});

test('screenshots of the list and dashboard with reports', async ({ page, request }, testInfo) => {
  // Six plods made, two screens checked by axe: the list holds every plod of the shared server.
  test.setTimeout(60_000);
  for (let i = 0; i < 6; i += 1) await createReport(request);
  await newReport(page);
  await page.goto('/');
  await expect(page.getByTestId('report-card').first()).toBeVisible();
  await page.screenshot({
    path: `${DOCS_SCREENSHOTS}${testInfo.project.name}-reports-list-with-reports.png`,
  });
  await expectAccessible(page, 'plods list with reports');
  await page.goto('/dashboard');
  await expect(page.getByTestId('saved-report').first()).toBeVisible();
  await page.screenshot({
    path: `${DOCS_SCREENSHOTS}${testInfo.project.name}-dashboard-with-reports.png`,
    fullPage: true,
  });
  await expectAccessible(page, 'dashboard with reports');
});
