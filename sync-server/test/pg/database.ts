import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { inject } from 'vitest';
import type * as Y from 'yjs';
import { createDatabase, dropDatabase, withConnection } from '../../scripts/pg-cluster.ts';
import { PgStore } from '../../src/store/pg-store.ts';
import { closedAfterEach, docFrom } from '../helpers.ts';
import type { Closable, TestClient } from '../helpers.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test cluster's maintenance database (test/pg/global-setup.ts). */
    postgresUrl: string;
  }
}

export interface TestDatabase {
  /** postgres://… of a database of its own, empty. */
  url: string;
  /** Runs one statement on it (outside any store). */
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    text: string,
    values?: unknown[],
  ): Promise<pg.QueryResult<R>>;
  /** Ends every connection to it and drops it. */
  drop(): Promise<void>;
}

/** A fresh database in the test cluster, so tests never see each other's rows or seqs. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const clusterUrl = inject('postgresUrl');
  const name = `plod_${randomUUID().replaceAll('-', '')}`;
  const url = await createDatabase(clusterUrl, name);
  return {
    url,
    query: (text, values) => withConnection(url, (client) => client.query(text, values)),
    drop: () => dropDatabase(clusterUrl, name),
  };
}

/**
 * A fresh database and what `open` makes on it (a store, an app database); `cleanup` closes that,
 * then drops the database.
 */
export async function openOnTestDatabase<T extends Closable>(
  open: (url: string) => T,
): Promise<{ opened: T; cleanup(): Promise<void> }> {
  const database = await createTestDatabase();
  const opened = open(database.url);
  return {
    opened,
    cleanup: async () => {
      await opened.close();
      await database.drop();
    },
  };
}

/** Every update stored for a document in the PostgreSQL database at `url`, applied to a fresh doc. */
export async function storedDoc(url: string, docName: string): Promise<Y.Doc> {
  const store = new PgStore(url);
  const stored = await store.load(docName);
  await store.close();
  return docFrom(stored);
}

/**
 * A database of its own for each test of the enclosing block (`createDatabase`), released after
 * each test as `closedAfterEach` releases what it keeps: the clients pushed to `clients` are
 * destroyed, the servers pushed to `servers` (or passed through `keepServer`) are closed, then the
 * databases made are dropped.
 */
export function databasePerTest<S extends Closable = Closable>(): {
  clients: TestClient[];
  servers: S[];
  keepServer<T extends S>(server: T): T;
  createDatabase(): Promise<TestDatabase>;
} {
  const databases: TestDatabase[] = [];
  const kept = closedAfterEach<S>(async () => {
    for (const database of databases.splice(0)) await database.drop();
  });
  return {
    ...kept,
    async createDatabase() {
      const database = await createTestDatabase();
      databases.push(database);
      return database;
    },
  };
}
