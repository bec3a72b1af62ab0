import path from 'node:path';
import Database from 'better-sqlite3';
import { SqliteSql } from '../../src/app-db/app-sql.ts';
import type { AppSql } from '../../src/app-db/app-sql.ts';
import type { ServerOptions } from '../../src/server.ts';
import { DATABASE_FILE } from '../../src/store/sqlite-store.ts';

/** Where a test's server keeps its app tables: suites of app tables run on SQLite and PostgreSQL. */
export interface AppTablesBackend {
  label: string;
  /** Server options for one test, the same for its restarts (a fresh database on PostgreSQL). */
  prepare(): Promise<ServerOptions>;
  /** Runs `use` on the app tables of the server that used `dataDir`, on a connection of its own. */
  withTables<T>(dataDir: string, use: (sql: AppSql) => Promise<T>): Promise<T>;
  cleanup(): Promise<void>;
}

/** The default: the app tables in `plod.db` in the data folder. */
export const sqliteTables: AppTablesBackend = {
  label: 'SQLite',
  prepare: async () => ({}),
  withTables: async (dataDir, use) => {
    const db = new Database(path.join(dataDir, DATABASE_FILE));
    try {
      return await use(new SqliteSql(db));
    } finally {
      db.close();
    }
  },
  cleanup: async () => undefined,
};
