import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { SqliteSql } from '../app-db/app-sql.ts';
import { inMemorySqlite } from '../app-db/app-sql-contract.ts';
import { Accounts } from './accounts.ts';
import { accountsSuite } from './accounts-suite.ts';
import { hashPasswordSync } from './passwords.ts';

accountsSuite('SQLite', inMemorySqlite);

describe('Accounts on SQLite', () => {
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
    const a = new Accounts(new SqliteSql(db));
    expect(await a.supervisorCount()).toBe(1);
    const client = await a.clients.add('acme', 'client password', ['site-1'], 'boss');
    expect(await a.supervisorCount()).toBe(1);
    const boss = await a.startSession(
      (await a.checkPassword('boss', 'correct horse battery')) ?? '',
    );
    expect(boss.principal.kind).toBe('supervisor');
    const acme = await a.startSession((await a.checkPassword('acme', 'client password')) ?? '');
    expect(await a.session(acme.token)).toMatchObject({ kind: 'client', siteIds: ['site-1'] });
    expect(await a.resetPassword('acme', 'another password')).toBe(false);
    expect((await a.clients.list()).map((c) => c.id)).toEqual([client.id]);
  });
});
