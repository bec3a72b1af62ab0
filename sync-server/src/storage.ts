import path from 'node:path';
import { AppDatabase } from './app-db/app-database.ts';
import { DEFAULT_DATA_DIR } from './data-dir.ts';
import type { Logger } from './logger.ts';
import type { DocumentStore } from './store/document-store.ts';
import { PgStore } from './store/pg-store.ts';
import { DATABASE_FILE } from './store/sqlite-store.ts';
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
  /** The app's own tables (see AppDatabase): never the document store's connection. */
  appDb: AppDatabase;
  /** Where the first start writes initial-credentials.txt (null: nowhere). */
  credentialsDir: string | null;
}

/**
 * Opens the document store and the app's database as the options say. The app database is
 * `plod.db` in the data folder (with SQLite, the documents' file too, on a connection of its own);
 * a server given a store and no data folder keeps its app tables in memory.
 */
export function openStorage(options: StorageOptions, logger: Logger): Storage {
  const dataDir = options.dataDir ?? DEFAULT_DATA_DIR;
  const synchronous = options.sqliteSynchronous ?? 'FULL';
  if (options.store) {
    const appDb = options.dataDir
      ? AppDatabase.open(path.join(options.dataDir, DATABASE_FILE), { synchronous })
      : AppDatabase.inMemory();
    return { store: options.store, appDb, credentialsDir: options.dataDir ?? null };
  }
  if (options.databaseUrl) {
    const store = new PgStore(options.databaseUrl, { logger });
    const file = path.join(dataDir, DATABASE_FILE);
    const appDb = AppDatabase.open(file, {
      synchronous,
      logger,
      postgresUrl: options.databaseUrl,
    });
    if (appDb.holdsSqliteDocuments()) {
      logger.warn(
        'plod.db holds documents stored with SQLite; with PLOD_DATABASE_URL set they are not read (they are not moved to PostgreSQL)',
        { file },
      );
    }
    return { store, appDb, credentialsDir: dataDir };
  }
  const file = path.join(dataDir, DATABASE_FILE);
  // The store first: it creates the file and the documents' tables.
  const store = new WorkerSqliteStore(file, {
    synchronous,
    writerNiceness: options.writerNiceness,
    logger,
  });
  return { store, appDb: AppDatabase.open(file, { synchronous }), credentialsDir: dataDir };
}
