import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { Accounts } from './accounts.ts';

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
});
