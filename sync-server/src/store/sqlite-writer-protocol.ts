/**
 * Messages between WorkerSqliteStore (main thread) and its writer thread. Appends travel as one
 * packed buffer plus end offsets, both transferred (moved, not copied) to the worker.
 */
export type WriterRequest =
  | { id: number; op: 'append'; names: string[]; data: ArrayBuffer; ends: Uint32Array }
  | { id: number; op: 'compact'; name: string; snapshot: Uint8Array; throughSeq: number }
  | { id: number; op: 'delete'; name: string }
  | { id: number; op: 'close' };

export type WriterReply =
  | { id: number; ok: true; seqs?: number[]; deleted?: boolean }
  | { id: number; ok: false; message: string };

export interface WriterData {
  file: string;
  synchronous: 'FULL' | 'NORMAL';
  /** How much lower than the process the writer thread's scheduling priority is (0: the same). */
  niceness: number;
}
