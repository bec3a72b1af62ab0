import {
  test as base,
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
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

/** A crew device joined through the API: what the Join screen would have stored. */
export interface JoinedDevice {
  token: string;
  deviceId: string;
  deviceName: string;
}

/** Joins a device with the crew code, as the Join screen does. */
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

// Content Security Policy violations of every watched context in the running test.
let cspViolations: string[] = [];
const watched = new WeakSet<BrowserContext>();

/**
 * Readies a browser context for a test: reports CSP violations of its pages (checked after each
 * test), and, given a device, stores that device's join on first load, as the Join screen would.
 * The join is stored once: a test that revokes or clears it sees the app do so for real.
 */
export async function prepareContext(
  context: BrowserContext,
  device: JoinedDevice | null,
): Promise<void> {
  if (!watched.has(context)) {
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
  if (device) {
    await context.addInitScript((joined) => {
      if (localStorage.getItem('plod.e2e-joined') === joined.deviceId) return;
      localStorage.setItem('plod.e2e-joined', joined.deviceId);
      localStorage.setItem('plod.device', JSON.stringify(joined));
    }, device);
  }
}

interface TestFixtures {
  errors: string[];
  /** Whether the test's context starts as a joined crew device (default) or a fresh one. */
  joined: boolean;
  /** Fails the test when any watched page met a CSP violation; the value is the list so far. */
  cspViolations: string[];
}

interface WorkerFixtures {
  /** One crew device per worker, joined through the API. */
  crewDevice: JoinedDevice;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  crewDevice: [
    // `provide` rather than Playwright's usual `use`: the React hooks lint rule reads `use` as a hook.
    async ({ playwright }, provide, workerInfo) => {
      const baseURL = String(workerInfo.project.use.baseURL);
      await provide(
        await joinThroughApi(playwright.request, baseURL, `E2E Phone ${workerInfo.workerIndex}`),
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
  context: async ({ context, joined, crewDevice }, provide) => {
    await prepareContext(context, joined ? crewDevice : null);
    await provide(context);
  },
  // REST calls in specs speak as the joined crew device.
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
