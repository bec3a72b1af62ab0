import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerOptions } from '../../src/server.ts';
import { tempDir } from '../helpers.ts';
import { NOBODY, SUPERVISOR, startSecureServer } from './helpers.ts';
import type { As, SecureServer } from './helpers.ts';

const CROSS_SITE = 'Cross-site request refused: the Origin is not allowed';

function webDir(): string {
  const dir = tempDir('plod-web-');
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><title>Plod</title><script type="module" src="/assets/app.js"></script>',
  );
  return dir;
}

describe('browser-facing protections', () => {
  let server: SecureServer;
  afterEach(() => server.close());

  const start = async (options: ServerOptions = {}) => {
    server = await startSecureServer(options);
    const supervisor = await server.signIn();
    const device = await server.join('Phone');
    return { supervisor, device };
  };
  const post = (as: As, origin: string | undefined) =>
    server.call(
      as,
      'POST',
      '/api/sites',
      { siteName: `Site ${crypto.randomUUID()}` },
      {
        ...(origin === undefined ? {} : { origin }),
      },
    );

  it('refuses cookie-authenticated writes without the server’s Origin (CSRF); bearer requests are exempt', async () => {
    const { supervisor, device } = await start({ allowedOrigins: ['https://plod.example.com'] });
    const bareCookie = await fetch(`${server.http}/api/sites`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: supervisor.cookie },
      body: JSON.stringify({ siteName: 'No origin' }),
    });
    expect(bareCookie.status).toBe(403);
    expect(await bareCookie.json()).toEqual({ message: CROSS_SITE });
    expect((await post(supervisor, 'https://evil.example')).status).toBe(403);
    expect((await post(supervisor, 'null')).status).toBe(403);
    expect((await post(supervisor, server.http)).status).toBe(201);
    expect((await post(supervisor, 'https://plod.example.com')).status).toBe(201);
    // Reads are not writes: a GET with a foreign Origin still answers (CORS keeps the answer from the page).
    const read = await server.call(supervisor, 'GET', '/api/sites', undefined, {
      origin: 'https://evil.example',
    });
    expect(read.status).toBe(200);
    // A bearer token is never sent by the browser on its own: no Origin needed, any Origin accepted.
    const bearer = await server.call(
      device,
      'POST',
      '/api/shift-summaries',
      { date: '2025-03-05' },
      { origin: 'https://evil.example' },
    );
    expect(bearer.status).toBe(201);
    // Signing in from another site is refused too (no signing a victim into an attacker's account).
    const login = await server.call(
      NOBODY,
      'POST',
      '/api/auth/login',
      { username: 'boss', password: 'correct horse battery' },
      { origin: 'https://evil.example' },
    );
    expect(login.status).toBe(403);
  });

  it('takes the origin a trusted proxy forwards whole: a host without a port is the default port', async () => {
    server = await startSecureServer({ trustProxy: true });
    const proxied = (origin: string, forwardedHost: string) => ({
      origin,
      'x-forwarded-proto': 'https',
      'x-forwarded-host': forwardedHost,
      'x-forwarded-for': '198.51.100.7',
    });
    const login = (headers: Record<string, string>) =>
      server.call(NOBODY, 'POST', '/api/auth/login', SUPERVISOR, headers);
    // nginx's common `proxy_set_header X-Forwarded-Host $host;` sends the host without its port.
    const signedIn = await login(proxied('https://plod.example.com', 'plod.example.com'));
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('set-cookie')).toMatch(/; Secure/);
    const supervisor = {
      kind: 'supervisor' as const,
      cookie: (signedIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '',
    };
    const write = await server.call(
      supervisor,
      'POST',
      '/api/sites',
      { siteName: 'Proxied' },
      {
        ...proxied('https://plod.example.com', 'plod.example.com'),
      },
    );
    expect(write.status).toBe(201);
    // A port that is not the scheme's default is part of the origin; the server's own port is not.
    expect(
      (await login(proxied('https://plod.example.com:8443', 'plod.example.com:8443'))).status,
    ).toBe(200);
    const ownPort = `https://plod.example.com:${server.port}`;
    expect((await login(proxied(ownPort, 'plod.example.com'))).status).toBe(403);
  });

  it('sends no CORS headers unless origins are configured, then only for those, with credentials', async () => {
    const { supervisor } = await start();
    const closed = await server.call(supervisor, 'GET', '/api/sites', undefined, {
      origin: 'https://app.example.com',
    });
    expect(closed.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${server.http}/api/sites`, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    await server.close();

    const open = await start({ corsOrigins: ['https://app.example.com'] });
    const allowed = await fetch(`${server.http}/api/sites`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
    const other = await server.call(open.supervisor, 'GET', '/api/sites', undefined, {
      origin: 'https://evil.example',
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    // A configured CORS origin may also write with the cookie.
    expect((await post(open.supervisor, 'https://app.example.com')).status).toBe(201);
  });

  it('sets security headers on API answers, the web app and errors; HSTS only over https', async () => {
    const { supervisor } = await start({ webDir: webDir(), trustProxy: true });
    const answers = [
      await fetch(`${server.http}/`),
      await fetch(`${server.http}/site-setup`),
      await fetch(`${server.http}/api/sites`),
      await fetch(`${server.http}/api/sites`, { headers: { cookie: supervisor.cookie } }),
      await fetch(`${server.http}/api/health`),
    ];
    expect(answers.map((res) => res.status)).toEqual([200, 200, 401, 200, 200]);
    for (const res of answers) {
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("connect-src 'self' ws: wss:");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('same-origin');
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
    const https = await fetch(`${server.http}/api/health`, {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(https.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });

  it('lets the API reference page run its one inline script by hash, and nothing else', async () => {
    const { supervisor } = await start();
    const res = await server.call(supervisor, 'GET', '/api/docs');
    expect(res.status).toBe(200);
    const script = /<script>([\s\S]*?)<\/script>/.exec(String(res.body))?.[1] ?? '';
    const hash = crypto.createHash('sha256').update(script).digest('base64');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`script-src 'sha256-${hash}'`);
    expect(csp.match(/script-src [^;]*/)?.[0]).toBe(`script-src 'sha256-${hash}'`);
  });

  it('keeps a submitted report read-only to crew devices on REST (403), not to supervisors', async () => {
    const { supervisor, device } = await start();
    const sites = (await server.call(supervisor, 'GET', '/api/sites')).body as { id: string }[];
    const created = await server.call(device, 'POST', '/api/shift-summaries', {
      siteId: sites[0]?.id,
      date: '2025-03-04',
    });
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    const entry = { startTime: '06:00', endTime: '08:00', activity: 'drilling' };
    const add = (as: As) =>
      server.call(as, 'POST', `/api/timesheet-entries?shiftSummaryId=${id}`, entry);
    expect((await add(device)).status).toBe(201);
    expect(
      (await server.call(device, 'PATCH', `/api/shift-summaries/${id}`, { status: 'sent' })).status,
    ).toBe(200);

    const refused = await add(device);
    expect(refused.status).toBe(403);
    expect((refused.body as { message: string }).message).toMatch(/submitted/);
    for (const [method, url, body] of [
      ['PATCH', `/api/shift-summaries/${id}`, { status: 'active' }],
      ['PUT', `/api/shift-summaries/${id}`, { notes: 'changed later' }],
      ['DELETE', `/api/shift-summaries/${id}`, undefined],
      ['POST', `/api/timesheet_entries?shiftSummaryId=${id}`, entry],
    ] as const) {
      expect([method, url, (await server.call(device, method, url, body)).status]).toEqual([
        method,
        url,
        403,
      ]);
    }
    expect((await server.call(device, 'GET', `/api/shift-summaries/${id}`)).status).toBe(200);
    expect((await add(supervisor)).status).toBe(201);
    const report = (await server.call(device, 'GET', `/api/shift-summaries/${id}`)).body as {
      status: string;
    };
    expect(report.status).toBe('sent');
  });

  it('answers health to anyone, with the gauges only for a signed-in caller', async () => {
    const { device } = await start();
    const anonymous = await server.call(NOBODY, 'GET', '/api/health');
    expect(anonymous.status).toBe(200);
    expect(Object.keys(anonymous.body as object).sort()).toEqual(['status', 'uptime', 'version']);
    const signedIn = await server.call(device, 'GET', '/api/health');
    expect(signedIn.body).toMatchObject({ status: 'ok', documents: expect.any(Number) });
    expect(signedIn.body).toHaveProperty('connections');
  });
});
