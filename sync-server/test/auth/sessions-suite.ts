import { describe, expect, it } from 'vitest';
import type { AppTablesBackend } from '../support/app-tables.ts';
import { connectClient, synced, upgradeStatus, waitFor } from '../helpers.ts';
import type { TestClient } from '../helpers.ts';
import { NOBODY, SUPERVISOR, secureServersOn } from './helpers.ts';
import type { SecureServer } from './helpers.ts';

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** The close code the client's current socket gets. */
function closeCode(client: TestClient): Promise<number> {
  return new Promise((resolve) =>
    client.provider.ws?.addEventListener('close', (event) => resolve(event.code)),
  );
}

/** Supervisor sessions and sign-in, on the app tables of `backend` (SQLite and PostgreSQL). */
export function sessionsSuite(backend: AppTablesBackend): void {
  describe(`supervisor sessions (${backend.label})`, () => {
    let server: SecureServer | null = null;
    const { clients, startSecureServer } = secureServersOn(backend);

    it('signs in with an httpOnly, SameSite=Strict cookie that expires, and answers me and logout', async () => {
      server = await startSecureServer();
      const res = await fetch(`${server.http}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.http },
        body: JSON.stringify(SUPERVISOR),
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { kind: string; username: string; expiresAt: string };
      expect(body).toMatchObject({ kind: 'supervisor', username: 'boss' });
      expect(Date.parse(body.expiresAt) - Date.now()).toBeGreaterThan(11.9 * HOUR);
      const cookie = res.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/^plod_session=[\w-]{43};/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Strict/);
      expect(cookie).toMatch(/Path=\//);
      expect(cookie).toMatch(/Expires=/);
      // Plain http here: a Secure cookie would never come back.
      expect(cookie).not.toMatch(/Secure/);

      const supervisor = { kind: 'supervisor' as const, cookie: cookie.split(';')[0] ?? '' };
      expect((await server.call(supervisor, 'GET', '/api/auth/me')).body).toEqual(body);
      const out = await server.call(supervisor, 'POST', '/api/auth/logout');
      expect(out.status).toBe(204);
      expect(out.headers.get('set-cookie')).toMatch(/plod_session=;.*Max-Age=0/);
      const after = await server.call(supervisor, 'GET', '/api/auth/me');
      expect(after).toMatchObject({ status: 401, body: { message: 'Not signed in' } });
      expect((await server.call(supervisor, 'GET', '/api/sites')).status).toBe(401);
    });

    it('answers the contract’s messages for missing fields and a wrong password', async () => {
      server = await startSecureServer();
      const login = (body: unknown) => server?.call(NOBODY, 'POST', '/api/auth/login', body);
      expect(await login({ username: 'boss' })).toMatchObject({
        status: 400,
        body: { message: 'Username and password are required' },
      });
      expect(await login({ username: 'boss', password: 'wrong password' })).toMatchObject({
        status: 401,
        body: { message: 'Invalid username or password' },
      });
      expect(await login({ username: 'nobody', password: 'wrong password' })).toMatchObject({
        status: 401,
        body: { message: 'Invalid username or password' },
      });
      // Usernames are not case-sensitive.
      expect((await login({ username: 'BOSS', password: SUPERVISOR.password }))?.status).toBe(200);
    });

    it('refuses an expired session on REST and on /sync, and closes its open socket with 4401', async () => {
      let now = Date.now();
      server = await startSecureServer({ now: () => now, sessionHours: 2 });
      const supervisor = await server.signIn();
      const headers = server.socketHeaders(supervisor);
      expect((await server.call(supervisor, 'GET', '/api/sites')).status).toBe(200);
      expect(await upgradeStatus(`${server.url}/setup`, headers)).toBe(101);
      const client = connectClient(server.url, 'holes', { headers });
      clients.push(client);
      await synced(client);
      const closed = closeCode(client);

      now += 2 * HOUR - MINUTE;
      expect((await server.call(supervisor, 'GET', '/api/auth/me')).status).toBe(200);
      now += MINUTE;
      expect(await upgradeStatus(`${server.url}/setup`, headers)).toBe(401);
      expect((await server.call(supervisor, 'GET', '/api/sites')).status).toBe(401);
      expect((await server.call(supervisor, 'GET', '/api/auth/me')).status).toBe(401);
      expect(await closed).toBe(4401);
    });

    it('closes the sockets of a session that expires while nobody calls (the minute sweep)', async () => {
      let now = Date.now();
      server = await startSecureServer({ now: () => now, sessionHours: 1 });
      const supervisor = await server.signIn();
      const client = connectClient(server.url, 'holes', {
        headers: server.socketHeaders(supervisor),
      });
      clients.push(client);
      await synced(client);
      const closed = closeCode(client);
      expect(await server.server.accounts.removeExpiredSessions()).toBe(0);
      now += HOUR;
      expect(await server.server.accounts.removeExpiredSessions()).toBe(1);
      expect(await closed).toBe(4401);
      expect((await server.call(supervisor, 'GET', '/api/auth/me')).status).toBe(401);
    });

    it('closes the session’s sockets on sign-out', async () => {
      server = await startSecureServer();
      const supervisor = await server.signIn();
      const other = await server.signIn();
      const mine = connectClient(server.url, 'setup', {
        headers: server.socketHeaders(supervisor),
      });
      const theirs = connectClient(server.url, 'setup', { headers: server.socketHeaders(other) });
      clients.push(mine, theirs);
      await synced(mine);
      await synced(theirs);
      const closed = closeCode(mine);
      expect((await server.call(supervisor, 'POST', '/api/auth/logout')).status).toBe(204);
      expect(await closed).toBe(4401);
      await waitFor(() => server?.server.registry.size === 1, 'one socket left');
      expect(theirs.provider.wsconnected).toBe(true);
    });

    it('holds an address after five wrong passwords, even for the right one, for longer each time', async () => {
      let now = Date.now();
      server = await startSecureServer({ now: () => now });
      const login = (password: string, username = 'boss') =>
        server?.call(NOBODY, 'POST', '/api/auth/login', { username, password }) ??
        Promise.reject(new Error('no server'));
      for (let i = 0; i < 5; i += 1) expect((await login('wrong password')).status).toBe(401);
      const locked = await login(SUPERVISOR.password);
      expect(locked.status).toBe(429);
      expect((locked.body as { message: string }).message).toMatch(/Too many failed sign-ins/);
      expect(Number(locked.headers.get('retry-after'))).toBe(60);
      now += MINUTE - 1000;
      expect((await login(SUPERVISOR.password)).status).toBe(429);
      now += 1000;
      expect((await login(SUPERVISOR.password)).status).toBe(200);
      // Five more failures hold the address for twice as long.
      for (let i = 0; i < 5; i += 1) expect((await login('wrong again')).status).toBe(401);
      const again = await login(SUPERVISOR.password);
      expect(again.status).toBe(429);
      expect(Number(again.headers.get('retry-after'))).toBe(2 * 60);
    });

    it('throttles by client address across usernames', async () => {
      server = await startSecureServer();
      for (let i = 0; i < 5; i += 1) {
        const res = await server.call(NOBODY, 'POST', '/api/auth/login', {
          username: `guess${i}`,
          password: 'wrong password',
        });
        expect(res.status).toBe(401);
      }
      const res = await server.call(NOBODY, 'POST', '/api/auth/login', SUPERVISOR);
      expect(res.status).toBe(429);
    });
  });
}
