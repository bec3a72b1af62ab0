import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  addRunInModal,
  createReport,
  newReport,
  openPhone,
  startHole,
  uniqueHoleId,
} from './collab-helpers';
import { expectAccessible } from './accessibility';
import { expect, heading, test, untilWorksOffline } from './fixtures';
import { readPdf } from './pdf';
import {
  addEntries,
  openDesk,
  openFromLive,
  setUpShift,
  signAndSubmit,
} from './plod-report-helpers';

// Issue 17: the plod, whole. A crew fills in and signs a plod on a phone; a supervisor who never had
// it opens it from Live Reports at a desk and reads every section, downloads the server's PDF (read
// back here: the hole ids and the drawn signature) and prints it on A4 (nothing clipped).

async function shot(page: Page, path: string) {
  await page.screenshot({
    path,
    fullPage: true,
    style: '[class*="mantine-Notification"] { display: none !important; }',
  });
}

test('a supervisor opens a submitted plod from Live Reports, reads every section, downloads the PDF and prints it', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const holeId = uniqueHoleId('DH-VIEW');

  // The crew's phone: shift, crew, a hole with two runs, an override, notes, then sign and submit.
  const alex = await openPhone(browser, 'Alex phone');
  const id = await newReport(alex.page);
  await setUpShift(alex.page, id);
  await alex.page.goto(`/plods/${id}/crew`);
  await alex.page.getByLabel('Crew member').selectOption({ label: 'Alex Driller (driller)' });
  await alex.page.getByLabel('Role').selectOption({ label: 'Primary Driller' });
  await alex.page.getByRole('button', { name: 'Assign Crew Member' }).click();
  await alex.page.getByLabel('Crew member').selectOption({ label: 'Jordan Offsider (offsider)' });
  await alex.page.getByRole('button', { name: 'Assign Crew Member' }).click();
  await expect(alex.page.getByTestId('crew-assignment')).toHaveCount(2);
  await alex.page.goto(`/plods/${id}/run-sheets`);
  await startHole(alex.page, holeId);
  await addRunInModal(alex.page, { rodAdded: true, stickUp: '0.5' });
  await addRunInModal(alex.page, { rodAdded: true, stickUp: '0.5', notes: 'soft ground' });
  await addEntries(request, id, holeId);
  await alex.page.goto(`/plods/${id}/edit`);
  await alex.page.getByLabel('Total Depth (m)').fill('12.5');
  await alex.page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(heading(alex.page, 'Plods')).toBeVisible();
  await alex.page.goto(`/plods/${id}/complete-shift`);
  await alex.page.getByLabel('Shift Notes').fill('Good ground, no incidents');
  await alex.page.getByRole('button', { name: 'Complete Shift & Save' }).click();
  await expect(heading(alex.page, 'Shift Completion')).toBeVisible();
  await shot(alex.page, testInfo.outputPath('phone-shift-completion.png'));
  await expectAccessible(alex.page, 'shift completion with the signature pad');
  await signAndSubmit(alex.page, id, 'Alex Driller');

  // The supervisor's desk, which never had this plod, opens it from its Live Reports row.
  const desk = await openDesk(browser);
  await openFromLive(desk, id);
  const report = desk.getByTestId('plod-report');
  await expect(desk.getByTestId('report-title')).toHaveText('Demo Site - Demo Rig 1');
  await expect(desk.getByTestId('report-status')).toHaveText('Sent');
  await expect(desk.getByTestId('report-status-line')).toContainText(
    'Sent by Alex Driller (Alex phone) on',
  );
  // Every section, with what the crew entered.
  const section = (name: string) => desk.getByTestId(`report-${name}`);
  await expect(section('shift-details')).toContainText('Demo Rig 1');
  await expect(section('shift-details')).toContainText('Level');
  await expect(section('summary')).toContainText('Alex Driller');
  await expect(section('summary').getByTestId('override-marker')).toHaveText('Overridden');
  await expect(section('summary').getByTestId('override-note')).toHaveText(
    '(overridden; runs add to 5.5 m)',
  );
  await expect(section('summary')).toContainText('12.5 m');
  const crewRows = section('crew').getByTestId('report-crew-table-row');
  await expect(crewRows.first()).toContainText('Alex Driller');
  await expect(crewRows.first()).toContainText('Primary driller');
  await expect(crewRows.last()).toContainText('Jordan Offsider');
  await expect(section('holes')).toContainText(`Hole ${holeId}`);
  await expect(section('holes').getByTestId('report-runs-row')).toHaveCount(2);
  await expect(section('holes').getByTestId('report-runs-row').last()).toContainText('soft ground');
  await expect(section('timesheet')).toContainText('first half');
  await expect(section('timesheet').getByTestId('report-timesheet-table-totals')).toHaveText(
    'Total 5.5 h · Remaining 6.5 h',
  );
  await expect(section('survey')).toContainText('Gyroscopic');
  await expect(section('maintenance')).toContainText('Replaced hydraulic hose');
  await expect(section('hire-tools')).toContainText('Survey camera');
  await expect(section('hire-tools-table-totals')).toHaveText('Total cost $80.00');
  await expect(section('notes')).toContainText('Good ground, no incidents');
  await expect(section('sign-off')).toContainText('Alex Driller');
  await expect(section('sign-off').getByTestId('report-certifications')).toContainText(
    'All drilling depths and runs recorded are accurate',
  );
  const signature = desk.getByRole('img', { name: 'Signature of Alex Driller' });
  await expect(signature).toBeVisible();
  expect((await signature.locator('path').getAttribute('d'))?.length).toBeGreaterThan(20);
  await expect(report).toBeVisible();
  await shot(desk, testInfo.outputPath('desk-plod-report.png'));
  await expectAccessible(desk, 'the whole plod at a desk');

  // The server's PDF, downloaded with the button, read back as a viewer reads it.
  const [download] = await Promise.all([
    desk.waitForEvent('download'),
    desk.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const pdf = await readPdf(new Uint8Array(readFileSync(await download.path())));
  const pdfText = pdf.text.replace(/\s+/g, ' ');
  expect(pdfText).toContain(`Hole ${holeId}`);
  expect(pdfText).toContain(`Runs of ${holeId}`);
  expect(pdfText).toContain('soft ground');
  expect(pdfText).toContain('12.5 m (overridden; runs add to 5.5 m)');
  expect(pdf.figures).toEqual(['Signature of Alex Driller']);

  // Printed on A4 by the browser: every section there, no text past the page's edge.
  const printed = await readPdf(await desk.pdf({ format: 'A4', printBackground: true }));
  const printedText = printed.text.replace(/\s+/g, ' ');
  for (const title of [
    'Demo Site - Demo Rig 1',
    'Shift details',
    'Summary',
    'Crew',
    'Holes and runs',
    `Hole ${holeId}`,
    'Timesheet',
    'Survey',
    'Maintenance',
    'Hire tools',
    'Notes',
    'Sign-off',
    'soft ground',
    'Total cost $80.00',
    'Good ground, no incidents',
  ]) {
    expect(printedText, title).toContain(title);
  }
  expect(printedText).not.toContain('Download PDF');
  for (const size of printed.sizes) {
    // A4 is 210 x 297 mm, 595 x 842 points (Chromium rounds to whole hundredths of an inch).
    expect(Math.abs(size.width - 595.3)).toBeLessThan(2);
    expect(Math.abs(size.height - 841.9)).toBeLessThan(2);
  }
  const clipped = printed.items.filter(
    (item) => item.x < 0 || item.x + item.width > item.pageWidth,
  );
  expect(clipped.map((item) => item.str)).toEqual([]);

  // The same plod on a phone-sized screen, after a reload: one card per row, nothing sideways.
  await desk.setViewportSize({ width: 390, height: 844 });
  await desk.reload();
  await expect(section('holes').getByTestId('report-runs-row').first()).toBeVisible();
  expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(desk, testInfo.outputPath('phone-plod-report.png'));
  await expectAccessible(desk, 'the whole plod at phone size');
  await desk.context().close();
  await alex.context.close();
});

test('a plod this phone holds opens whole with no signal; one it never had says so', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const id = await newReport(page);
  await setUpShift(page, id);
  const elsewhere = await createReport(request);
  await page.goto(`/plods/${id}/report`);
  await expect(page.getByTestId('report-title')).toHaveText('Demo Site - Demo Rig 1');
  // The service worker serves the app with no network once its precache is complete.
  await untilWorksOffline(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('report-title')).toHaveText('Demo Site - Demo Rig 1');
  await expect(page.getByTestId('report-status')).toHaveText('Active');
  await expect(page.getByRole('button', { name: 'Download PDF' })).toBeDisabled();
  await page.goto(`/plods/${elsewhere}/report`);
  await expect(page.getByTestId('report-message')).toContainText('Not on this device');
  await expectAccessible(page, 'a plod not on this device, offline');
  await context.setOffline(false);
  // Back online, the plod it never had arrives from the server.
  await expect(page.getByTestId('report-title')).toBeVisible();
});
