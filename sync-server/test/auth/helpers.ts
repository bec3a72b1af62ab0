import http from 'node:http';
import { beforeEach } from 'vitest';
import { seedDemo } from '../../src/services/demo.ts';
import type { ServerOptions } from '../../src/server.ts';
import { closedAfterEach, startServer } from '../helpers.ts';
import type { TestClient, TestServer } from '../helpers.ts';
import type { AppTablesBackend } from '../support/app-tables.ts';

export const SUPERVISOR = { username: 'boss', password: 'correct horse battery' };
export const CREW_CODE = 'K7QM-4XPD';

/** Who a request is made as. */
export type As =
  | { kind: 'none' }
  | { kind: 'supervisor'; cookie: string }
  | { kind: 'client'; cookie: string }
  | { kind: 'device'; token: string };

export const NOBODY: As = { kind: 'none' };

export interface Reply {
  status: number;
  body: unknown;
  headers: Headers;
}

export interface SecureServer extends TestServer {
  /** A request over HTTP; a supervisor's carries its cookie and this server's Origin (as browsers do). */
  call(
    as: As,
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Reply>;
  signIn(username?: string, password?: string): Promise<As & { kind: 'supervisor' }>;
  /** Signs in a client account (made by a supervisor) through the same sign-in. */
  signInClient(username: string, password: string): Promise<As & { kind: 'client' }>;
  join(deviceName?: string, code?: string): Promise<As & { kind: 'device'; deviceId: string }>;
  /** Headers for a supervisor's socket: its cookie and this server's Origin. */
  socketHeaders(as: As & { kind: 'supervisor' | 'client' }): Record<string, string>;
}

/**
 * A real server on port 0 with access control on (no development flag), a first supervisor and a
 * crew code from the options, and the demo site seeded.
 */
export async function startSecureServer(options: ServerOptions = {}): Promise<SecureServer> {
  const server = await startServer({
    insecureAllowAll: false,
    admin: SUPERVISOR,
    crewCode: CREW_CODE,
    ...options,
  });
  await seedDemo(server.server.rest.docs, server.server.store);
  const origin = server.http;
  const call: SecureServer['call'] = async (as, method, path, body, extra = {}) => {
    const headers: Record<string, string> = { ...extra };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (as.kind === 'supervisor' || as.kind === 'client') {
      headers.cookie = as.cookie;
      headers.origin ??= origin;
    }
    if (as.kind === 'device') headers.authorization = `Bearer ${as.token}`;
    const res = await fetch(`${origin}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // CSV, HTML and empty bodies stay text.
    }
    return { status: res.status, body: parsed, headers: res.headers };
  };
  const sessionCookie = async (username: string, password: string) => {
    const res = await fetch(`${origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ username, password }),
    });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
    return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  };
  return {
    ...server,
    call,
    async signIn(username = SUPERVISOR.username, password = SUPERVISOR.password) {
      return { kind: 'supervisor', cookie: await sessionCookie(username, password) };
    },
    async signInClient(username, password) {
      return { kind: 'client', cookie: await sessionCookie(username, password) };
    },
    async join(deviceName = 'Rig phone', code = CREW_CODE) {
      const res = await call(NOBODY, 'POST', '/api/devices/join', { code, deviceName });
      if (res.status !== 201)
        throw new Error(`join failed: ${res.status} ${JSON.stringify(res.body)}`);
      const { token, deviceId } = res.body as { token: string; deviceId: string };
      return { kind: 'device', token, deviceId };
    },
    socketHeaders: (as) => ({ cookie: as.cookie, origin }),
  };
}

/**
 * Secure servers on the app tables of `backend` for the tests of the enclosing block: its options
 * are prepared before each test and given to every server `startSecureServer` starts; after each
 * test the clients pushed to `clients` are destroyed, those servers closed, then `backend` cleaned up.
 */
export function secureServersOn(backend: AppTablesBackend): {
  clients: TestClient[];
  startSecureServer(options?: ServerOptions & { port?: number }): Promise<SecureServer>;
} {
  let backendOptions: ServerOptions = {};
  beforeEach(async () => {
    backendOptions = await backend.prepare();
  });
  const { clients, keepServer } = closedAfterEach<SecureServer>(() => backend.cleanup());
  return {
    clients,
    startSecureServer: async (options = {}) =>
      keepServer(await startSecureServer({ ...backendOptions, ...options })),
  };
}

/** The demo site's id: the first site `as` is shown. */
export async function demoSiteId(server: SecureServer, as: As): Promise<string> {
  const sites = (await server.call(as, 'GET', '/api/sites')).body as { id: string }[];
  return sites[0]?.id ?? '';
}

/**
 * A secured server with a crew phone joined and the supervisor signed in, handed to `use` with the
 * demo site's id; closed once `use` is done.
 */
export async function withCrewAndSupervisor(
  use: (t: { server: SecureServer; phone: As; boss: As; siteId: string }) => Promise<void>,
): Promise<void> {
  const server = await startSecureServer();
  try {
    const phone = await server.join();
    const boss = await server.signIn();
    await use({ server, phone, boss, siteId: await demoSiteId(server, boss) });
  } finally {
    await server.close();
  }
}

/** Adds a site as `supervisor` and returns its id. */
export async function addSite(
  server: SecureServer,
  supervisor: As,
  siteName: string,
): Promise<string> {
  return (
    (await server.call(supervisor, 'POST', '/api/sites', { siteName })).body as { id: string }
  ).id;
}

/**
 * The demo site (`mine`) and a second one, Far Ridge (`other`), with a plod made on each (first on
 * `mine`) from `fields`.
 */
export async function twoSitesWithPlods(
  server: SecureServer,
  supervisor: As,
  fields: Record<string, unknown>,
): Promise<{ mine: string; other: string; minePlod: string; otherPlod: string }> {
  const mine = await demoSiteId(server, supervisor);
  const other = await addSite(server, supervisor, 'Far Ridge');
  const plod = async (siteId: string) =>
    (
      (await server.call(supervisor, 'POST', '/api/shift-summaries', { siteId, ...fields }))
        .body as { id: string }
    ).id;
  const [minePlod, otherPlod] = [await plod(mine), await plod(other)];
  return { mine, other, minePlod, otherPlod };
}

/**
 * A JSON request over a connection made from `localAddress` (any 127.x address reaches a server on
 * 127.0.0.1), so a test can speak as several clients at different addresses.
 */
export function requestFrom(
  localAddress: string,
  url: string,
  method: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const text = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        localAddress,
        agent: false,
        headers: {
          ...(text === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = raw;
          try {
            parsed = JSON.parse(raw);
          } catch {
            // not JSON
          }
          const answer = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            if (typeof value === 'string') answer.set(name, value);
          }
          resolve({ status: res.statusCode ?? 0, body: parsed, headers: answer });
        });
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}
