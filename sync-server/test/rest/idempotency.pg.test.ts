import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../src/store/sqlite-store.ts';
import { databasePerTest } from '../pg/database.ts';
import { retryAfterRestart } from './idempotency-restart.ts';

describe('Idempotency-Key answers on PostgreSQL (PLOD_DATABASE_URL)', () => {
  const { createDatabase, keepServer } = databasePerTest();

  it('keeps them in PostgreSQL, not in plod.db: a retry after a restart gets the first answer', async () => {
    const database = await createDatabase();
    const server = keepServer(await retryAfterRestart({ databaseUrl: database.url }));
    const { rows } = await database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM idempotency_keys',
    );
    expect(rows[0]?.n).toBe(1);
    const local = new Database(path.join(server.dataDir, DATABASE_FILE), { readonly: true });
    try {
      const table = local
        .prepare(`SELECT name FROM sqlite_master WHERE name = 'idempotency_keys'`)
        .get();
      expect(table).toBeUndefined();
    } finally {
      local.close();
    }
  });
});
