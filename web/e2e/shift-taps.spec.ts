import type { Locator, Page, TestInfo } from '@playwright/test';
import { signOnPad } from './plod-report-helpers';
import { expectAccessible } from './accessibility';
import {
  newReport,
  plodCard,
  plodIdOf,
  runRows,
  saveDemoShift,
  startHole,
  uniqueHoleId,
} from './collab-helpers';
import { expect, heading, test, joinThroughUi, PHONE } from './fixtures';

// A whole shift as docs/crew-guide.md describes it, scripted on a phone, counting the taps and
// keystrokes a driller makes. It prints the figures (the target is at most 50 taps); it does not
// assert them: the assertions are that the shift is recorded and submitted.

test.use({ ...PHONE, joined: false, serviceWorkers: 'block' });

/** Drives the UI and counts what a person's thumb does: each tap, each key pressed. */
class Thumb {
  taps = 0;
  keys = 0;
  readonly steps: { step: string; taps: number; keys: number }[] = [];
  private mark = { taps: 0, keys: 0 };

  constructor(private readonly page: Page) {}

  async tap(target: Locator): Promise<void> {
    this.taps += 1;
    await target.click();
  }

  /** Taps into a field and types; a value already there is deleted key by key first. */
  async type(field: Locator, text: string): Promise<void> {
    const before = await field.inputValue();
    this.taps += 1;
    this.keys += before.length + text.length;
    await field.fill(text);
  }

  /** A native select: one tap opens the list, one picks. */
  async select(field: Locator, label: string): Promise<void> {
    this.taps += 2;
    await field.selectOption({ label });
  }

