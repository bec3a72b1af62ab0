import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { addRunInModal, newReport, openPhone, startHole, uniqueHoleId } from './collab-helpers';
import { expectAccessible } from './accessibility';
import { contractAtNq100 } from './contract-helpers';
import { expect, heading, test } from './fixtures';
import { openDesk, setUpShift } from './plod-report-helpers';

// Money: a supervisor sets up a contract on the Contracts screen; a phone adds a run; the desk's
// report view reprices live; invoice lines download as XLSX and are read back.

async function shot(page: Page, path: string) {
  await page.screenshot({
    path,
    fullPage: true,
    style: '[class*="mantine-Notification"] { display: none !important; }',
  });
}

/** The amount of a "1,234.56" cell, in cents. */
const centsOf = (text: string) => Math.round(Number(text.replace(/,/g, '')) * 100);

test('a contract set up on the desk prices a phone’s runs live, and invoice lines total the charges', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const holeId = uniqueHoleId('DH-MONEY');
  const number = `C-${Date.now().toString(36).toUpperCase()}`;

  // The desk: a contract for the demo site, one version from 2020: NQ at $100 a metre to 300 m.
  const desk = await openDesk(browser);
  await desk.goto('/contracts');
  await expect(heading(desk, 'Contracts')).toBeVisible();
  await desk.getByLabel('Site', { exact: true }).selectOption({ label: 'Demo Site' });
  await desk.getByRole('button', { name: 'Create contract' }).click();
  await expect(desk.getByText('Client name is required')).toBeVisible();
  await contractAtNq100(desk, { client: 'Acme Gold', number, effectiveFrom: '2020-01-01' });
  await expect(desk.getByTestId('contracts-history')).toContainText('Version added');
  await shot(desk, testInfo.outputPath('desk-contracts.png'));
  await expectAccessible(desk, 'the Contracts screen at a desk');

  // A phone starts a plod on the demo site with one run.
  const phone = await openPhone(browser, 'Money phone');
  const id = await newReport(phone.page);
  await setUpShift(phone.page, id);
  await phone.page.goto(`/plods/${id}/run-sheets`);
  await startHole(phone.page, holeId);
  await addRunInModal(phone.page, { rodAdded: true, stickUp: '0' });

  // The desk's report view prices it; another run on the phone changes the charges, no reload.
  await desk.goto(`/plods/${id}/report`);
  const charges = desk.getByTestId('report-charges');
  await expect(charges).toContainText('Drilling NQ 0-300 m');
  const total = desk.getByTestId('report-charges-total');
  await expect(total).not.toHaveText('0.00');
  const before = (await total.textContent()) ?? '';
  await addRunInModal(phone.page, { rodAdded: true, stickUp: '0' });
  await expect(total).not.toHaveText(before);
  const after = centsOf((await total.textContent()) ?? '');
  expect(after).toBeGreaterThan(centsOf(before));
  await shot(desk, testInfo.outputPath('desk-report-charges.png'));

  // Crews see no prices unless the site allows it: the phone's report view has no Charges.
  await phone.page.goto(`/plods/${id}/report`);
  await expect(phone.page.getByTestId('report-shift-details')).toBeVisible();
  await expect(phone.page.getByTestId('report-charges')).toHaveCount(0);

  // Invoice lines of every plod but deleted ones, read back: this plod's lines sum to its total.
  await desk.goto('/contracts');
  await desk.getByLabel('Site', { exact: true }).selectOption({ label: 'Demo Site' });
  await desk.getByLabel('Plods', { exact: true }).selectOption({ label: 'All but deleted' });
  const [download] = await Promise.all([
    desk.waitForEvent('download'),
    desk.getByRole('button', { name: 'Download XLSX' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/Invoice_Lines_.*\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  const bytes = readFileSync(await download.path());
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
  const rowsOf = (name: string) => {
    const sheet = workbook.getWorksheet(name);
    const headers = (sheet?.getRow(1).values as unknown[]) ?? [];
    const rows: Record<string, unknown>[] = [];
    sheet?.eachRow((row, n) => {
      if (n === 1) return;
      const cells: Record<string, unknown> = {};
      // Row values start at 1 (index 0 is empty).
      for (let i = 1; i < headers.length; i += 1) cells[String(headers[i])] = row.getCell(i).value;
      rows.push(cells);
    });
    return rows;
  };
  const lines = rowsOf('Charge lines').filter((row) => row['Plod ID'] === id);
  const lineCents = Math.round(lines.reduce((sum, row) => sum + Number(row.Amount), 0) * 100);
  expect(lineCents).toBe(after);
  const perPlod = rowsOf('Per plod').find((row) => row['Plod ID'] === id);
  expect(Math.round(Number(perPlod?.Total) * 100)).toBe(after);

  await phone.context.close();
  await desk.context().close();
});

test('the Contracts screen fits a phone', async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const page = await openDesk(browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/contracts');
  await expect(heading(page, 'Contracts')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create contract' })).toBeVisible();
  await shot(page, testInfo.outputPath('phone-contracts.png'));
  await expectAccessible(page, 'the Contracts screen on a phone');
  await page.context().close();
});
