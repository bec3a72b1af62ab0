import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterEach, inject } from 'vitest';
import { createDatabase, dropDatabase, withConnection } from '../../scripts/pg-cluster.ts';
import type { Closable } from '../helpers.ts';

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
 * A database of its own for each test of the enclosing block (`createDatabase`): after each test
 * the servers passed through `keepServer` are closed, then the databases made are dropped.
 */
export function databasePerTest(): {
  createDatabase(): Promise<TestDatabase>;
  keepServer<S extends Closable>(server: S): S;
} {
  const servers: Closable[] = [];
  const databases: TestDatabase[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
    for (const database of databases.splice(0)) await database.drop();
  });
  return {
    async createDatabase() {
      const database = await createTestDatabase();
      databases.push(database);
      return database;
    },
    keepServer: (server) => (servers.push(server), server),
  };
}
