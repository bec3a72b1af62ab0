import type { Page } from '@playwright/test';
import { expectAccessible, expectThumbSized } from './accessibility';
import { expect, test } from './fixtures';
import { openFromList, openPhone, startHole, uniqueHoleId } from './collab-helpers';
import { addRun, newPlod, runSheetsOf, setSignal } from './runs-helpers';
import { bitChange, holeDepth, registerBit } from './shift-helpers';

const bitsOf = (id: string) => `/plods/${id}/bits`;

/** The card of one bit's metres on one hole (a phone shows each row as a card). */
const metresCard = (page: Page, serial: string) =>
  page.getByTestId('bit-metres-table-card').filter({ hasText: serial });

test('a driller changes bits mid-hole and sees the metres each bit drilled', async ({
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const { page, context } = await openPhone(browser, 'Bits phone');
  const plod = await newPlod(page);
  const holeId = uniqueHoleId('BIT');
  const first = uniqueHoleId('NQ');
  const second = uniqueHoleId('NQ');
  await page.goto(runSheetsOf(plod));
  await startHole(page, holeId);

  // The Bits screen is one tap from the plod's dashboard, like Maintenance.
  await page.goto(`/plods/${plod}`);
  await page.getByRole('link', { name: /^Bits/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bits' })).toBeVisible();
  await registerBit(page, first.toLowerCase(), '7-9');
  await expect(page.getByTestId('bit-register-table')).toContainText(first);
  expect(await bitChange(page, 'in', first)).toBe('0');

  await page.goto(runSheetsOf(plod));
  await addRun(page, '0.5');
  await addRun(page, '0.5');
  const changeAt = await holeDepth(page);

  await page.goto(bitsOf(plod));
  expect(Number(await bitChange(page, 'out', first))).toBe(changeAt);
  await registerBit(page, second, '9-10');
  await bitChange(page, 'in', second);

  await page.goto(runSheetsOf(plod));
  await addRun(page, '0.5');
  await addRun(page, '0.5');
  const end = await holeDepth(page);

  await page.goto(bitsOf(plod));
  await expect(page.getByTestId('bit-change-count')).toHaveText('3');
  await expect(page.getByTestId('bit-metres-table-card')).toHaveCount(2);
  await expect(metresCard(page, first)).toContainText(`This plod (m)${changeAt.toFixed(1)}`);
  await expect(metresCard(page, second)).toContainText(
    `This plod (m)${(end - changeAt).toFixed(1)}`,
  );
  await expect(metresCard(page, first)).toContainText(holeId);
  await page.screenshot({ path: testInfo.outputPath('bits-390x844.png') });
  await expectAccessible(page, 'Bits with two bits on one hole');
  await expectThumbSized(page, 'Bits with two bits on one hole');
  await context.close();
});

test('two phones that register the same serial offline end with one bit', async ({ browser }) => {
  test.setTimeout(150_000);
  const a = await openPhone(browser, 'Bit phone A');
  const plod = await newPlod(a.page);
  await a.page.goto(bitsOf(plod));
  const b = await openPhone(browser, 'Bit phone B');
  await openFromList(b.page, plod);
  await b.page.getByRole('link', { name: /^Bits/ }).click();
  await expect(b.page.getByRole('heading', { level: 1, name: 'Bits' })).toBeVisible();

  const serial = uniqueHoleId('HQ');
  await setSignal(a.page, false);
  await setSignal(b.page, false);
  await registerBit(a.page, ` ${serial.toLowerCase()} `, '7-9');
  await registerBit(b.page, serial, '9-10');
  for (const phone of [a, b]) {
    await expect(phone.page.getByTestId('bit-register-table')).toContainText(serial);
  }
  await setSignal(a.page, true);
  await setSignal(b.page, true);

  const rowsOf = (page: Page) =>
    page.getByTestId('bit-register-table-card').filter({ hasText: serial }).allInnerTexts();
  // Apart, each phone showed its own matrix; merged, both show one bit, the same one.
  const agreed = async () => {
    const [onA, onB] = [await rowsOf(a.page), await rowsOf(b.page)];
    return onA.length === 1 && JSON.stringify(onA) === JSON.stringify(onB);
  };
  await expect.poll(agreed, { timeout: 30_000 }).toBe(true);
  await b.page.reload();
  await expect(b.page.getByTestId('bit-register-table')).toContainText(serial);
  expect(await rowsOf(b.page)).toEqual(await rowsOf(a.page));
  await expectAccessible(b.page, 'Bits after two phones registered one serial');
  await a.context.close();
  await b.context.close();
});
