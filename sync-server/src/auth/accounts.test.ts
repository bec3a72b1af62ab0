import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { Accounts } from './accounts.ts';
import { hashPasswordSync } from './passwords.ts';

function accounts(now: () => number = Date.now) {
  const ended: string[] = [];
  const db = new Database(':memory:');
  return {
    db,
    ended,
    accounts: new Accounts(db, { now, onSubjectEnded: (subject) => ended.push(subject) }),
  };
}

describe('Accounts', () => {
  it('stores only hashes of passwords and tokens', async () => {
    const { db, accounts: a } = accounts();
    await a.addSupervisor('boss', 'correct horse battery');
    const id = await a.checkPassword('boss', 'correct horse battery');
    const { token } = a.startSession(id ?? '');
    const joined = a.joinDevice('Phone');
    const dump = JSON.stringify([
      db.prepare('SELECT * FROM auth_supervisors').all(),
      db.prepare('SELECT * FROM auth_sessions').all(),
      db.prepare('SELECT * FROM auth_devices').all(),
    ]);
    expect(dump).not.toContain('correct horse battery');
    expect(dump).not.toContain(token);
    expect(dump).not.toContain(joined.token);
    expect(a.session(token)).toMatchObject({ kind: 'supervisor', username: 'boss' });
    expect(a.device(joined.token)).toMatchObject({ kind: 'device', deviceName: 'Phone' });
  });

  it('creates its tables idempotently on the same database', () => {
    const { db, accounts: a } = accounts();
    a.setCrewCode('ABCD-EFGH');
    const again = new Accounts(db);
    expect(again.crewCode()?.code).toBe('ABCD-EFGH');
  });

  it('resets a password, ending that supervisor’s sessions', async () => {
    const { accounts: a, ended } = accounts();
    await a.addSupervisor('boss', 'correct horse battery');
    const { token, principal } = a.startSession(
      (await a.checkPassword('boss', 'correct horse battery')) ?? '',
    );
    expect(a.resetPasswordSync('BOSS', 'a new password')).toBe(true);
    expect(a.session(token)).toBeNull();
    expect(ended).toEqual([
      `session:${principal.kind === 'supervisor' ? principal.sessionId : ''}`,
    ]);
    expect(await a.checkPassword('boss', 'a new password')).not.toBeNull();
    expect(a.resetPasswordSync('nobody', 'a new password')).toBe(false);
  });

  it('writes a device’s last-seen time at most once a minute', () => {
    let now = 1_000_000;
    const { accounts: a } = accounts(() => now);
    const { token, device } = a.joinDevice('Phone');
    now += 30_000;
    a.device(token);
    expect(a.devices()[0]?.lastSeenAt).toBe(device.joinedAt);
    now += 30_000;
    a.device(token);
    expect(a.devices()[0]?.lastSeenAt).toBe(new Date(now).toISOString());
  });

  it('adds client accounts to a table made before them: its supervisors stay supervisors', async () => {
    const db = new Database(':memory:');
    db.exec(`CREATE TABLE auth_supervisors (
      id TEXT PRIMARY KEY, username TEXT NOT NULL UNIQUE COLLATE NOCASE,
      password_hash TEXT NOT NULL, created_at INTEGER NOT NULL)`);
    db.prepare('INSERT INTO auth_supervisors VALUES (?, ?, ?, ?)').run(
      'b1',
      'boss',
      hashPasswordSync('correct horse battery'),
      1,
    );
    const a = new Accounts(db);
    expect(a.supervisorCount()).toBe(1);
    const client = await a.clients.add('acme', 'client password', ['site-1'], 'boss');
    expect(a.supervisorCount()).toBe(1);
    const boss = a.startSession((await a.checkPassword('boss', 'correct horse battery')) ?? '');
    expect(boss.principal.kind).toBe('supervisor');
    const acme = a.startSession((await a.checkPassword('acme', 'client password')) ?? '');
    expect(a.session(acme.token)).toMatchObject({ kind: 'client', siteIds: ['site-1'] });
    // The reset command is for supervisors: it does not touch a client account.
    expect(a.resetPasswordSync('acme', 'another password')).toBe(false);
    expect(a.clients.list().map((c) => c.id)).toEqual([client.id]);
  });
});
