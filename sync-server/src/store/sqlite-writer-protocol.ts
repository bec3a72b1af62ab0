/**
 * Messages between WorkerSqliteStore (main thread) and its writer thread. Appends travel as one
 * packed buffer plus end offsets, both transferred (moved, not copied) to the worker.
 */
export interface CompactRequest {
  name: string;
  snapshot: Uint8Array;
  throughSeq: number;
}

/**
 * Compactions ride with the next append (one transaction) when one comes soon enough, else they go
 * alone ('compact'); each is its own savepoint, so one that fails is undone alone and reported.
 */
export type WriterRequest =
  | {
      id: number;
      op: 'append';
      names: string[];
      data: ArrayBuffer;
      ends: Uint32Array;
      compactions: CompactRequest[];
    }
  | { id: number; op: 'compact'; compactions: CompactRequest[] }
  | { id: number; op: 'delete'; name: string }
  | { id: number; op: 'close' };

export type WriterReply =
  | {
      id: number;
      ok: true;
      seqs?: number[];
      deleted?: boolean;
      /** Per compaction sent, in order: null if done, else why it failed. */
      compactionErrors?: (string | null)[];
    }
  | { id: number; ok: false; message: string };

export interface WriterData {
  file: string;
  synchronous: 'FULL' | 'NORMAL';
  /** How much lower than the process the writer thread's scheduling priority is (0: the same). */
  niceness: number;
}
