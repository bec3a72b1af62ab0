import pg from 'pg';
import type { Logger } from '../logger.ts';
import { packEntries } from './document-store.ts';
import type {
  AppendEntry,
  DocumentStore,
  PackedEntries,
  StoredDocument,
  UncompactedDocument,
} from './document-store.ts';
import { prepareSchema } from './pg-schema.ts';

export interface PgStoreOptions {
  /** Connections in the pool: loads run beside the one append the write queue has in flight. */
  maxConnections?: number;
  /** Where connections lost while idle are reported. */
  logger?: Logger;
}

export type PgStoreErrorReason = 'closed' | 'bad-batch' | 'bad-seq';

/** A PgStore call refused before it reached the database. */
export class PgStoreError extends Error {
  constructor(
    readonly reason: PgStoreErrorReason,
    message: string,
  ) {
    super(message);
    this.name = 'PgStoreError';
  }
}

/**
 * A batch goes in as the write queue packs it: the names, one bytea with every update back to back
 * and each entry's end offset; PostgreSQL cuts the bytes apart itself, so a batch of thousands of
 * updates is three parameters. The seqs are drawn from the sequence first and sorted, then handed
 * to the entries in order, so entry i always gets the i-th smallest (however the rows are inserted).
 */
const APPEND = `
WITH entries AS (
  SELECT t.name, t.i, coalesce(lag(t.stop) OVER (ORDER BY t.i), 0) AS start, t.stop
  FROM unnest($1::text[], $3::bigint[]) WITH ORDINALITY AS t(name, stop, i)
), seqs AS (
  SELECT array_agg(v ORDER BY v) AS list
  FROM (SELECT nextval('yjs_seq') AS v FROM generate_series(1, cardinality($1::text[]))) AS drawn
), stored AS (
  INSERT INTO yjs_updates (doc_name, seq, data)
  SELECT e.name, s.list[e.i], substring($2::bytea FROM (e.start + 1)::int FOR (e.stop - e.start)::int)
  FROM entries e CROSS JOIN seqs s
)
SELECT list FROM seqs`;

/** A document's snapshot and later rows in one statement: one view, even while a compaction commits. */
const LOAD = `
SELECT NULL::bigint AS seq, snapshot_seq, snapshot AS data FROM yjs_snapshots WHERE doc_name = $1
UNION ALL
SELECT u.seq, NULL, u.data FROM yjs_updates u
WHERE u.doc_name = $1
  AND u.seq > coalesce((SELECT snapshot_seq FROM yjs_snapshots WHERE doc_name = $1), 0)
ORDER BY seq NULLS FIRST`;

/** Replaces the snapshot unless the stored one is newer (then no row comes back). */
const UPSERT_SNAPSHOT = `
INSERT INTO yjs_snapshots (doc_name, snapshot, snapshot_seq) VALUES ($1, $2, $3)
ON CONFLICT (doc_name) DO UPDATE
  SET snapshot = excluded.snapshot, snapshot_seq = excluded.snapshot_seq, updated_at = now()
  WHERE yjs_snapshots.snapshot_seq <= excluded.snapshot_seq
RETURNING 1`;

const OLDEST_UNCOMPACTED = `
SELECT u.doc_name, min(u.seq) AS first_seq,
  (SELECT CASE WHEN is_called THEN last_value + 1 ELSE last_value END FROM yjs_seq) AS next_seq
FROM yjs_updates u LEFT JOIN yjs_snapshots s ON s.doc_name = u.doc_name
WHERE u.seq > coalesce(s.snapshot_seq, 0)
GROUP BY u.doc_name
ORDER BY first_seq
LIMIT $1`;

const LATEST_SEQS = `
SELECT doc_name, max(seq) AS seq FROM (
  SELECT doc_name, snapshot_seq AS seq FROM yjs_snapshots WHERE doc_name LIKE $1
  UNION ALL
  SELECT doc_name, seq FROM yjs_updates WHERE doc_name LIKE $1
) AS stored GROUP BY doc_name`;

interface LoadRow {
  seq: string | null;
  snapshot_seq: string | null;
  data: Buffer;
}

/** bigint columns arrive as text: seqs stay far below 2^53, and one that does not is an error. */
function toSeq(text: string | null): number {
  const seq = Number(text);
  if (!Number.isSafeInteger(seq)) throw new PgStoreError('bad-seq', `seq ${text} is out of range`);
  return seq;
}

/** A Buffer over the same bytes (pg sends a Buffer parameter as binary, without hex). */
const asBuffer = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
/** A plain Uint8Array over a row's bytes, as every store returns them. */
const asBytes = (buffer: Buffer) =>
  new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);

function checkPacked(packed: PackedEntries): void {
  if (packed.names.length !== packed.ends.length) {
    throw new PgStoreError(
      'bad-batch',
      `packed batch has ${packed.names.length} names and ${packed.ends.length} ends`,
    );
  }
  let start = 0;
  for (const end of packed.ends) {
    if (end < start || end > packed.data.byteLength) {
      throw new PgStoreError('bad-batch', 'packed batch entry ends outside its buffer');
    }
    start = end;
  }
}

/**
 * The DocumentStore on PostgreSQL (node-postgres, a small pool). Every write is one transaction
 * that ends with COMMIT, and its promise settles only after the COMMIT's answer: an append that
 * resolves is committed (with PostgreSQL's default synchronous_commit, flushed to its WAL), and one
 * whose COMMIT fails or whose connection drops rejects, with nothing of it stored.
 *
 * Nothing here counts or caches across calls (the seqs come from the database's sequence, each load
 * reads the tables), so any number of processes can share one database; see docs/architecture.md.
 */
