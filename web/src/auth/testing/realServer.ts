import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { apiFetch } from '../api';

// The real sync-server for the web's auth tests, run as its own process (the test window's DOM
// globals would stand in for Node's Request and Response inside the same process).

/** Credentials of the supervisor and crew code the test server starts with (tests only). */
export const UNIT_ADMIN = { username: 'unit-supervisor', password: 'unit-password-for-tests' };
export const UNIT_CREW_CODE = 'UNIT-TEST';

/** sync-server/ of this checkout, found from wherever the tests were started inside it. */
function serverDir(): string {
  for (let dir = process.cwd(); ; dir = dirname(dir)) {
    const candidate = join(dir, 'sync-server');
    if (existsSync(join(candidate, 'src', 'main.ts'))) return candidate;
    if (dirname(dir) === dir) throw new Error('sync-server/ not found above the working folder');
  }
}

export interface RealServer {
  /** http://127.0.0.1:port */
  origin: string;
  /** A REST call as the supervisor, from outside the page (its own cookie, never the page's). */
  asSupervisor(method: string, path: string, body?: unknown): Promise<HttpAnswer>;
  /** Joins a crew device with the code (the unit code unless told), from outside the page. */
  joinDevice(deviceName: string, code?: string): Promise<JoinAnswer>;
  close(): Promise<void>;
}

export interface JoinAnswer {
  token: string;
  deviceId: string;
  deviceName: string;
}

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

function send(
  origin: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = httpRequest(
      `${origin}${path}`,
      {
        method,
        headers: {
          ...headers,
          ...(payload === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

function waitForPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${err}`)), 30_000);
    child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /"msg":"plod sync server started","port":(\d+)/.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}): ${err}`));
    });
  });
}

/** Starts sync-server on a free port with an empty data folder, the unit supervisor and code. */
export async function startRealServer(): Promise<RealServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'plod-web-auth-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir(),
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      PLOD_DATA_DIR: dataDir,
      PLOD_DEMO: '0',
      PLOD_WEB_DIR: join(dataDir, 'no-web-app'),
      PLOD_ADMIN_USERNAME: UNIT_ADMIN.username,
      PLOD_ADMIN_PASSWORD: UNIT_ADMIN.password,
      PLOD_CREW_CODE: UNIT_CREW_CODE,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const port = await waitForPort(child);
  const origin = `http://127.0.0.1:${port}`;
  let cookie: string | null = null;
  return {
    origin,
    async asSupervisor(method, path, body) {
      if (cookie === null) {
        const login = await send(origin, 'POST', '/api/auth/login', { Origin: origin }, UNIT_ADMIN);
        const setCookie = login.headers['set-cookie'];
        cookie = (Array.isArray(setCookie) ? setCookie[0] : setCookie)?.split(';')[0] ?? '';
      }
      return send(origin, method, path, { Cookie: cookie, Origin: origin }, body);
    },
    async joinDevice(deviceName, code = UNIT_CREW_CODE) {
      const answer = await send(origin, 'POST', '/api/devices/join', {}, { code, deviceName });
      if (answer.status !== 201) throw new Error(`join answered ${answer.status}: ${answer.text}`);
      return JSON.parse(answer.text) as JoinAnswer;
    },
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface HappyDomWindow {
  happyDOM?: {
    setURL(url: string): void;
    settings: {
      fetch: { requestHeaders: { url: string | RegExp; headers: Record<string, string> }[] | null };
    };
  };
}

/**
 * Points the test window at `origin`, so the app's relative /api requests are same-origin. Browsers
 * send an Origin header with a POST, PUT, PATCH or DELETE by themselves (the server's CSRF check
 * relies on it); happy-dom sends one only cross-origin, so it is told to send the page's own.
 */
export function openAt(origin: string): void {
  const happy = (window as unknown as HappyDomWindow).happyDOM;
  if (!happy) throw new Error('openAt needs the happy-dom test environment');
  happy.setURL(`${origin}/`);
  // A pattern, not a string: happy-dom tests a string URL the wrong way round.
  const pattern = new RegExp(`^${origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/`);
  happy.settings.fetch.requestHeaders = [{ url: pattern, headers: { Origin: origin } }];
}

/**
 * The real server for the tests of the enclosing file or describe block: started once before them
 * and stopped after. Before each test the page's storage is empty and its origin is the server's;
 * after each, the page's session is ended, so every test starts signed out.
 */
export function withRealServer(): RealServer {
  let started: RealServer | null = null;
  const current = (): RealServer => {
    if (!started) throw new Error('the real server runs only inside the tests');
    return started;
  };
  beforeAll(async () => {
    started = await startRealServer();
  }, 60_000);
  afterAll(async () => {
    await started?.close();
    started = null;
  });
  beforeEach(() => {
    localStorage.clear();
    openAt(current().origin);
  });
  afterEach(async () => {
    // A test may have pointed the page elsewhere (an unreachable server).
    openAt(current().origin);
    await apiFetch('/api/auth/logout', { method: 'POST' });
  });
  return {
    get origin() {
      return current().origin;
    },
    asSupervisor: (method, path, body) => current().asSupervisor(method, path, body),
    joinDevice: (deviceName, code) => current().joinDevice(deviceName, code),
    close: () => current().close(),
  };
}
