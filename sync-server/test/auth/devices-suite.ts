import { describe, expect, it } from 'vitest';
import type { AppTablesBackend } from '../support/app-tables.ts';
import { connectClient, mapOf, synced, upgradeStatus, waitFor } from '../helpers.ts';
import { CREW_CODE, NOBODY, secureServersOn } from './helpers.ts';
import type { SecureServer } from './helpers.ts';

const JOIN_REFUSED = 'Invalid credentials. Please contact your supervisor for access.';
const REPORT = 'report:01a20000-0000-7000-8000-0000000000aa';

/** Crew devices and the crew code, on the app tables of `backend` (SQLite and PostgreSQL). */
export function devicesSuite(backend: AppTablesBackend): void {
  describe(`crew devices (${backend.label})`, () => {
    let server: SecureServer;
    const { clients, startSecureServer } = secureServersOn(backend);

    it('joins with the right code (any case, dashes or not) and the token works; a wrong code is 403', async () => {
      server = await startSecureServer();
      const wrong = await server.call(NOBODY, 'POST', '/api/devices/join', {
        code: 'AAAA-BBBB',
        deviceName: 'Phone',
      });
      expect(wrong).toMatchObject({ status: 403, body: { message: JOIN_REFUSED } });
      expect(
        (await server.call(NOBODY, 'POST', '/api/devices/join', { code: CREW_CODE })).status,
      ).toBe(400);
      const res = await server.call(NOBODY, 'POST', '/api/devices/join', {
        code: ' k7qm 4xpd ',
        deviceName: '  Rig 7 tablet ',
      });
      expect(res.status).toBe(201);
      const joined = res.body as { token: string; deviceId: string; deviceName: string };
      expect(joined.deviceName).toBe('Rig 7 tablet');
      expect(joined.token).toMatch(/^[\w-]{43}$/);
      const device = { kind: 'device' as const, token: joined.token };
      expect((await server.call(device, 'GET', '/api/auth/me')).body).toEqual({
        kind: 'device',
        deviceId: joined.deviceId,
        deviceName: 'Rig 7 tablet',
      });
      expect((await server.call(device, 'GET', '/api/sites')).status).toBe(200);
      expect(await upgradeStatus(`${server.url}/holes?token=${joined.token}`)).toBe(101);
      expect(
        await upgradeStatus(`${server.url}/holes`, { authorization: `Bearer ${joined.token}` }),
      ).toBe(101);
    });

    it('throttles failed joins per client address (429 with Retry-After)', async () => {
      let now = Date.now();
      server = await startSecureServer({ now: () => now });
      const join = (code: string) =>
        server.call(NOBODY, 'POST', '/api/devices/join', { code, deviceName: 'Phone' });
      for (let i = 0; i < 5; i += 1) expect((await join(`WRONG-000${i}`)).status).toBe(403);
      const locked = await join(CREW_CODE);
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
      now += 15 * 60_000;
      expect((await join(CREW_CODE)).status).toBe(201);
    });

    it('rotates the code: the old code is refused, the new one accepted, joined devices keep working', async () => {
      server = await startSecureServer();
      const supervisor = await server.signIn();
      const before = await server.join('Old phone');
      const current = await server.call(supervisor, 'GET', '/api/devices/code');
      expect(current.body).toMatchObject({ code: CREW_CODE });
      const rotated = await server.call(supervisor, 'POST', '/api/devices/code/rotate');
      const { code, rotatedAt } = rotated.body as { code: string; rotatedAt: string };
      expect(code).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
      expect(code).not.toBe(CREW_CODE);
      expect(Date.parse(rotatedAt)).toBeGreaterThan(0);
      expect((await server.call(supervisor, 'GET', '/api/devices/code')).body).toEqual({
        code,
        rotatedAt,
      });
      const old = await server.call(NOBODY, 'POST', '/api/devices/join', {
        code: CREW_CODE,
        deviceName: 'Late phone',
      });
      expect(old).toMatchObject({ status: 403, body: { message: JOIN_REFUSED } });
      const fresh = await server.join('New phone', code);
      expect((await server.call(fresh, 'GET', '/api/shift-summaries')).status).toBe(200);
      expect((await server.call(before, 'GET', '/api/shift-summaries')).status).toBe(200);
      expect(await upgradeStatus(`${server.url}/holes?token=${before.token}`)).toBe(101);
    });

    it('lists devices for a supervisor, and revoking one refuses its token and closes its open socket', async () => {
      server = await startSecureServer();
      const supervisor = await server.signIn();
      const phone = await server.join('Phone A');
      const other = await server.join('Phone B');
      const listed = (await server.call(supervisor, 'GET', '/api/devices')).body as {
        id: string;
        name: string;
        joinedAt: string;
        lastSeenAt: string | null;
        revokedAt: string | null;
      }[];
      expect(listed.map((d) => [d.id, d.name, d.revokedAt])).toEqual([
        [phone.deviceId, 'Phone A', null],
        [other.deviceId, 'Phone B', null],
      ]);
      expect(listed.every((d) => Date.parse(d.joinedAt) > 0 && d.lastSeenAt !== null)).toBe(true);

      // An open report socket for the phone that will be revoked, one for the other, one for the supervisor.
      const revoked = connectClient(server.url, REPORT, { params: { token: phone.token } });
      const kept = connectClient(server.url, REPORT, { params: { token: other.token } });
      const boss = connectClient(server.url, REPORT, { headers: server.socketHeaders(supervisor) });
      clients.push(revoked, kept, boss);
      await Promise.all([synced(revoked), synced(kept), synced(boss)]);
      boss.doc.getMap('m').set('before', 1);
      await waitFor(() => mapOf(revoked.doc).before === 1, 'phone receives updates');
      const closed = new Promise<number>((resolve) =>
        revoked.provider.ws?.addEventListener('close', (event) => resolve(event.code)),
      );

      expect(
        (await server.call(supervisor, 'DELETE', `/api/devices/${phone.deviceId}`)).status,
      ).toBe(204);
      expect(await closed).toBe(4401);
      expect((await server.call(phone, 'GET', '/api/sites')).status).toBe(401);
      expect(await upgradeStatus(`${server.url}/holes?token=${phone.token}`)).toBe(401);
      // The stock client does not come back after 4401, and gets nothing more.
      boss.doc.getMap('m').set('after', 2);
      await waitFor(() => mapOf(kept.doc).after === 2, 'the other phone still receives updates');
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(mapOf(revoked.doc).after).toBeUndefined();
      expect(revoked.provider.wsconnected).toBe(false);
      expect(server.server.registry.size).toBe(2);

      const after = (await server.call(supervisor, 'GET', '/api/devices')).body as {
        id: string;
        revokedAt: string | null;
      }[];
      expect(after.find((d) => d.id === phone.deviceId)?.revokedAt).not.toBeNull();
      expect(after.find((d) => d.id === other.deviceId)?.revokedAt).toBeNull();
      expect((await server.call(supervisor, 'DELETE', '/api/devices/no-such-device')).status).toBe(
        404,
      );
    });
  });
}