export class PgStore implements DocumentStore {
  private readonly pool: pg.Pool;
  private schema: Promise<void> | null = null;
  private closing: Promise<void> | null = null;

  constructor(connectionString: string, options: PgStoreOptions = {}) {
    this.pool = new pg.Pool({
      connectionString,
      max: options.maxConnections ?? 4,
      connectionTimeoutMillis: 10_000,
      application_name: 'plod',
    });
    // A connection that breaks while idle (the database restarted) leaves the pool; without a
    // listener its error would end the process.
    this.pool.on('error', (error) =>
      options.logger?.warn('postgresql connection lost while idle', { error }),
    );
  }

  /** Creates the tables if they are missing (once; tried again after a failure). */
  ready(): Promise<void> {
    if (this.closing) return Promise.reject(new PgStoreError('closed', 'store is closed'));
    this.schema ??= prepareSchema(this.pool).catch((error: unknown) => {
      this.schema = null;
      throw error;
    });
    return this.schema;
  }

  async load(docName: string): Promise<StoredDocument | null> {
    await this.ready();
    const { rows } = await this.pool.query<LoadRow>(LOAD, [docName]);
    if (rows.length === 0) return null;
    const first = rows[0];
    const snapshot = first && first.seq === null ? first : null;
    return {
      snapshot: snapshot ? asBytes(snapshot.data) : null,
      snapshotSeq: snapshot ? toSeq(snapshot.snapshot_seq) : 0,
      updates: rows
        .filter((row) => row.seq !== null)
        .map((row) => ({ seq: toSeq(row.seq), update: asBytes(row.data) })),
    };
  }

  append(entries: readonly AppendEntry[]): Promise<number[]> {
    return this.appendPacked(packEntries(entries));
  }

  async appendPacked(packed: PackedEntries): Promise<number[]> {
    checkPacked(packed);
    if (packed.names.length === 0) return [];
    const seqs = await this.transaction(async (client) => {
      const { rows } = await client.query<{ list: string[] }>(APPEND, [
        packed.names,
        asBuffer(packed.data),
        [...packed.ends],
      ]);
      return rows[0]?.list ?? [];
    });
    if (seqs.length !== packed.names.length) {
      throw new PgStoreError(
        'bad-seq',
        `append returned ${seqs.length} seqs for ${packed.names.length} updates`,
      );
    }
    return seqs.map(toSeq);
  }

  async compact(docName: string, snapshot: Uint8Array, throughSeq: number): Promise<void> {
    await this.transaction(async (client) => {
      const replaced = await client.query(UPSERT_SNAPSHOT, [
        docName,
        asBuffer(snapshot),
        throughSeq,
      ]);
      if (replaced.rowCount === 0) return; // the stored snapshot is newer
      await client.query('DELETE FROM yjs_updates WHERE doc_name = $1 AND seq <= $2', [
        docName,
        throughSeq,
      ]);
    });
  }

  delete(docName: string): Promise<boolean> {
    return this.transaction(async (client) => {
      const snapshots = await client.query('DELETE FROM yjs_snapshots WHERE doc_name = $1', [
        docName,
      ]);
      const updates = await client.query('DELETE FROM yjs_updates WHERE doc_name = $1', [docName]);
      return (snapshots.rowCount ?? 0) + (updates.rowCount ?? 0) > 0;
    });
  }

  async listDocuments(): Promise<string[]> {
    await this.ready();
    const { rows } = await this.pool.query<{ doc_name: string }>(
      'SELECT doc_name FROM yjs_snapshots UNION SELECT doc_name FROM yjs_updates ORDER BY doc_name',
    );
    return rows.map((row) => row.doc_name);
  }

  async oldestUncompacted(limit: number): Promise<UncompactedDocument[]> {
    await this.ready();
    const { rows } = await this.pool.query<{
      doc_name: string;
      first_seq: string;
      next_seq: string;
    }>(OLDEST_UNCOMPACTED, [limit]);
    return rows.map((row) => ({
      docName: row.doc_name,
      appendedSince: toSeq(row.next_seq) - toSeq(row.first_seq),
    }));
  }

  /**
   * The highest stored seq (snapshot or row) of every document whose name starts with `prefix`:
   * what the projections compare their rows with on start, to catch up after a crash.
   */
  async latestSeqs(prefix: string): Promise<Map<string, number>> {
    await this.ready();
    const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const { rows } = await this.pool.query<{ doc_name: string; seq: string }>(LATEST_SEQS, [
      pattern,
    ]);
    return new Map(rows.map((row) => [row.doc_name, toSeq(row.seq)]));
  }

  /** Waits for the calls in flight, then closes every connection. */
  close(): Promise<void> {
    this.closing ??= this.pool.end();
    return this.closing;
  }

  /**
   * Runs `work` between BEGIN and COMMIT on one connection and resolves after the COMMIT's answer.
   * On any failure it rolls back; a connection that cannot even do that is dropped from the pool.
   */
  private async transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    await this.ready();
    const client = await this.pool.connect();
    // A connection lost mid-transaction also emits 'error' on the client; the failed query
    // carries it to the caller, so the event itself is only kept from ending the process.
    const ignore = () => undefined;
    client.on('error', ignore);
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      client.removeListener('error', ignore);
      client.release();
      return result;
    } catch (error) {
      // After a failed COMMIT the transaction is already over, and ROLLBACK only warns.
      const rolledBack = await client.query('ROLLBACK').then(
        () => true,
        () => false,
      );
      client.removeListener('error', ignore);
      client.release(!rolledBack);
      throw error;
    }
  }
}
