import {
  test as base,
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type BrowserContext,
  type ConsoleMessage,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { E2E_CREW_CODE, E2E_SERVER, SERVER_ONLY_PATH } from './server';

/** Under vite preview, /api and /sync do not exist: their failures say nothing about the app. */
function isStandInServerGap(message: ConsoleMessage): boolean {
  if (E2E_SERVER !== 'vite-preview') return false;
  const { url } = message.location();
  const text = message.text();
  const wsTarget = /WebSocket connection to '([^']+)'/.exec(text)?.[1];
  const target = wsTarget ?? url;
  try {
    return SERVER_ONLY_PATH.test(new URL(target).pathname);
  } catch {
    return false;
  }
}

// Sign-in, join and "who am I" answer 401/403/429 as part of their job (a wrong password, a wrong
// code, a revoked device): the app shows those to the person; Chromium logs each as a failed load.
const AUTH_ANSWERS = new Set(['/api/auth/login', '/api/auth/me', '/api/devices/join']);

function isAuthRefusal(message: ConsoleMessage): boolean {
  if (!/^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text()))
    return false;
  try {
    return AUTH_ANSWERS.has(new URL(message.location().url).pathname);
  } catch {
    return false;
  }
}

/** Collects console errors and uncaught exceptions of a page, so a test can insist on none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !isStandInServerGap(message) && !isAuthRefusal(message))
      errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/** A device joined through the API, for a test's own REST calls (never a phone's state). */
export interface JoinedDevice {
  token: string;
  deviceId: string;
  deviceName: string;
}

/** Joins a device with the crew code over REST: the test's own API client, not a phone. */
export async function joinThroughApi(
  requests: typeof playwrightRequest,
  baseURL: string,
  deviceName: string,
): Promise<JoinedDevice> {
  const api = await requests.newContext({ baseURL });
  try {
    const response = await api.post('/api/devices/join', {
      data: { code: E2E_CREW_CODE, deviceName },
    });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as JoinedDevice;
  } finally {
    await api.dispose();
  }
}

/** REST calls with a device's token, as that phone makes them. */
export function deviceRequest(baseURL: string, device: JoinedDevice): Promise<APIRequestContext> {
  return playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { Authorization: `Bearer ${device.token}` },
  });
}

/**
 * Joins the phone `page` belongs to as a person does: the Join screen, the crew's access code and a
 * device name (which is also the name its crewmates see). A correct code never counts against the
 * server's throttle of failed joins.
 */
export async function joinThroughUi(page: Page, deviceName: string): Promise<void> {
  await page.goto('/join');
  await page.getByLabel('Access code').fill(E2E_CREW_CODE);
  await page.getByLabel('Device name').fill(deviceName);
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Plods', exact: true })).toBeVisible();
}

// Content Security Policy violations of every watched context in the running test.
let cspViolations: string[] = [];
const watched = new WeakSet<BrowserContext>();

/** Readies a browser context for a test: reports CSP violations of its pages (checked after each test). */
export async function prepareContext(context: BrowserContext): Promise<void> {
  if (watched.has(context)) return;
  watched.add(context);
  await context.exposeBinding('__plodCspViolation', (_source, text: string) => {
    cspViolations.push(text);
  });
  await context.addInitScript(() => {
    const report = (window as unknown as { __plodCspViolation?: (text: string) => void })
      .__plodCspViolation;
    document.addEventListener('securitypolicyviolation', (event) => {
      report?.(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} on ${event.documentURI}`,
      );
    });
  });
}

interface TestFixtures {
  errors: string[];
  /** Whether the test's phone starts joined (through the Join screen; default) or fresh. */
  joined: boolean;
  /** Fails the test when any watched page met a CSP violation; the value is the list so far. */
  cspViolations: string[];
}

interface WorkerFixtures {
  /** The tests' own REST client's device, joined through the API (never a phone's state). */
  crewDevice: JoinedDevice;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  crewDevice: [
    // `provide` rather than Playwright's usual `use`: the React hooks lint rule reads `use` as a hook.
    async ({ playwright }, provide, workerInfo) => {
      const baseURL = String(workerInfo.project.use.baseURL);
      await provide(
        await joinThroughApi(playwright.request, baseURL, `E2E API ${workerInfo.workerIndex}`),
      );
    },
    { scope: 'worker' },
  ],
  joined: [true, { option: true }],
  cspViolations: [
    // Violations come from any context of this test's browser that prepareContext watches.
    async ({ browser: _browser }, provide) => {
      cspViolations = [];
      await provide(cspViolations);
      expect(cspViolations, 'Content Security Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  context: async ({ context }, provide) => {
    await prepareContext(context);
    await provide(context);
  },
  // A joined phone has been through the Join screen before the test starts.
  page: async ({ page, joined }, provide, testInfo) => {
    if (joined) await joinThroughUi(page, `E2E Phone ${testInfo.workerIndex}`);
    await provide(page);
  },
  // REST calls in specs speak as the tests' own API device.
  request: async ({ crewDevice, baseURL }, provide) => {
    const api = await deviceRequest(String(baseURL), crewDevice);
    await provide(api);
    await api.dispose();
  },
  errors: async ({ page }, provide) => {
    await provide(watchErrors(page));
  },
});

export { expect };

export const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true });

/**
 * The open dialog, once it has come to rest. A dialog fades in and slides 30 px down over 200 ms
 * (Mantine's Modal), and the slide starts a frame or two after the dialog appears: on a loaded
 * machine a control can look still at its starting place, take the press there and the release
 * 30 px further on, which is no tap at all (a radio focused and left unchecked). Fully opaque is
 * what a person sees when the dialog stands still: the fade and the slide end together.
 */
export async function restingDialog(page: Page): Promise<Locator> {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toHaveCSS('opacity', '1');
  return dialog;
}

/**
 * The app's files are on this device: its service worker has finished its precache and controls the
 * page, so the app starts again with no network (the "Ready to work offline" moment). Waited for
 * within the test's own budget: the precache took over 15 s on a machine shared with a build.
 */
export async function untilWorksOffline(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 0,
  });
}

/** The phone the crew screens are made for: 390 x 844 CSS pixels, touch. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
} as const;

/** A whole-page screenshot kept with the test's results, to look at what was built. */
export const shot = (page: Page, info: TestInfo, name: string) =>
  page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });
