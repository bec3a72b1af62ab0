import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteSql } from './app-sql.ts';
import type { AppSql } from './app-sql.ts';

export interface AppSqlFixture {
  sql: AppSql;
  cleanup(): Promise<void>;
}

/** The SQLite fixture: app tables on an in-memory database, closed at cleanup. */
export async function inMemorySqlite(): Promise<AppSqlFixture> {
  const db = new Database(':memory:');
  return {
    sql: new SqliteSql(db),
    cleanup: async () => {
      db.close();
    },
  };
}

const TABLE = `
  CREATE TABLE IF NOT EXISTS contract_rows (
    id TEXT PRIMARY KEY,
    n INTEGER NOT NULL,
    note TEXT,
    bytes BLOB NOT NULL
  );`;

/** What the app's tables rely on, the same on SQLite and on PostgreSQL. */
export function runAppSqlContract(name: string, create: () => Promise<AppSqlFixture>): void {
  describe(`AppSql contract: ${name}`, () => {
    let fixture: AppSqlFixture;
    let sql: AppSql;
    beforeEach(async () => {
      fixture = await create();
      sql = fixture.sql;
      await sql.define(TABLE, TABLE.replace('BLOB', 'BYTEA'));
    });
    afterEach(async () => {
      await fixture.cleanup();
    });

    it('defines tables again without harm, and binds ? placeholders in order', async () => {
      await sql.define(TABLE, TABLE.replace('BLOB', 'BYTEA'));
      await sql.run('INSERT INTO contract_rows (id, n, note, bytes) VALUES (?, ?, ?, ?)', [
        'a',
        7,
        null,
        Buffer.from([1, 2, 3]),
      ]);
      const rows = await sql.all<{ id: string; n: number; note: string | null; bytes: Uint8Array }>(
        'SELECT id, n, note, bytes FROM contract_rows WHERE id = ? AND n > ?',
        ['a', 6],
      );
      expect(rows.map((row) => ({ ...row, bytes: [...row.bytes] }))).toEqual([
        { id: 'a', n: 7, note: null, bytes: [1, 2, 3] },
      ]);
    });

    it('replaces a row on conflict, and counts as a number when cast', async () => {
      const upsert = `INSERT INTO contract_rows (id, n, bytes) VALUES (?, ?, ?)
        ON CONFLICT (id) DO UPDATE SET n = excluded.n, bytes = excluded.bytes`;
      await sql.run(upsert, ['a', 1, Buffer.from([1])]);
      await sql.run(upsert, ['a', 2, Buffer.from([2])]);
      await sql.run(upsert, ['b', 3, Buffer.from([3])]);
      const [count] = await sql.all<{ n: number }>(
        'SELECT CAST(count(*) AS INTEGER) AS n FROM contract_rows',
      );
      expect(count?.n).toBe(2);
      const [a] = await sql.all<{ n: number }>('SELECT n FROM contract_rows WHERE id = ?', ['a']);
      expect(a?.n).toBe(2);
    });

    it('writes a batch all or none, and a relaxed one commits too', async () => {
      const insert = 'INSERT INTO contract_rows (id, n, bytes) VALUES (?, ?, ?)';
      const row = (id: string) => ({ sql: insert, params: [id, 1, Buffer.from([1])] });
      await expect(sql.batch([row('a'), row('b'), row('a')])).rejects.toThrow();
      expect(await sql.all('SELECT id FROM contract_rows')).toEqual([]);
      expect(await sql.batch([row('a'), row('b')], { relaxed: true, ifUnlocked: true })).toBe(true);
      const ids = await sql.all<{ id: string }>('SELECT id FROM contract_rows ORDER BY id');
      expect(ids.map(({ id }) => id)).toEqual(['a', 'b']);
    });
  });
}