  /** A searchable select (Mantine): one tap opens it, one picks the option. */
  async choose(label: string, option: string): Promise<void> {
    this.taps += 2;
    await this.page.getByLabel(label, { exact: true }).and(this.page.locator('input')).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  /** The finger signature: each stroke (pen down, draw, lift) counts as a tap. */
  async sign(): Promise<void> {
    this.taps += 2;
    await signOnPad(this.page);
  }

  /** Closes a step of the shift, for the per-step figures. */
  step(name: string): void {
    this.steps.push({
      step: name,
      taps: this.taps - this.mark.taps,
      keys: this.keys - this.mark.keys,
    });
    this.mark = { taps: this.taps, keys: this.keys };
  }

  report(testInfo: TestInfo): string {
    const lines = this.steps.map((s) => `  ${s.step.padEnd(28)} ${s.taps} taps, ${s.keys} keys`);
    const text = [
      `Whole shift: ${this.taps} taps and ${this.keys} keystrokes (target: at most 50 taps)`,
      ...lines,
    ].join('\n');
    testInfo.annotations.push({ type: 'taps', description: `${this.taps}` });
    testInfo.annotations.push({ type: 'keystrokes', description: `${this.keys}` });
    return text;
  }
}

/** The shift before: set up, a hole started and drilled, submitted. Not counted. */
async function lastShift(page: Page, holeId: string): Promise<void> {
  await newReport(page);
  await page.getByRole('link', { name: /Shift Details/ }).click();
  await saveDemoShift(page, { level: '1040 RL' });
  await page.getByLabel('Crew member').selectOption({ label: 'Alex Driller (driller)' });
  await page.getByLabel('Role').selectOption({ label: 'Primary Driller' });
  await page.getByRole('button', { name: 'Assign Crew Member' }).click();
  await page.getByLabel('Crew member').selectOption({ label: 'Jordan Offsider (offsider)' });
  await page.getByLabel('Role').selectOption({ label: 'Offsider' });
  await page.getByRole('button', { name: 'Assign Crew Member' }).click();
  await expect(page.getByTestId('crew-assignment')).toHaveCount(2);
  await page.goto('/run-sheets');
  await startHole(page, holeId);
  await page.getByRole('button', { name: 'Add New Run' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Add Run' }).click();
  await expect(page.getByTestId('run-row')).toHaveCount(1);
  await page.goto('/complete-shift');
  await page.getByRole('button', { name: 'Complete Shift & Save' }).click();
  await page.getByLabel('I certify the statements above').check();
  await signOnPad(page);
  await page.getByRole('button', { name: 'Submit Shift Report' }).click();
  await expect(heading(page, 'Plods')).toBeVisible();
}

test('a whole shift from Start from last shift to Submit, its taps and keystrokes counted', async ({
  page,
  errors,
}, testInfo) => {
  test.setTimeout(240_000);
  const holeId = uniqueHoleId('TAP');
  await joinThroughUi(page, 'Tap Count Phone');
  await lastShift(page, holeId);

  const thumb = new Thumb(page);
  // Each step ends with Next, which opens the following one.
  const next = async (title: string) => {
    await thumb.tap(page.getByTestId('next-step'));
    await expect(heading(page, title)).toBeVisible();
  };

  // 1. Start the report from the last shift: same site, rig, crew, and the hole being drilled.
  await expect(page.getByTestId('last-shift-summary')).toContainText(holeId);
  await thumb.tap(page.getByRole('button', { name: 'Start from last shift' }));
  await expect(heading(page, 'Shift Details')).toBeVisible();
  const plodId = plodIdOf(page);
  thumb.step('start from last shift');

  // 2. Shift details (all filled in: check, go on) and crew (already assigned).
  await expect(page.getByLabel('Level')).toHaveValue('1040 RL');
  await thumb.tap(page.getByRole('button', { name: 'Save & Continue' }));
  await expect(heading(page, 'Run Sheets')).toBeVisible();
  thumb.step('shift details and crew');

  // 3. Five runs on the hole carried over (rod added, default stick-up).
  await expect(page.getByTestId('hole-status')).toContainText(holeId);
  for (let run = 0; run < 5; run += 1) {
    await thumb.tap(page.getByRole('button', { name: 'Add New Run' }));
    const dialog = page.getByRole('dialog');
    await thumb.tap(dialog.getByRole('button', { name: 'Add Run' }));
    await expect(dialog).toBeHidden();
  }
  await expect(page.getByTestId('run-row')).toHaveCount(5);
  thumb.step('five runs');

  // 4. Timesheet: drilling in the morning, maintenance after lunch.
  await next('Timesheets');
  const addTime = async (start: string, end: string, activity?: string) => {
    await thumb.tap(page.getByRole('button', { name: 'Add Time Entry' }));
    const dialog = page.getByRole('dialog', { name: 'Add Time Entry' });
    const hole = dialog.getByLabel('Hole ID');
    if ((await hole.inputValue()) !== holeId) await thumb.type(hole, holeId);
    if (activity) await thumb.choose('Activity', activity);
    // A new entry starts where the last one ended: picked only when it started later.
    const shown = await dialog.getByLabel('Start Time', { exact: true }).inputValue();
    if (shown !== start) await thumb.choose('Start Time', start);
    await thumb.choose('End Time', end);
    await thumb.tap(dialog.getByRole('button', { name: 'Add Entry' }));
    await expect(dialog).toBeHidden();
  };
  await addTime('6:00 AM', '12:00 PM');
  await addTime('12:30 PM', '5:30 PM', 'Maintenance');
  await expect(page.getByTestId('total-hours')).toHaveText('11.0');
  thumb.step('timesheet, two entries');

  // 5. No downtime on this shift: the hours line says so, and Next goes on.
  await next('Downtime');
  await expect(page.getByTestId('shift-hours-line')).toHaveText(
    'Drilling 6.0 h, Downtime 0.0 h (client standby 0.0 h)',
  );
  thumb.step('downtime, none');

  // 6. A survey point.
  await next('Survey Data');
  await thumb.tap(page.getByRole('button', { name: 'Add Survey Point' }));
  const surveyHole = page.getByLabel('Hole ID', { exact: true }).and(page.locator('input'));
  if ((await surveyHole.inputValue()) !== holeId) await thumb.choose('Hole ID', holeId);
  await thumb.type(page.getByLabel('Depth (m)'), '12.5');
  await thumb.type(page.getByLabel('Azimuth (°)'), '275');
  await thumb.tap(page.getByRole('button', { name: 'Add Survey Point' }).last());
  await expect(page.getByTestId('survey-table')).toContainText('12.5 m');
  thumb.step('survey point');

  // 7. A maintenance task.
  await next('Drill Site Maintenance');
  await thumb.tap(page.getByRole('button', { name: 'Add Maintenance Task' }));
  await thumb.type(page.getByLabel('Description'), 'Replaced hydraulic hose');
  await thumb.type(page.getByLabel('Time Spent (hours)'), '1.5');
  await thumb.tap(page.getByRole('button', { name: 'Add Task' }));
  await expect(page.getByTestId('maintenance-hours')).toHaveText('1.5');
  thumb.step('maintenance task');

  // 8. A hire tool from the site's list.
  await next('Hire Tools');
  await thumb.tap(page.getByRole('button', { name: 'Add Hire Tool' }));
  await thumb.choose('Tool', 'Survey camera');
  await thumb.type(page.getByLabel('Hours'), '2');
  await thumb.tap(page.getByRole('button', { name: 'Add Hire Tool' }).last());
  await expect(page.getByTestId('hire-total-cost')).toHaveText('$80.00');
  thumb.step('hire tool');

  // 9. Complete the shift, then sign off and submit.
  await next('Complete Shift Summary');
  await thumb.type(page.getByLabel('Shift Notes'), 'Good ground');
  await thumb.tap(page.getByRole('button', { name: 'Complete Shift & Save' }));
  await expect(heading(page, 'Shift Completion')).toBeVisible();
  await expect(page.getByTestId('crew-lines')).toContainText('Alex Driller (Primary)');
  await expectAccessible(page, 'shift completion of a shift started from the last one');
  await thumb.tap(page.getByLabel('I certify the statements above'));
  await thumb.sign();
  await thumb.tap(page.getByRole('button', { name: 'Submit Shift Report' }));
  await expect(heading(page, 'Plods')).toBeVisible();
  thumb.step('complete and submit');

  // The shift is recorded: submitted, on the Sent tab, on the same site and rig.
  await page.getByRole('tab', { name: /Sent/ }).click();
  await expect(plodCard(page, plodId)).toContainText('Demo Site - Demo Rig 1');

  // Started from the last shift: the same crew in the same roles, and the hole went on from where
  // the last shift left it (its first run was 3.0 m, so this shift's runs start at 3.0 m, run 2).
  await page.goto(`/plods/${plodId}/crew`);
  await expect(page.getByTestId('crew-assignment')).toHaveCount(2);
  await expect(page.getByTestId('crew-assignment').first()).toContainText('Alex Driller');
  await expect(page.getByTestId('crew-assignment').first()).toContainText('Primary');
  await page.goto(`/plods/${plodId}/run-sheets`);
  await expect(page.getByTestId('run-row')).toHaveCount(5);
  expect((await runRows(page))[0]?.slice(0, 2)).toEqual(['2', '3.0']);

  console.log(thumb.report(testInfo));
  expect(errors).toEqual([]);
});
