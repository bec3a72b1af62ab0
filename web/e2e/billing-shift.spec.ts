import { expectAccessible } from './accessibility';
import { newReport, startHole, uniqueHoleId, saveDemoShift } from './collab-helpers';
import { addTimeEntry, choose } from './entry-helpers';
import { expect, heading, test, untilWorksOffline, PHONE } from './fixtures';
import { downloadPdf, expectLoadedImage, openPhotos, photoCard, takePhoto } from './photo-helpers';
import { openDesk } from './plod-report-helpers';
import { addRun, runSheetsOf, setSignal } from './runs-helpers';
import { addDowntime, assign, bitChange, registerBit, setHours } from './shift-helpers';
import { addDemoConsumables } from './supervisor-helpers';
import { DOCS_SCREENSHOTS } from './docs-screenshots';
import type { Page } from '@playwright/test';

// Issue 24's whole billed shift on one phone: two downtime entries (a client standby across
// midnight), three people's hours, two consumables, a bit change mid-hole, core recovery on three
// runs and a core tray photo taken with no signal. Back online the photo reaches the server, and the
// desk's report view and PDF show every piece.

test.use({ ...PHONE });

/** A phone picture for docs/crew-guide.md (toasts and the Undo bar hidden: they float mid-page). */
async function guideShot(page: Page, name: string): Promise<void> {
  await page.screenshot({
    path: `${DOCS_SCREENSHOTS}guide-${name}.png`,
    fullPage: true,
    style: '[class*="mantine-Notification"], [data-bottom-bar] { display: none !important; }',
  });
}

const SHIFT_HOURS = 'Drilling 4.0 h, Downtime 3.0 h (client standby 2.0 h)';
const CREW_TOTALS = 'Worked 29.00 h · Travel 1.00 h · Paid 30.00 h';
const RECOVERY = '97.5% (7.8 of 8.0 m)';

