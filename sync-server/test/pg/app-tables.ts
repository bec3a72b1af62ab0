import { PgSql } from '../../src/app-db/app-sql.ts';
import type { AppTablesBackend } from '../support/app-tables.ts';
import { createTestDatabase } from './database.ts';
import type { TestDatabase } from './database.ts';

/** The app tables on PostgreSQL (PLOD_DATABASE_URL): a fresh database for each test. */
export function postgresTables(): AppTablesBackend {
  let database: TestDatabase | null = null;
  return {
    label: 'PostgreSQL',
    prepare: async () => {
      database = await createTestDatabase();
      return { databaseUrl: database.url };
    },
    withTables: async (_dataDir, use) => {
      if (!database) throw new Error('no database');
      const sql = new PgSql(database.url);
      try {
        return await use(sql);
      } finally {
        await sql.close();
      }
    },
    cleanup: async () => {
      await database?.drop();
      database = null;
    },
  };
}
