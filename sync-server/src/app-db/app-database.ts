import Database from 'better-sqlite3';
import type { Logger } from '../logger.ts';
import { PgSql, SqliteSql } from './app-sql.ts';
import type { AppSql } from './app-sql.ts';
import { boundPageCache } from '../store/sqlite-cache.ts';
import { createPrivately } from '../store/sqlite-store.ts';
import type { SqliteSynchronous } from '../store/sqlite-store.ts';

/**
 * The app's own tables (accounts, sessions, devices, client accounts, the crew code,
 * projections, late edits, idempotency keys, cleanup results): a database of their own, never the
 * document store's handle. With SQLite (the default) it is a connection of its own to `plod.db`,
 * the file the documents are in too; beside a PostgreSQL document store, `plod.db` holds these
 * tables alone. A table's module prepares its statements on `sqlite`, or (tables ported to it,
 * on PostgreSQL when PLOD_DATABASE_URL is set) runs them through `sql`.
 */
export class AppDatabase {
  private constructor(
    /** The connection the app's tables are written through. */
    readonly sqlite: Database.Database,
    /** Where it is: a file's path, or `:memory:`. */
    readonly location: string,
    /** The asynchronous tables: `sqlite` itself, or PostgreSQL. */
    readonly sql: AppSql = new SqliteSql(sqlite),
  ) {}

  /**
   * Opens (creating, readable by the server's user alone: it holds the crew code and password and
   * token hashes) the app database at `file`: WAL, commits fsynced unless told otherwise.
   */
  static open(
    file: string,
    options: { synchronous?: SqliteSynchronous; logger?: Logger; postgresUrl?: string } = {},
  ): AppDatabase {
    createPrivately(file);
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.pragma(`synchronous = ${options.synchronous ?? 'FULL'}`);
    db.pragma('busy_timeout = 5000');
    boundPageCache(db);
    const sql = options.postgresUrl ? new PgSql(options.postgresUrl, options.logger) : undefined;
    return new AppDatabase(db, file, sql);
  }

  /** An app database that lasts as long as the process (a server on an in-memory store). */
  static inMemory(): AppDatabase {
    return new AppDatabase(new Database(':memory:'), ':memory:');
  }

  /** True when the file also holds documents stored with SQLite (a `yjs_journal` table). */
  holdsSqliteDocuments(): boolean {
    return (
      this.sqlite
        .prepare<[], number>(`SELECT count(*) FROM sqlite_master WHERE name = 'yjs_journal'`)
        .pluck()
        .get() === 1
    );
  }

  async close(): Promise<void> {
    await this.sql.close();
    if (this.sqlite.open) this.sqlite.close();
  }
}
