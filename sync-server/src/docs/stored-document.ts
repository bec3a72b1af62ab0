import * as Y from 'yjs';
import type { StoredDocument } from '../store/document-store.ts';

/** Which stored part a document failed to load at: its snapshot (with its seq) or a log row. */
export class StoredPartFailed extends Error {
  constructor(
    readonly part: 'snapshot' | 'log row',
    readonly seq: number,
    cause: unknown,
  ) {
    super(`${part} ${seq} failed to apply`, { cause });
  }
}

/** Applies a stored snapshot and log in one transaction; throws StoredPartFailed if any fails. */
export function applyStored(doc: Y.Doc, stored: StoredDocument | null): void {
  if (!stored) return;
  let part: StoredPartFailed['part'] = 'snapshot';
  let seq = stored.snapshotSeq;
  try {
    doc.transact(() => {
      if (stored.snapshot) Y.applyUpdate(doc, stored.snapshot);
      for (const row of stored.updates) {
        part = 'log row';
        seq = row.seq;
        Y.applyUpdate(doc, row.update);
      }
    });
  } catch (error) {
    throw new StoredPartFailed(part, seq, error);
  }
}

/** The highest seq a stored document holds (its snapshot's, or its last row's). */
export function storedThroughSeq(stored: StoredDocument): number {
  return Math.max(stored.snapshotSeq, stored.updates.at(-1)?.seq ?? 0);
}