test('one night shift with every billed piece reaches the desk, its photo taken offline', async ({
  page,
  browser,
  errors,
}, testInfo) => {
  test.setTimeout(360_000);
  const holeId = uniqueHoleId('BILL');
  const [firstBit, secondBit] = [uniqueHoleId('NQ'), uniqueHoleId('NQ')];

  // The desk keeps the site's consumables list.
  const desk = await openDesk(browser);
  await desk.goto('/site-setup');
  const { mud, trays } = await addDemoConsumables(desk);

  // The phone: a night shift at Demo Site, then its crew and their hours.
  const id = await newReport(page);
  await page.getByRole('link', { name: /Shift Details/ }).click();
  await page.getByText('Night', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Night' })).toBeChecked();
  await saveDemoShift(page);
  await assign(page, 'Alex Driller (driller)', 'Primary Driller');
  await assign(page, 'Jordan Offsider (offsider)', 'Offsider');
  await assign(page, 'Casey Offsider (offsider)', 'Offsider');
  await expect(page.getByTestId('crew-assignment')).toHaveCount(3);
  await setHours(page, 'Alex Driller', { break: '0.5' });
  await setHours(page, 'Jordan Offsider', { finish: '2:00 AM', break: '0.5', travel: '1' });
  await setHours(page, 'Casey Offsider', { start: '7:00 PM', break: '1' });
  await guideShot(page, 'people-hours');

  // A hole, a bit in, two runs, the bit changed, a third run: core recovered on each.
  await page.goto(runSheetsOf(id));
  await page.getByTestId('new-hole-form').getByLabel('Constant Stick-up').fill('0.5');
  await startHole(page, holeId);
  await page.goto(`/plods/${id}/bits`);
  await registerBit(page, firstBit, '7-9');
  await bitChange(page, 'in', firstBit);
  await page.goto(runSheetsOf(id));
  await addRun(page, '0.5', '2.9');
  await addRun(page, '0.5', '2.4');
  await page.goto(`/plods/${id}/bits`);
  expect(await bitChange(page, 'out', firstBit)).toBe('5.5');
  await registerBit(page, secondBit, '9-10');
  await bitChange(page, 'in', secondBit);
  await guideShot(page, 'bits');
  await page.goto(runSheetsOf(id));
  await addRun(page, '0.5', '2.5');
  await expect(page.getByTestId('core-recovery')).toContainText(RECOVERY);

  // Hours drilled, then the rig standing: a client standby across midnight, then no water.
  await page.goto(`/plods/${id}/timesheets`);
  await addTimeEntry(page, { start: '6:00 PM', end: '10:00 PM' });
  await page.goto(`/plods/${id}/downtime`);
  await addDowntime(page, {
    code: 'Client standby (Client standby, charged)',
    start: '11:00 PM',
    end: '1:00 AM',
    notes: 'Geologist logging core',
  });
  await addDowntime(page, {
    code: 'Waiting on water (Operational)',
    start: '1:00 AM',
    end: '2:00 AM',
  });
  await expect(page.getByTestId('shift-hours-line')).toHaveText(SHIFT_HOURS);

  // Two consumables from the site's list.
  await page.goto(`/plods/${id}/consumables`);
  for (const [item, quantity] of [
    [`${mud} (bag, $24.50)`, '3'],
    [`${trays} (each)`, '12'],
  ] as const) {
    await page.getByRole('button', { name: 'Add Consumable' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Consumable' });
    await choose(page, dialog, 'Item', item);
    await dialog.getByLabel(/^Quantity/).fill(quantity);
    await dialog.getByRole('button', { name: 'Add Consumable' }).click();
    await expect(dialog).toBeHidden();
  }
  await expect(page.getByTestId('consumables-count')).toHaveText('2 items used');
  await guideShot(page, 'consumables');

  // The core tray photo, with no signal: kept on the phone, then saved once the signal returns.
  await untilWorksOffline(page);
  await setSignal(page, false);
  await openPhotos(page, id);
  await takePhoto(page, { from: '0', to: '8', caption: 'Trays 1-3' });
  const label = `${holeId} 0.0–8.0 m · Trays 1-3`;
  const card = photoCard(page, label);
  await expect(card.getByTestId('photo-state')).toHaveText('On phone');
  await setSignal(page, true);
  await expect(card.getByTestId('photo-state')).toHaveText('Saved', { timeout: 60_000 });

  // The desk's report view shows each of the six pieces.
  await desk.goto(`/plods/${id}/report`);
  await expect(heading(desk, 'Plod Report')).toBeVisible();
  const summary = desk.getByTestId('report-summary-facts');
  await expect(summary).toContainText(SHIFT_HOURS);
  await expect(summary).toContainText(RECOVERY);
  await expect(desk.getByTestId('report-downtime-table')).toContainText('Client standby');
  const crew = desk.getByTestId('report-crew');
  await expect(crew).toContainText(CREW_TOTALS);
  await expect(desk.getByTestId('report-consumables')).toContainText('Total cost $73.50');
  await expect(desk.getByTestId('report-consumables-table')).toContainText(trays);
  const bits = desk.getByTestId('report-bits');
  await expect(bits).toContainText(`${firstBit} on ${holeId} 5.5 m`);
  await expect(bits).toContainText(`${secondBit} on ${holeId} 2.5 m`);
  const photos = desk.getByTestId('report-photos');
  await expectLoadedImage(photos.getByRole('img', { name: `Core photo: ${label}` }));
  await desk.screenshot({
    path: testInfo.outputPath('billing-shift-report-1366.png'),
    fullPage: true,
  });
  await expectAccessible(desk, 'report view of the billed shift');

  // The PDF carries the same, and the photo as an image.
  const pdf = await downloadPdf(desk);
  const text = pdf.text.replace(/\s+/g, ' ');
  for (const expected of [SHIFT_HOURS, RECOVERY, CREW_TOTALS, 'Total cost $73.50', label]) {
    expect(text).toContain(expected);
  }
  expect(pdf.figures).toContain(`Core photo: ${label}`);
  expect(pdf.images).toBe(1);
  await desk.context().close();
  // The page loaded with no signal tried its sockets: what any offline start logs.
  const offlineSocket = /^console: WebSocket connection to .* net::ERR_INTERNET_DISCONNECTED$/;
  expect(errors.filter((error) => !offlineSocket.test(error))).toEqual([]);
});
