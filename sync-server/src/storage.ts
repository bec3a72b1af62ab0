import path from 'node:path';
import Database from 'better-sqlite3';
import { DEFAULT_DATA_DIR } from './data-dir.ts';
import type { Logger } from './logger.ts';
import type { DocumentStore } from './store/document-store.ts';
import { PgStore } from './store/pg-store.ts';
import { DATABASE_FILE, SqliteStore, createPrivately } from './store/sqlite-store.ts';
import type { SqliteSynchronous } from './store/sqlite-store.ts';
import { WorkerSqliteStore } from './store/worker-sqlite-store.ts';

export interface StorageOptions {
  /** Folder of `plod.db`: the documents (with SQLite) and the app's own tables. */
  dataDir?: string;
  /** A store to use as it is (tests: MemoryStore, a failing one). */
  store?: DocumentStore;
  /** postgres://…: the documents go to PostgreSQL (PLOD_DATABASE_URL). */
  databaseUrl?: string;
  sqliteSynchronous?: SqliteSynchronous;
  writerNiceness?: number;
}

export interface Storage {
  store: DocumentStore;
  /**
   * The app's own tables (accounts, sessions, devices, projections, late edits, cleanup results):
   * the SQLite store's own file, or with PostgreSQL `plod.db` in the data folder, which then holds
   * these tables alone.
   */
  appDb: Database.Database;
  /** Where the first start writes initial-credentials.txt (null: nowhere). */
  credentialsDir: string | null;
  /** Closes the app database unless it is the store's own connection (closed with the store). */
  closeAppDb(): void;
}

/** The app database beside a PostgreSQL document store: WAL, fsynced commits, as the store's own. */
function openAppDatabase(file: string, logger: Logger): Database.Database {
  // It holds the crew code and the password and token hashes: the server's user's alone.
  createPrivately(file);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  const journal = db
    .prepare<[], number>(`SELECT count(*) FROM sqlite_master WHERE name = 'yjs_journal'`)
    .pluck()
    .get();
  if (journal === 1) {
    logger.warn(
      'plod.db holds documents stored with SQLite; with PLOD_DATABASE_URL set they are not read (they are not moved to PostgreSQL)',
      { file },
    );
  }
  return db;
}

/** Opens the document store and the app's database as the options say. */
export function openStorage(options: StorageOptions, logger: Logger): Storage {
  const dataDir = options.dataDir ?? DEFAULT_DATA_DIR;
  if (options.store) {
    const store = options.store;
    const own = store instanceof SqliteStore;
    const appDb = own ? store.database : new Database(':memory:');
    return {
      store,
      appDb,
      credentialsDir: options.dataDir ?? (own ? path.dirname(store.database.name) : null),
      closeAppDb: () => {
        if (!own) appDb.close();
      },
    };
  }
  if (options.databaseUrl) {
    const store = new PgStore(options.databaseUrl, { logger });
    const appDb = openAppDatabase(path.join(dataDir, DATABASE_FILE), logger);
    return { store, appDb, credentialsDir: dataDir, closeAppDb: () => appDb.close() };
  }
  const store = new WorkerSqliteStore(path.join(dataDir, DATABASE_FILE), {
    synchronous: options.sqliteSynchronous ?? 'FULL',
    writerNiceness: options.writerNiceness,
    logger,
  });
  return { store, appDb: store.database, credentialsDir: dataDir, closeAppDb: () => undefined };
}
