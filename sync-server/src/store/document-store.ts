/**
 * Durable storage of Yjs documents as a snapshot plus an append-only update log.
 *
 * The interface is asynchronous so that a PostgreSQL implementation (same two tables, `bigserial`
 * seq, REPEATABLE READ for `load`) can follow the SQLite one. The relay treats the bytes as opaque.
 */
export interface StoredDocument {
  /** State encoded by the last compaction, or null if the document was never compacted. */
  snapshot: Uint8Array | null;
  /** Highest log seq folded into the snapshot (0 if none). */
  snapshotSeq: number;
  /** Log rows after the snapshot, in seq order. */
  updates: StoredUpdate[];
}

export interface StoredUpdate {
  seq: number;
  update: Uint8Array;
}

export interface AppendEntry {
  docName: string;
  update: Uint8Array;
}

export interface DocumentStore {
  /**
   * Reads a document as one consistent view (a compaction can never be half-seen).
   * Returns null if nothing was ever stored under this name.
   */
  load(docName: string): Promise<StoredDocument | null>;
  /**
   * Appends a batch of updates (possibly for several documents) in ONE transaction and resolves with
   * each entry's seq, in order, once the transaction is durable. Seqs increase across the store.
   * On rejection nothing of the batch was written.
   */
  append(entries: readonly AppendEntry[]): Promise<number[]>;
  /**
   * Replaces the snapshot of a document with `snapshot`, which must contain every update with
   * seq <= throughSeq, and deletes those log rows, in one transaction. A compaction older than the
   * stored snapshot is ignored.
   */
  compact(docName: string, snapshot: Uint8Array, throughSeq: number): Promise<void>;
  /**
   * Removes a document (snapshot and log) in one transaction; resolves true when anything was stored.
   * Used by the REST cleanup of long-deleted reports.
   */
  delete(docName: string): Promise<boolean>;
  /** Names of every stored document. */
  listDocuments(): Promise<string[]>;
  /** Flushes and releases resources (checkpoints the WAL for SQLite). */
  close(): Promise<void>;
}
