import { expectAccessible } from './accessibility';
import {
  addRunInModal,
  joinAndSetUpShift,
  openRun,
  runLine,
  runLineLayouts,
  startHole,
  uniqueHoleId,
} from './collab-helpers';
import { expect, test, PHONE } from './fixtures';

// Issue 28 point 9, from the field: on a phone each run was a tall card (11 runs made a page
// 3,300 px long), the header broke the hole id ("DH-2026-" / "001"), and the dashboard's Active
// Saved Report cut the site to "Demo S...". Runs are now a line each, opened with a tap.

test.use({ ...PHONE, joined: false });

test('a phone shows 20 runs as one-line rows in two screens, a whole hole id and a whole site', async ({
  page,
  errors,
}) => {
  test.setTimeout(150_000);
  await joinAndSetUpShift(page, 'Run Rows Phone');

  // The dashboard's Active Saved Report shows the whole site: wrapped if need be, never cut.
  await page.goto('/dashboard');
  const shift = page.getByTestId('active-saved-report').getByText(/^Demo Site - Demo Rig 1/);
  await expect(shift).toBeVisible();
  const overflow = await shift.evaluate((el) => ({
    cut: el.scrollWidth - el.clientWidth,
    ellipsis: getComputedStyle(el).textOverflow,
  }));
  expect(overflow.cut).toBeLessThanOrEqual(0);
  expect(overflow.ellipsis).not.toBe('ellipsis');

  // A long hole id stays on one line in the header.
  await page.goto('/run-sheets');
  const holeId = uniqueHoleId('DH-2026-001');
  await startHole(page, holeId);
  const headerHole = page.getByTestId('header-hole');
  await expect(headerHole).toHaveText(holeId);
  const holeLines = await headerHole.evaluate((el) => {
    const text = document.createRange();
    text.selectNodeContents(el);
    return new Set(Array.from(text.getClientRects(), (rect) => Math.round(rect.top))).size;
  });
  expect(holeLines).toBe(1);

  // A shift's 20 runs: one with the ori tool and a note, one with no rod.
  for (let run = 1; run <= 20; run += 1) {
    if (run === 3) await addRunInModal(page, { ori: true, notes: 'Broken ground at the fault' });
    else if (run === 6) await addRunInModal(page, { rodAdded: false, ori: true });
    else await addRunInModal(page);
  }
  await expect(page.getByTestId('run-row')).toHaveCount(20);

  // Each run is one line, a thumb tall: number, from-to, length and flags side by side.
  const lines = await runLineLayouts(page);
  expect(lines).toHaveLength(20);
  for (const line of lines) {
    expect(line?.cells).toBe(4);
    expect(line?.height).toBeGreaterThanOrEqual(44);
    expect(line?.height).toBeLessThan(64);
    expect(line?.spread).toBeLessThanOrEqual(4);
  }
  // All 20 within two screens' height (about 1,000 px), where the cards took about 6,000 px.
  const list = await page.getByTestId('runs-table').boundingBox();
  expect(list?.height).toBeLessThanOrEqual(2 * PHONE.viewport.height);
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(sideways).toBeLessThanOrEqual(0);

  // A tap opens a run: its rod, ori tool and notes, its Edit and Delete.
  await openRun(page, 3);
  const details = page.getByRole('region', { name: /^Run 3\b/ });
  await expect(details).toContainText('Broken ground at the fault');
  await expect(details).toContainText('+0.4m');
  for (const name of ['Edit run 3', 'Delete run 3']) {
    const button = details.getByRole('button', { name });
    await expect(button).toBeVisible();
    expect((await button.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  }
  await expectAccessible(page, 'run sheets at 390 px, a run open');
  await page.getByRole('button', { name: 'Edit run 3' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Run #3' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();

  // From the keyboard too: Enter on a run's line opens it, Tab reaches its Edit.
  await runLine(page, 4).focus();
  await page.keyboard.press('Enter');
  await expect(runLine(page, 4)).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Edit run 4' })).toBeFocused();
  expect(errors).toEqual([]);
});
