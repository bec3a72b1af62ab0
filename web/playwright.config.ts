import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { serverCommand } from './e2e/server';

/** A port nothing listens on now. Set once in the runner; workers inherit it through the env. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

process.env.PLOD_E2E_PORT ??= String(await freePort());
const port = Number(process.env.PLOD_E2E_PORT);
// A fresh, empty server store each run (demo site, rig and crew seeded on first start), and a
// folder of its own for the build. Folders made here are removed at the end (e2e/global-teardown.ts);
// ones given through the environment are left.
const made: string[] = [];
const folder = (name: string, prefix: string): string => {
  const given = process.env[name];
  if (given) return given;
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  process.env[name] = dir;
  return dir;
};
const dataDir = folder('PLOD_E2E_DATA_DIR', 'plod-e2e-');
const webDir = folder('PLOD_E2E_WEB_DIR', 'plod-e2e-web-');
// Set by scripts/test.sh, which has built the app into PLOD_E2E_WEB_DIR already.
const prebuilt = process.env.PLOD_E2E_PREBUILT === '1' && !made.includes(webDir);
process.env.PLOD_E2E_REMOVE_DIRS ??= made.join(delimiter);

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  globalTeardown: './e2e/global-teardown.ts',
  fullyParallel: true,
  // Two browsers at a time on these 2-core machines: the suite in about 12 minutes instead of 18.
  // Tests share one server, so none may count on a list or a queue holding only its own plods.
  workers: 2,
  forbidOnly: true,
  // In CI one retry, so a rare race between two tests on the shared server does not fail the run;
  // Playwright still reports such a test as flaky, to be fixed like a failure.
  retries: process.env.CI ? 1 : 0,
  // A test's whole budget, its steps each waiting on what a person would see: on a 2-core machine
  // that another build shares, a test of 30 s took 31 (entries.spec.ts), so twice that.
  timeout: 60_000,
  // Generous: these machines have 2 cores that builds and servers of other packages share.
  expect: { timeout: 15_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace costs CPU in every test that records one (its screencast and snapshots): measured on
    // the route sweep, 41 s of CPU without against 50-73 s with, and the traced runs timed out. In
    // CI a trace is recorded on the retry only, so the first try runs lean and a test that fails
    // twice still leaves one; a local run (no retries) keeps the trace of a failure.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's build of Chromium's headless shell (package chromium-headless-shell, from the same
      // Chromium source as the chromium package): no browser downloads on these machines. It is the
      // browser Playwright runs headless by default; measured on reports.spec.ts, the browser's
      // processes used 55 s of CPU against 80 s for the full chromium in headless mode, on a suite
      // that is bound by the two cores.
      executablePath: '/usr/bin/chromium-headless-shell',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'phone',
      // The phone the app is designed for: 390 x 844 CSS pixels, touch.
      use: {
        userAgent: devices['Pixel 7']?.userAgent,
        viewport: { width: 390, height: 844 },
        // One device pixel per CSS pixel: the layout is the phone's all the same, and a quarter of
        // the pixels to paint, screenshot and check keeps the two cores for the tests.
        deviceScaleFactor: 1,
        isMobile: true,
        hasTouch: true,
      },
      // The supervisor's own screens at a supervisor's size: the desk (desktop project).
      // desk-layout.spec.ts checks the supervisor's lists at phone width too.
      // The route sweep runs at desk size only: at phone size the accessibility sweep
      // (accessibility.spec.ts) opens every route, empty and with a plod, and insists on no console
      // error and no 404 card there.
      testIgnore: ['supervisor-desk.spec.ts', 'supervisor.spec.ts', 'routes.spec.ts'],
    },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      // Sign-in and join are phone flows, and each wrong password or code counts against the
      // server's per-address throttle (5 in 15 minutes, and every test comes from 127.0.0.1):
      // running them once keeps the whole suite well under it. Crews on phones working a shift
      // together and offline (whole-shift forces a phone viewport anyway) run at phone size only;
      // the desktop keeps the supervisor's and the general screens. Specs that set their own
      // viewport per test (the accessibility sweep checks the supervisor's screens at desktop size
      // itself) or that deploy a new service worker into the shared web folder run once.
      testIgnore: [
        'auth.spec.ts',
        'whole-shift.spec.ts',
        'collab-live.spec.ts',
        'collab-offline.spec.ts',
        'plod-address.spec.ts',
        'entries.spec.ts',
        'undo.spec.ts',
        // Each makes its own phones (390 x 844) and supervisor desks (1366 x 800), or sets the
        // sizes it checks itself: a second run at desktop size would repeat it exactly.
        'holes-runs.spec.ts',
        'history.spec.ts',
        'desk-layout.spec.ts',
        'plod-report.spec.ts',
        'plod-review.spec.ts',
        'late-edit-review.spec.ts',
        'accessibility.spec.ts',
        'toasts.spec.ts',
        'update-prompt.spec.ts',
        'shift-taps.spec.ts',
        'level.spec.ts',
        'dashboard.spec.ts',
        'reference-data-prompt.spec.ts',
        // Starts a server of its own, and looks at both sizes itself.
        'schema-versions.spec.ts',
        'reference-data.spec.ts',
        'lifecycle.spec.ts',
        'late-edits.spec.ts',
        'presence.spec.ts',
        // Written against the phone layout (lists); the desk layout's tables are checked at
        // 1366 x 800 by desk-layout.spec.ts.
        'supervisor-offline.spec.ts',
        // The crew's own list, on the phone a crew carries.
        'reports.spec.ts',
        // Crew phone flows that set the phone's size themselves (or their own desk size): at
        // desktop they ran again exactly, for nothing but the time.
        'field-*.spec.ts',
        'kpis.spec.ts',
        // One shift of every billed piece, on a phone and a desk of its own sizes.
        'billing-shift.spec.ts',
        // Three or two phones of their own (openPhone, 390 x 844) and a desk: one run says it all.
        'late-edits-three-phones.spec.ts',
        'reopen.spec.ts',
        'late-edits-one-field.spec.ts',
        'row-conflicts.spec.ts',
        'storage.spec.ts',
        'merge-conflicts.spec.ts',
        'offline.spec.ts',
        // A first install on a weak signal, and the supervisor menu at a desk's and a phone's
        // size: each sets the sizes it checks itself.
        'offline-install.spec.ts',
        'supervisor-nav.spec.ts',
      ],
    },
  ],
  webServer: {
    // The real sync-server (or vite preview): switch in e2e/server.ts.
    command: serverCommand(port, dataDir, webDir, prebuilt),
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
