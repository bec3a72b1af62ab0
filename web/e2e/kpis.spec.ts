import { expectAccessible } from './accessibility';
import { newReport, startHole, uniqueHoleId } from './collab-helpers';
import { contractAtNq100 } from './contract-helpers';
import { expect, heading, test, PHONE, shot } from './fixtures';
import { openDesk, signAndSubmit } from './plod-report-helpers';
import { addOnTab } from './supervisor-helpers';

// Rosters, missing shifts and KPIs at the desk (1366 x 800): two rigs rostered on yesterday's day
// shift, a phone submits yesterday's plod for one of them; the missing-shifts list and the Live
// page's count show the other, and the KPI page's tables show the plod's metres and, once a
// contract is set up after it, its revenue.

test.use({ ...PHONE });

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function yesterday(): { date: string; weekday: string } {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    weekday: WEEKDAYS[d.getDay()] ?? '',
  };
}

test('a roster of two rigs, one plod submitted: the other rig’s shift is missing, the KPIs show the metres', async ({
  page,
  browser,
  errors,
}, testInfo) => {
  test.setTimeout(240_000);
  const tag = Date.now().toString(36).toUpperCase();
  const worked = `Rig W ${tag}`;
  const idle = `Rig I ${tag}`;
  const day = yesterday();

  // The desk: two rigs at Demo Site, both rostered on yesterday's weekday, day shift.
  const desk = await openDesk(browser);
  await desk.goto('/site-setup');
  await expect(heading(desk, 'Site Setup')).toBeVisible();
  await desk.getByLabel('Site', { exact: true }).selectOption({ label: 'Demo Site' });
  await addOnTab(desk, 'Rigs', 'Add Rig', { 'Rig name': worked, 'Rig number': '71' });
  await addOnTab(desk, 'Rigs', 'Add Rig', { 'Rig name': idle, 'Rig number': '72' });
  await desk.getByRole('tab', { name: 'Roster' }).click();
  for (const rig of [worked, idle]) {
    const tick = desk.getByRole('checkbox', { name: `${rig} ${day.weekday} day shift` });
    await tick.check();
    await expect(tick).toBeChecked();
  }
  await expectAccessible(desk, 'site setup, roster tab');
  await shot(desk, testInfo, 'site-setup-roster-1366');

  // The phone: yesterday's day shift on the worked rig, one 3.0 m run, submitted.
  const id = await newReport(page);
  await page.goto(`/plods/${id}/shift-details`);
  await page.getByLabel('Date').fill(day.date);
  await page.getByText('Day', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Day' })).toBeChecked();
  await page.getByLabel('Site').selectOption({ label: 'Demo Site' });
  await page.getByLabel('Rig').selectOption({ label: worked });
  await page.getByRole('button', { name: 'Save & Continue' }).click();
  await expect(page).not.toHaveURL(/shift-details$/);
  await page.goto(`/plods/${id}/run-sheets`);
  const holeId = uniqueHoleId('DH-KPI');
  await page.getByTestId('new-hole-form').getByLabel('Constant Stick-up').fill('0.5');
  await startHole(page, holeId);
  // 4 m barrel less the run's 0.5 m and the hole's 0.5 m: 3.0 m.
  await page.getByRole('button', { name: 'Add New Run' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Variable Stick-up (m)').fill('0.5');
  await dialog.getByRole('button', { name: 'Add Run' }).click();
  await expect(dialog).toBeHidden();
  await signAndSubmit(page, id, 'Alex Driller');

  // A contract set up after the plod prices it: from 2019, NQ at $100 a metre to 300 m (the rates
  // contracts.spec's 2020 version has, so either in force gives the same price).
  const number = `K-${tag}`;
  await desk.goto('/contracts');
  await expect(heading(desk, 'Contracts')).toBeVisible();
  await desk.getByLabel('Site', { exact: true }).selectOption({ label: 'Demo Site' });
  await contractAtNq100(desk, { client: 'KPI Client', number, effectiveFrom: '2019-01-01' });

  // Missing shifts: the idle rig's shift, not the worked one's.
  await desk.goto(`/missing-shifts?from=${day.date}&to=${day.date}`);
  await expect(heading(desk, 'Missing shifts')).toBeVisible();
  const missing = desk.getByTestId('missing-shifts');
  await expect(missing.getByRole('row', { name: new RegExp(idle) })).toContainText(day.date);
  await expect(missing.getByRole('row', { name: new RegExp(idle) })).toContainText('Day');
  await expect(missing).not.toContainText(worked);
  await expectAccessible(desk, 'missing shifts');
  await shot(desk, testInfo, 'missing-shifts-1366');

  // Live counts it and leads to the list.
  await desk.getByRole('link', { name: 'Live', exact: true }).click();
  const count = desk.getByTestId('live-missing-count');
  await expect(count).toContainText(
    /[1-9]\d* missing shifts? and \d+ late plods? in the last 7 days/,
  );
  await count.getByRole('link').click();
  await expect(heading(desk, 'Missing shifts')).toBeVisible();

  // KPIs, filtered through the page's own fields: the worked rig's 3.0 m in the table.
  await desk.getByRole('link', { name: 'KPIs', exact: true }).click();
  await expect(heading(desk, 'KPIs')).toBeVisible();
  await desk.getByLabel('Site', { exact: true }).selectOption({ label: 'Demo Site' });
  await desk.getByLabel('Rig', { exact: true }).selectOption({ label: worked });
  await desk.getByLabel('From', { exact: true }).fill(day.date);
  await desk.getByLabel('To', { exact: true }).fill(day.date);
  await expect(desk).toHaveURL(new RegExp(`from=${day.date}`));
  const table = desk.getByTestId('kpi-rig-days');
  const row = table.getByRole('row', { name: new RegExp(worked) });
  await expect(row).toContainText(day.date);
  await expect(row.getByRole('cell')).toHaveText([day.date, worked, '1', '3.0', '3.0']);
  await expect(desk.getByTestId('kpi-metres')).toContainText('3.0');
  // 3.0 m at $100: revenue, per metre and per shift.
  const revenue = desk
    .getByTestId('kpi-revenue-table')
    .getByRole('row', { name: new RegExp(worked) });
  await expect(revenue.getByRole('cell')).toHaveText([worked, '$300.00', '$100.00', '$300.00']);
  await expectAccessible(desk, 'kpis, one rig and one day');
  await shot(desk, testInfo, 'kpis-1366');
  // The address keeps the filter: a reload shows the same figures.
  await desk.reload();
  await expect(
    desk.getByTestId('kpi-rig-days').getByRole('row', { name: new RegExp(worked) }),
  ).toBeVisible();
  await desk.setViewportSize({ width: 390, height: 844 });
  await shot(desk, testInfo, 'kpis-390');
  await desk.goto(`/missing-shifts?from=${day.date}&to=${day.date}`);
  await expect(desk.getByTestId('missing-shifts')).toBeVisible();
  await shot(desk, testInfo, 'missing-shifts-390');
  await desk.context().close();
  expect(errors).toEqual([]);
});
