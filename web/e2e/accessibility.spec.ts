import { choose } from './entry-helpers';
import type { Locator, Page } from '@playwright/test';
import { pageRoutes, sampleUrl, screenRoutes } from '../src/routes/table';
import { plodFilledElsewhere, signOnPad } from './plod-report-helpers';
import { expectAccessible, expectNoCutLabels, expectThumbSized } from './accessibility';
import { newReport, openFromList, plodCard, startHole, uniqueHoleId } from './collab-helpers';
import { expect, heading, test, joinThroughUi, restingDialog } from './fixtures';
import { signInAsSupervisor } from './supervisor-helpers';

// axe-core on every screen of the route table, empty and with data, with its dialogs open: at
// phone size, and the supervisor's screens at desktop size too. The desktop project skips this file
// (playwright.config.ts): each test sets its own viewport.

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1366, height: 800 }, isMobile: false, hasTouch: false };

/** Supervisor-only screens of the route table (signed in), checked at both sizes. */
const SUPERVISOR_PATHS = pageRoutes.filter((route) => route.supervisor).map((route) => route.path);

/**
 * One URL per route of the table (aliases included: each is a path a person can open). `:id` is the
 * given plod's id, else an id that names no plod.
 */
function routeUrls(plodId?: string): { url: string; title: string }[] {
  return screenRoutes.map((route) => ({
    url: plodId ? route.path.replace(/:id\b/g, plodId) : sampleUrl(route.path),
    title: route.title,
  }));
}
const ROUTE_URLS = routeUrls();

/**
 * Opens `url` and waits for its screen. The CSV editor with no plod goes back to the list; a
 * supervisor's screen asks a crew phone for the supervisor's login.
 */
