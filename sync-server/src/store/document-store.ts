/**
 * Durable storage of Yjs documents as a snapshot plus an append-only update log.
 *
 * Three stores keep this contract (store-contract.ts): SQLite (sqlite-store.ts, the default, and
 * worker-sqlite-store.ts, which writes from a worker thread), PostgreSQL (pg-store.ts, tables in
 * pg-schema.ts, seqs from one shared sequence) and memory (memory-store.ts, for tests). The interface
 * is asynchronous for the PostgreSQL one. The relay treats the bytes as opaque.
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

/** A document with updates not yet in its snapshot (see DocumentStore.oldestUncompacted). */
export interface UncompactedDocument {
  docName: string;
  /** Updates the store appended (to any document) since this document's oldest uncompacted one, that one included. */
  appendedSince: number;
}

export interface AppendEntry {
  docName: string;
  update: Uint8Array;
}

/**
 * A batch of updates packed into one buffer, as the relay's write queue hands them over: entry i
 * is `names[i]` with the bytes `data.subarray(ends[i - 1] ?? 0, ends[i])`. One buffer instead of an
 * array per update keeps a waiting batch off the JS heap (see docs/packed-updates.ts).
 */
export interface PackedEntries {
  readonly names: readonly string[];
  readonly data: Uint8Array;
  readonly ends: Uint32Array;
}

/** Packs entries into one buffer (copies their bytes). */
export function packEntries(entries: readonly AppendEntry[]): PackedEntries {
  let total = 0;
  for (const entry of entries) total += entry.update.byteLength;
  const data = new Uint8Array(total);
  const ends = new Uint32Array(entries.length);
  let offset = 0;
  entries.forEach((entry, i) => {
    data.set(entry.update, offset);
    offset += entry.update.byteLength;
    ends[i] = offset;
  });
  return { names: entries.map((entry) => entry.docName), data, ends };
}

/** The entries of a packed batch, each update a view into its buffer. */
export function unpackEntries(packed: PackedEntries): AppendEntry[] {
  if (packed.names.length !== packed.ends.length) {
    throw new Error(`packed batch has ${packed.names.length} names and ${packed.ends.length} ends`);
  }
  let start = 0;
  return packed.names.map((docName, i) => {
    const end = packed.ends[i] ?? start;
    if (end < start || end > packed.data.byteLength) {
      throw new Error(`packed batch entry ${i} ends outside its buffer`);
    }
    const update = packed.data.subarray(start, end);
    start = end;
    return { docName, update };
  });
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
   * `append` for a packed batch, with the same result. The store may keep or transfer (detach)
   * `data` and `ends`: the caller hands them over.
   */
  appendPacked(packed: PackedEntries): Promise<number[]>;
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
  /**
   * The documents whose oldest update not yet in their snapshot is oldest, oldest first, at most
   * `limit`. A store that keeps every document's updates in one log in commit order (as SQLite
   * does) can reclaim it only up to the oldest update some document still needs: compacting these
   * documents lets it go further.
   */
  oldestUncompacted(limit: number): Promise<UncompactedDocument[]>;
  /**
   * The highest stored seq (log row or snapshot) of every document whose name starts with `prefix`:
   * what a projection kept beside the store compares with its own seqs after a crash.
   */
  latestSeqs(prefix: string): Promise<Map<string, number>>;
  /**
   * A small write that needs the disk, undone at once; throws when the store cannot write. Absent:
   * only a commit tells whether the store writes again.
   */
  probe?(): void;
  /** Flushes and releases resources (checkpoints the WAL for SQLite). */
  close(): Promise<void>;
}
