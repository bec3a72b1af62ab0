import type pg from 'pg';

/**
 * The document store's tables on PostgreSQL. Unlike SQLite's journal (one log in commit order, cut
 * from its start), the log here is clustered by document: its primary key (doc_name, seq) is the
 * index a load and a compaction walk, and PostgreSQL reclaims the rows a compaction deletes by
 * itself (autovacuum), so nothing has to keep a journal's oldest needed row.
 *
 * Seqs come from one sequence, `yjs_seq`, which every process sharing the database draws from: they
 * are unique and increase across the store with no counter held in any process. A sequence hands
 * out values outside transactions, so a rolled-back append leaves a gap, and appends committing at
 * the same time in two processes can become visible in the other order (see docs/architecture.md,
 * "Several processes on one PostgreSQL (plan)").
 *
 * `doc_name` is compared byte-wise (COLLATE "C"), as SQLite does: names list in the same order
 * whatever the database's locale, and `LIKE 'report:%'` can use the index.
 */
const SCHEMA = `
CREATE SEQUENCE IF NOT EXISTS yjs_seq AS bigint;
CREATE TABLE IF NOT EXISTS yjs_updates (
  doc_name text COLLATE "C" NOT NULL,
  seq bigint NOT NULL,
  data bytea NOT NULL,
  PRIMARY KEY (doc_name, seq)
);
CREATE TABLE IF NOT EXISTS yjs_snapshots (
  doc_name text COLLATE "C" PRIMARY KEY,
  snapshot bytea NOT NULL,
  snapshot_seq bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
`;

/**
 * One number for the advisory lock under which the schema is created: two processes starting
 * together would otherwise race in CREATE ... IF NOT EXISTS (which is not safe concurrently).
 */
const SCHEMA_LOCK = 0x706c6f64; // "plod"

/** Creates the tables if they are missing, in one transaction under an advisory lock. */
export async function prepareSchema(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    await client.query(SCHEMA);
    await client.query('COMMIT');
  } catch (error) {
    broken = error instanceof Error ? error : new Error(String(error));
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release(broken);
  }
}