async function visit(page: Page, url: string, title: string): Promise<void> {
  await page.goto(url);
  let landing = heading(page, title);
  if (url === '/csv-editor') landing = landing.or(heading(page, 'Plods'));
  if (SUPERVISOR_PATHS.includes(url)) {
    landing = landing.or(heading(page, 'Administrator Login'));
  }
  await expect(landing.first(), url).toBeVisible();
  await expect(page.getByTestId('not-found'), url).toHaveCount(0);
  // A screen that reads documents shows them a moment after its heading.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/**
 * Console errors other than refusals: a crew phone that opens a supervisor's screen, or a plod's
 * charges where the site hides prices from crews, is answered 403 by design (the screen then asks
 * for the supervisor's login, or leaves the prices out), and Chromium logs each as a failed load.
 */
function unexpected(errors: readonly string[]): string[] {
  return errors.filter((e) => !/Failed to load resource: .*status of 403 \(Forbidden\)/.test(e));
}

async function everyRoute(
  page: Page,
  state: string,
  routes: readonly { url: string; title: string }[] = ROUTE_URLS,
): Promise<void> {
  for (const { url, title } of routes) {
    await visit(page, url, title);
    await expectAccessible(page, `${title}, ${state}`);
    await expectNoCutLabels(page, `${title}, ${state}`);
    await expectThumbSized(page, `${title}, ${state}`);
  }
}

/** Opens a dialog with `opener`, checks it, and closes it with its Dismiss button. */
async function checkDialog(page: Page, opener: Locator, what: string): Promise<void> {
  await opener.click();
  // Checked at rest: while the dialog fades in, its text's colours blend with the page's and axe
  // measures a contrast no one sees.
  const dialog = await restingDialog(page);
  await expectAccessible(page, what);
  await expectNoCutLabels(page, what);
  if (page.viewportSize()?.width === PHONE.viewport.width) await expectThumbSized(page, what);
  await dialog.getByRole('button', { name: 'Dismiss' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('at phone size', () => {
  test.use({ ...PHONE, joined: false, serviceWorkers: 'block' });

  /** The route table in two halves, one test each, so the two browsers share a sweep. */
  const halves = <T>(list: readonly T[]): T[][] => {
    const half = Math.ceil(list.length / 2);
    return [list.slice(0, half), list.slice(half)];
  };

  halves(ROUTE_URLS).forEach((routes, part) => {
    test(`every screen, on a fresh phone and with nothing in it (part ${part + 1} of 2)`, async ({
      page,
      errors,
    }) => {
      test.setTimeout(180_000);
      if (part === 0) {
        // Before joining: the Join screen and the public pages.
        await page.goto('/');
        await expect(heading(page, 'Join this device')).toBeVisible();
        await expectAccessible(page, 'join, fresh phone');
        for (const path of ['/login', '/privacy']) {
          const route = ROUTE_URLS.find((r) => r.url === path);
          await visit(page, path, route?.title ?? '');
          await expectAccessible(page, `${path}, not joined`);
        }
      }
      await joinThroughUi(page, `Axe Empty Phone ${part + 1}`);
      await everyRoute(page, 'empty', routes);
      expect(unexpected(errors)).toEqual([]);
    });
  });

  // Every route with a plod filled in current, its own screens at its address: the plod another
  // phone filled in, opened from the list.
  [0, 1].forEach((part) => {
    test(`every screen with a plod filled in (part ${part + 1} of 2)`, async ({
      page,
      request,
      errors,
    }) => {
      test.setTimeout(180_000);
      await joinThroughUi(page, `Axe Plod Phone ${part + 1}`);
      const plodId = await plodFilledElsewhere(request, uniqueHoleId('AXE'));
      await openFromList(page, plodId);
      await everyRoute(page, 'with a plod', halves(routeUrls(plodId))[part]);
      expect(unexpected(errors)).toEqual([]);
    });
  });

  test('a plod filled in on this phone: its forms and dialogs, and its submission', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await joinThroughUi(page, 'Axe Data Phone');
    const plodId = await newReport(page);

    // Shift details, crew, a hole with a run, and one of each entry.
    await page.getByRole('link', { name: /Shift Details/ }).click();
    await page.getByLabel('Site').selectOption({ label: 'Demo Site' });
    await page.getByLabel('Rig').selectOption({ label: 'Demo Rig 1' });
    await page.getByLabel('Level').fill('1040 RL');
    await expectAccessible(page, 'shift details filled in');
    await page.getByRole('button', { name: 'Save & Continue' }).click();
    await expect(heading(page, 'Crew Assignment')).toBeVisible();
    await page.getByLabel('Crew member').selectOption({ label: 'Alex Driller (driller)' });
    await page.getByLabel('Role').selectOption({ label: 'Primary Driller' });
    await page.getByRole('button', { name: 'Assign Crew Member' }).click();
    await expect(page.getByTestId('crew-assignment')).toHaveCount(1);
    await expectAccessible(page, 'crew with one assigned');

    const holeId = uniqueHoleId('AXE');
    await page.goto('/run-sheets');
    await expectAccessible(page, 'run sheets, new hole form');
    await startHole(page, holeId);
    await checkDialog(page, page.getByRole('button', { name: 'Add New Run' }), 'add run dialog');
    await page.getByRole('button', { name: 'Add New Run' }).click();
    await (await restingDialog(page)).getByRole('button', { name: 'Add Run' }).click();
    await expect(page.getByTestId('run-row')).toHaveCount(1);
    await checkDialog(
      page,
      page.getByRole('button', { name: 'Continue Previous Hole' }),
      'continue previous hole dialog',
    );

    await page.goto('/timesheets');
    await checkDialog(page, page.getByRole('button', { name: 'Add Time Entry' }), 'time entry');
    await page.getByRole('button', { name: 'Add Time Entry' }).click();
    const entry = page.getByRole('dialog', { name: 'Add Time Entry' });
    await entry.getByLabel('Hole ID').fill(holeId);
    await choose(page, page, 'Start Time', '6:00 AM');
    await choose(page, page, 'End Time', '12:00 PM');
    await entry.getByRole('button', { name: 'Add Entry' }).click();
    await expect(entry).toBeHidden();

    await page.goto('/survey');
    await page.getByRole('button', { name: 'Add Survey Point' }).click();
    await expectAccessible(page, 'survey, add form open');
    await page.getByLabel('Depth (m)').fill('12.5');
    await page.getByRole('button', { name: 'Add Survey Point' }).last().click();
    await expect(page.getByTestId('survey-table')).toContainText('12.5 m');

    await page.goto('/drill-site-maintenance');
    await page.getByRole('button', { name: 'Add Maintenance Task' }).click();
    await expectAccessible(page, 'maintenance, add form open');
    await page.getByLabel('Description').fill('Replaced hydraulic hose');
    // The longest status word, in a badge on a phone-wide table ("IN PROGR..." was cut there).
    await choose(page, page, 'Status', 'In Progress');
    await page.getByRole('button', { name: 'Add Task' }).click();
    await expect(page.getByTestId('maintenance-hours')).toBeVisible();

    await page.goto('/hire-tools');
    await page.getByRole('button', { name: 'Add Hire Tool' }).click();
    await choose(page, page, 'Tool', 'Survey camera');
    await expectAccessible(page, 'hire tools, add form open');
    await page.getByRole('button', { name: 'Add Hire Tool' }).last().click();
    await expect(page.getByTestId('hire-total-cost')).not.toHaveText('$0.00');

    // The presence popover (rename this phone).
    await page.goto('/drill-report-dashboard');
    await page.getByRole('button', { name: /^You:/ }).click();
    await expect(page.getByLabel('Your name on other phones')).toBeVisible();
    await expectAccessible(page, 'presence name popover');
    await page.keyboard.press('Escape');

    // The reports list's dialogs, and the CSV editor of a sent plod.
    await page.goto('/');
    await checkDialog(page, page.getByRole('button', { name: 'Settings' }), 'settings dialog');
    await checkDialog(page, page.getByRole('button', { name: 'Offline Setup' }), 'offline setup');
    await checkDialog(
      page,
      page.getByRole('button', { name: 'Delete report' }).first(),
      'delete report dialog',
    );
    // The CSV editor's Edit Mode, while the plod is still the crew's to change.
    await page.goto(`/plods/${plodId}/csv`);
    await page.getByText('Edit Mode', { exact: true }).click();
    await page.getByLabel('Operator').fill('Axe Operator');
    await expectAccessible(page, 'csv editor, edit mode with unsaved changes');
    await page.goto('/complete-shift');
    await page.getByRole('button', { name: 'Complete Shift & Save' }).click();
    await expect(heading(page, 'Shift Completion')).toBeVisible();
    await page.getByLabel('I certify the statements above').check();
    await signOnPad(page);
    await expectAccessible(page, 'shift completion, ready to submit');
    await page.getByRole('button', { name: 'Submit Shift Report' }).click();
    await expect(heading(page, 'Plods')).toBeVisible();
    await page.getByRole('tab', { name: /Sent/ }).click();
    await expectAccessible(page, 'plods, sent tab');
    await plodCard(page, plodId).getByRole('link', { name: 'Export CSV' }).click();
    await expect(page.getByTestId('csv-preview')).toContainText('SHIFT SUMMARY');
    await expectAccessible(page, 'csv editor of a sent plod, view mode only');
    await page.goto('/timesheets');
    await expectAccessible(page, 'timesheets, read-only after submission');
    await page.goto('/dashboard');
    await expectAccessible(page, 'dashboard, plod sent');
  });
});

/** Signs in and checks the supervisor's screens with their dialogs. */
async function supervisorScreens(page: Page, size: string): Promise<void> {
  await signInAsSupervisor(page);
  for (const path of SUPERVISOR_PATHS) {
    const route = ROUTE_URLS.find((r) => r.url === path);
    await visit(page, path, route?.title ?? '');
    await expectAccessible(page, `${path}, ${size}`);
    if (size === 'phone') await expectThumbSized(page, `${path}, ${size}`);
  }
  await page.goto('/site-setup');
  for (const tab of ['Sites', 'Rigs', 'Crew', 'Hire Tools', 'Downtime', 'Consumables', 'Devices']) {
    await page.getByRole('tab', { name: tab }).click();
    await expectAccessible(page, `site setup, ${tab} tab, ${size}`);
    if (size === 'phone') await expectThumbSized(page, `site setup, ${tab} tab, ${size}`);
  }
  await page.getByRole('tab', { name: 'Sites' }).click();
  await checkDialog(page, page.getByRole('button', { name: 'Add Site' }), `add site, ${size}`);
  await page.getByRole('tab', { name: 'Rigs' }).click();
  await checkDialog(page, page.getByRole('button', { name: 'Add Rig' }), `add rig, ${size}`);
  await page.getByRole('tab', { name: 'Downtime' }).click();
  await checkDialog(
    page,
    page.getByRole('button', { name: 'Add Downtime Code' }),
    `add downtime code, ${size}`,
  );
  await page.getByRole('tab', { name: 'Consumables' }).click();
  await checkDialog(
    page,
    page.getByRole('button', { name: 'Add Consumable' }),
    `add consumable, ${size}`,
  );
  await page.goto('/site-config');
  await checkDialog(
    page,
    page.getByRole('button', { name: 'Add New Site' }),
    `site config, ${size}`,
  );
  await page.getByRole('button', { name: /Configure Demo Site/ }).click();
  await expect(page.getByTestId('site-settings')).toBeVisible();
  await expectAccessible(page, `site config with a site open, ${size}`);
}

test.describe('supervisor at phone size', () => {
  test.use({ ...PHONE, joined: false, serviceWorkers: 'block' });
  test('the supervisor screens, tabs and dialogs', async ({ page }) => {
    test.setTimeout(180_000);
    // Before signing in, Site Configuration asks for the supervisor's login in a dialog.
    await joinThroughUi(page, 'Axe Supervisor Phone');
    await page.goto('/site-config');
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, 'site config login dialog');
    await supervisorScreens(page, 'phone');
  });
});

test.describe('supervisor at desktop size', () => {
  test.use({ ...DESKTOP, joined: false, serviceWorkers: 'block' });
  test('the supervisor screens, tabs and dialogs', async ({ page }) => {
    test.setTimeout(180_000);
    await supervisorScreens(page, 'desktop');
  });
});
