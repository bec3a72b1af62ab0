import type { Page } from '@playwright/test';
import { expectAccessible, expectThumbSized } from './accessibility';
import { expect, heading, test } from './fixtures';
import { openFromList, openPhone, startHole, uniqueHoleId } from './collab-helpers';
import { addRun, newPlod, runSheetsOf, setSignal } from './runs-helpers';
import { addDowntime, bitChange, holeDepth, registerBit } from './shift-helpers';

const bitsOf = (id: string) => `/plods/${id}/bits`;
const downtimeOf = (id: string) => `/plods/${id}/downtime`;

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

test('a bit left down the hole counts on the next plod that continues the hole', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const { page, context } = await openPhone(browser, 'Carry phone');
  const first = await newPlod(page);
  const holeId = uniqueHoleId('CAR');
  const bit = uniqueHoleId('HQ');
  await page.goto(runSheetsOf(first));
  await startHole(page, holeId);
  await page.goto(bitsOf(first));
  await registerBit(page, bit, '7-9');
  await bitChange(page, 'in', bit);
  await page.goto(runSheetsOf(first));
  await addRun(page, '0.5');
  const leftAt = await holeDepth(page);

  // The next plod takes the hole up: no bit change recorded, two runs drilled with the bit still down.
  const second = await newPlod(page);
  await page.goto(runSheetsOf(second));
  await page
    .getByTestId('new-hole-form')
    .getByRole('button', { name: 'Continue Previous Hole' })
    .click();
  const picker = page.getByRole('dialog', { name: 'Continue Previous Hole' });
  await picker.getByLabel('Hole').selectOption(holeId);
  await picker.getByRole('button', { name: 'Continue Drilling' }).click();
  await addRun(page, '0.5');
  await addRun(page, '0.5');
  const end = await holeDepth(page);
  expect(end).toBeGreaterThan(leftAt);

  await page.goto(bitsOf(second));
  await expect(page.getByTestId('bit-change-count')).toHaveText('0');
  await expect(metresCard(page, bit)).toContainText(`This plod (m)${(end - leftAt).toFixed(1)}`);
  await context.close();
});

test('two phones offline add downtime and register the same serial: one plod, one bit', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const a = await openPhone(browser, 'Bit phone A');
  const plod = await newPlod(a.page);
  const b = await openPhone(browser, 'Bit phone B');
  await openFromList(b.page, plod);
  // Each phone has opened Bits and Downtime while it had signal (these phones run without the
  // service worker that would otherwise hold every screen's code).
  for (const phone of [a, b]) {
    await phone.page.getByRole('link', { name: /^Bits/ }).click();
    await expect(heading(phone.page, 'Bits')).toBeVisible();
    await phone.page.getByRole('link', { name: 'Back' }).click();
    await phone.page.getByRole('link', { name: /^Downtime/ }).click();
    await expect(heading(phone.page, 'Downtime')).toBeVisible();
  }

  // No signal on either phone: each records why the rig stood, then registers the same bit.
  const serial = uniqueHoleId('HQ');
  await setSignal(a.page, false);
  await setSignal(b.page, false);
  await addDowntime(a.page, {
    code: 'Waiting on water (Operational)',
    start: '7:00 AM',
    end: '8:00 AM',
  });
  await addDowntime(b.page, {
    code: 'Client standby (Client standby, charged)',
    start: '9:00 AM',
    end: '10:00 AM',
  });
  for (const phone of [a, b]) {
    await expect(phone.page.getByTestId('downtime-table-card')).toHaveCount(1);
    await phone.page.getByRole('link', { name: 'Back' }).click();
    await phone.page.getByRole('link', { name: /^Bits/ }).click();
    await expect(heading(phone.page, 'Bits')).toBeVisible();
  }
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

  // Both downtime entries are in the one plod, and both phones add its hours up the same.
  for (const phone of [a, b]) {
    await phone.page.goto(downtimeOf(plod));
    await expect(phone.page.getByTestId('downtime-table-card')).toHaveCount(2);
    await expect(phone.page.getByTestId('shift-hours-line')).toHaveText(
      'Drilling 0.0 h, Downtime 2.0 h (client standby 1.0 h)',
    );
  }
  await a.context.close();
  await b.context.close();
});
