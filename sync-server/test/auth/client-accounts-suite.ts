import { describe, expect, it } from 'vitest';
import type { AppTablesBackend } from '../support/app-tables.ts';
import { connectClient, mapOf, synced, upgradeStatus, waitFor } from '../helpers.ts';
import { secureServersOn, twoSitesWithPlods } from './helpers.ts';
import type { As, SecureServer } from './helpers.ts';

const PASSWORD = 'client password 9';

/** Client accounts, on the app tables of `backend` (SQLite and PostgreSQL). */
export function clientAccountsSuite(backend: AppTablesBackend): void {
  describe(`client accounts (${backend.label})`, () => {
    let server: SecureServer;
    const { clients, startSecureServer } = secureServersOn(backend);

    /** Two sites, a plod on each, and a client account given the first site only. */
    const start = async () => {
      server = await startSecureServer();
      const supervisor = await server.signIn();
      const { mine, other, minePlod, otherPlod } = await twoSitesWithPlods(server, supervisor, {
        date: '2025-03-02',
        status: 'sent',
      });
      const created = await server.call(supervisor, 'POST', '/api/client-accounts', {
        username: 'acme',
        password: PASSWORD,
        siteIds: [mine],
      });
      expect(created.status).toBe(201);
      const client = await server.signInClient('acme', PASSWORD);
      return {
        supervisor,
        client,
        mine,
        other,
        minePlod,
        otherPlod,
        id: (created.body as { id: string }).id,
      };
    };

    it('signs in like a supervisor (a session cookie that lasts), says who it is, and signs out', async () => {
      const { client, mine } = await start();
      const me = await server.call(client, 'GET', '/api/auth/me');
      expect(me.body).toMatchObject({ kind: 'client', username: 'acme', siteIds: [mine] });
      const login = await fetch(`${server.http}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.http },
        body: JSON.stringify({ username: 'acme', password: PASSWORD }),
      });
      const expires = /Expires=([^;]+)/i.exec(login.headers.get('set-cookie') ?? '')?.[1] ?? '';
      // A browser keeps the cookie until the session ends, not one already expired.
      expect(Date.parse(expires)).toBeGreaterThan(Date.now());
      expect((await server.call(client, 'POST', '/api/auth/logout')).status).toBe(204);
      expect((await server.call(client, 'GET', '/api/auth/me')).status).toBe(401);
    });

    it('lists, reads, prints and approves its sites’ plods only; everything else is refused', async () => {
      const { client, minePlod, otherPlod, other } = await start();
      const list = await server.call(client, 'GET', '/api/shift-summaries');
      expect((list.body as { id: string }[]).map((r) => r.id)).toEqual([minePlod]);
      const asked = await server.call(client, 'GET', `/api/shift-summaries?siteId=${other}`);
      expect(asked.body).toEqual([]);
      expect((await server.call(client, 'GET', `/api/shift-summaries/${minePlod}`)).status).toBe(
        200,
      );
      for (const path of [
        `/api/shift-summaries/${otherPlod}`,
        `/api/shift-summaries/${otherPlod}/pdf`,
        `/api/shift-summaries/${otherPlod}/history`,
      ]) {
        const refused = await server.call(client, 'GET', path);
        expect([path, refused.status]).toEqual([path, 403]);
        expect((refused.body as { message: string }).message).toMatch(
          /site this account cannot see/,
        );
      }
      expect(
        (await server.call(client, 'POST', `/api/shift-summaries/${otherPlod}/approve`)).status,
      ).toBe(403);
      expect(
        (await server.call(client, 'POST', `/api/shift-summaries/${minePlod}/approve`)).status,
      ).toBe(200);
      // The approval is in the plod's history under the client account's name.
      const history = await server.call(client, 'GET', `/api/shift-summaries/${minePlod}/history`);
      expect(history.status).toBe(200);
      const { entries } = history.body as {
        entries: { field: string | null; new: unknown; actor: { kind: string; name: string } }[];
      };
      expect(entries.filter((e) => e.field === 'status').at(-1)).toMatchObject({
        new: 'approved',
        actor: { kind: 'client' },
      });
      for (const [method, path] of [
        ['GET', '/api/sites'],
        ['GET', '/api/devices'],
        ['GET', '/api/late-edits'],
        ['GET', `/api/shift-summaries/${minePlod}/export-csv`],
        ['PATCH', `/api/shift-summaries/${minePlod}`],
        ['POST', '/api/client-accounts'],
      ] as const) {
        const refused = await server.call(client, method, path, method === 'GET' ? undefined : {});
        expect([method, path, refused.status]).toEqual([method, path, 403]);
      }
    });

    it('opens its sites’ plods over /sync read-only and is refused every other document', async () => {
      const { supervisor, client, minePlod, otherPlod } = await start();
      const headers = server.socketHeaders(client as As & { kind: 'client' });
      for (const doc of ['setup', 'holes', 'reports-index', `report:${otherPlod}`]) {
        expect([doc, await upgradeStatus(`${server.url}/${doc}`, headers)]).toEqual([doc, 403]);
      }
      expect(await upgradeStatus(`${server.url}/report:${minePlod}`, headers)).toBe(101);
      const reader = connectClient(server.url, `report:${minePlod}`, { headers });
      const boss = connectClient(server.url, `report:${minePlod}`, {
        headers: server.socketHeaders(supervisor),
      });
      clients.push(reader, boss);
      await Promise.all([synced(reader), synced(boss)]);
      expect(reader.doc.getMap('meta').get('status')).toBe('sent');
      reader.doc.getMap('m').set('forged', true);
      boss.doc.getMap('m').set('later', 1);
      await waitFor(() => mapOf(reader.doc).later === 1, 'the reader hears the supervisor');
      const check = connectClient(server.url, `report:${minePlod}`, {
        headers: server.socketHeaders(supervisor),
      });
      clients.push(check);
      await waitFor(() => mapOf(check.doc).later === 1, 'a fresh copy is synced');
      expect(mapOf(check.doc).forged).toBeUndefined();
    });

    it('is removed by a supervisor: its session ends and its sockets close', async () => {
      const { supervisor, client, minePlod, id } = await start();
      const reader = connectClient(server.url, `report:${minePlod}`, {
        headers: server.socketHeaders(client as As & { kind: 'client' }),
      });
      clients.push(reader);
      await synced(reader);
      const listed = await server.call(supervisor, 'GET', '/api/client-accounts');
      expect(listed.body).toMatchObject([{ id, username: 'acme', createdBy: 'boss' }]);
      expect((await server.call(supervisor, 'DELETE', `/api/client-accounts/${id}`)).status).toBe(
        204,
      );
      expect((await server.call(client, 'GET', '/api/auth/me')).status).toBe(401);
      await waitFor(() => server.server.registry.size === 0, 'the client socket is closed');
      expect((await server.call(supervisor, 'DELETE', `/api/client-accounts/${id}`)).status).toBe(
        404,
      );
    });

    it('refuses a bad new account with a message: no sites, an unknown site, a short password, a taken name', async () => {
      const { supervisor, mine } = await start();
      const cases: [unknown, number, RegExp][] = [
        [{ username: 'x', password: PASSWORD, siteIds: [] }, 400, /at least one site/],
        [{ username: 'x', password: PASSWORD, siteIds: ['nope'] }, 400, /Site nope not found/],
        [{ username: 'x', password: 'short', siteIds: [mine] }, 400, /at least/],
        [{ username: '', password: PASSWORD, siteIds: [mine] }, 400, /Username is required/],
        [{ username: 'ACME', password: PASSWORD, siteIds: [mine] }, 409, /already taken/],
        [{ username: 'boss', password: PASSWORD, siteIds: [mine] }, 409, /already taken/],
      ];
      for (const [body, status, message] of cases) {
        const res = await server.call(supervisor, 'POST', '/api/client-accounts', body);
        expect(res.status).toBe(status);
        expect((res.body as { message: string }).message).toMatch(message);
      }
    });
  });
}
