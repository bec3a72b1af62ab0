import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

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

async function onCluster<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh database in the test cluster, so tests never see each other's rows or seqs. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const clusterUrl = inject('postgresUrl');
  const name = `plod_${randomUUID().replaceAll('-', '')}`;
  await onCluster(clusterUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    query: (text, values) => onCluster(url.toString(), (client) => client.query(text, values)),
    drop: () =>
      onCluster(clusterUrl, (client) => client.query(`DROP DATABASE ${name} WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}
