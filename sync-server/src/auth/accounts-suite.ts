import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppSqlFixture } from '../app-db/app-sql-contract.ts';
import type { AppSql } from '../app-db/app-sql.ts';
import { Accounts } from './accounts.ts';
import { UsernameTakenError } from './client-accounts.ts';

/** Accounts, sessions, devices, client accounts and the crew code on one app database. */
export function accountsSuite(name: string, create: () => Promise<AppSqlFixture>): void {
  describe(`Accounts (${name})`, () => {
    let fixture: AppSqlFixture;
    let sql: AppSql;
    let now = 1_000_000;
    let ended: string[] = [];
    const open = () =>
      new Accounts(sql, { now: () => now, onSubjectEnded: (subject) => ended.push(subject) });
    beforeEach(async () => {
      fixture = await create();
      sql = fixture.sql;
      now = 1_000_000;
      ended = [];
    });
    afterEach(async () => {
      await fixture.cleanup();
    });

    it('stores only hashes of passwords and tokens', async () => {
      const a = open();
      await a.addSupervisor('boss', 'correct horse battery');
      const id = await a.checkPassword('boss', 'correct horse battery');
      const { token } = await a.startSession(id ?? '');
      const joined = await a.joinDevice('Phone');
      const dump = JSON.stringify([
        await sql.all('SELECT * FROM auth_supervisors'),
        await sql.all('SELECT * FROM auth_sessions'),
        await sql.all('SELECT * FROM auth_devices'),
      ]);
      expect(dump).toContain('Phone');
      expect(dump).not.toContain('correct horse battery');
      expect(dump).not.toContain(token);
      expect(dump).not.toContain(joined.token);
      expect(await a.session(token)).toMatchObject({ kind: 'supervisor', username: 'boss' });
      expect(await a.device(joined.token)).toMatchObject({ kind: 'device', deviceName: 'Phone' });
    });

    it('creates its tables idempotently on the same database, and keeps the first code', async () => {
      const a = open();
      await a.setCrewCode('ABCD-EFGH');
      const again = open();
      expect((await again.crewCode())?.code).toBe('ABCD-EFGH');
      // A second process starting on the same database keeps the code the first one stored.
      expect((await again.ensureCrewCode('WXYZ-2345')).code).toBe('ABCD-EFGH');
      expect((await again.setCrewCode('WXYZ-2345')).code).toBe('WXYZ-2345');
      expect(await a.isCrewCode('wxyz 2345')).toBe(true);
      expect(await a.isCrewCode('ABCD-EFGH')).toBe(false);
    });

    it('signs in whatever the username’s case; one username per account, whatever its case', async () => {
      const a = open();
      await a.addSupervisor('Boss', 'correct horse battery');
      expect(await a.checkPassword('BOSS', 'correct horse battery')).not.toBeNull();
      expect(await a.checkPassword('boss', 'wrong password')).toBeNull();
      expect(await a.checkPassword('nobody', 'correct horse battery')).toBeNull();
      await expect(a.clients.add('bOSS', 'client password', [], 'Boss')).rejects.toBeInstanceOf(
        UsernameTakenError,
      );
      await expect(a.addSupervisor('boss', 'another password')).rejects.toThrow();
      expect(await a.supervisorCount()).toBe(1);
    });

    it('refuses an expired session and removes it; the sweep ends the expired ones', async () => {
      const a = new Accounts(sql, {
        now: () => now,
        sessionHours: 1,
        onSubjectEnded: (subject) => ended.push(subject),
      });
      await a.addSupervisor('boss', 'correct horse battery');
      const id = (await a.checkPassword('boss', 'correct horse battery')) ?? '';
      const first = await a.startSession(id);
      now += 1_000;
      const second = await a.startSession(id);
      const sessionOf = (s: typeof first) =>
        s.principal.kind === 'supervisor' ? s.principal.sessionId : null;
      now += 3_600_000 - 1_000;
      expect(await a.session(first.token)).toBeNull();
      expect(ended).toEqual([`session:${sessionOf(first)}`]);
      expect(await a.session(second.token)).toMatchObject({
        expiresAt: 1_000_000 + 1_000 + 3_600_000,
      });
      expect(await a.removeExpiredSessions()).toBe(0);
      now += 1_000;
      expect(await a.removeExpiredSessions()).toBe(1);
      expect(ended).toEqual([`session:${sessionOf(first)}`, `session:${sessionOf(second)}`]);
      expect(await a.session(second.token)).toBeNull();
    });

    it('resets a password, ending that supervisor’s sessions', async () => {
      const a = open();
      await a.addSupervisor('boss', 'correct horse battery');
      const { token, principal } = await a.startSession(
        (await a.checkPassword('boss', 'correct horse battery')) ?? '',
      );
      expect(await a.resetPassword('BOSS', 'a new password')).toBe(true);
      expect(await a.session(token)).toBeNull();
      expect(ended).toEqual([
        `session:${principal.kind === 'supervisor' ? principal.sessionId : ''}`,
      ]);
      expect(await a.checkPassword('boss', 'a new password')).not.toBeNull();
      expect(await a.resetPassword('nobody', 'a new password')).toBe(false);
    });

    it('writes a device’s last-seen time at most once a minute, and revokes it once', async () => {
      const a = open();
      const { token, device } = await a.joinDevice('Phone');
      now += 30_000;
      await a.device(token);
      expect((await a.devices())[0]?.lastSeenAt).toBe(device.joinedAt);
      now += 30_000;
      await a.device(token);
      expect((await a.devices())[0]?.lastSeenAt).toBe(new Date(now).toISOString());
      const revokedAt = new Date(now + 1_000).toISOString();
      now += 1_000;
      expect(await a.revokeDevice(device.id)).toBe(true);
      now += 1_000;
      expect(await a.revokeDevice(device.id)).toBe(true);
      expect(ended).toEqual([`device:${device.id}`, `device:${device.id}`]);
      expect((await a.devices())[0]?.revokedAt).toBe(revokedAt);
      expect(await a.device(token)).toBeNull();
      expect(await a.revokeDevice('no-such-device')).toBe(false);
    });

    it('adds, lists and removes client accounts; removing one ends its sessions', async () => {
      const a = open();
      await a.addSupervisor('boss', 'correct horse battery');
      const zed = await a.clients.add('Zed Mining', 'client password', ['s1', 's1', 's2'], 'boss');
      const acme = await a.clients.add('acme', 'client password', ['s3'], null);
      expect(zed).toMatchObject({ siteIds: ['s1', 's2'], createdBy: 'boss' });
      expect(zed.createdAt).toBe(new Date(now).toISOString());
      expect((await a.clients.list()).map((c) => c.username)).toEqual(['acme', 'Zed Mining']);
      expect(await a.supervisorCount()).toBe(1);
      const session = await a.startSession(
        (await a.checkPassword('acme', 'client password')) ?? '',
      );
      expect(await a.session(session.token)).toMatchObject({ kind: 'client', siteIds: ['s3'] });
      // The reset command is for supervisors: it does not touch a client account.
      expect(await a.resetPassword('acme', 'another password')).toBe(false);
      expect(await a.clients.remove(acme.id)).toBe(true);
      expect(await a.clients.remove(acme.id)).toBe(false);
      expect(await a.session(session.token)).toBeNull();
      expect(ended).toHaveLength(1);
      expect(await a.clients.get(acme.id)).toBeNull();
      expect((await a.clients.get(zed.id))?.username).toBe('Zed Mining');
    });
  });
}
