import { unpackEntries } from './document-store.ts';
import type {
  AppendEntry,
  DocumentStore,
  PackedEntries,
  StoredDocument,
  UncompactedDocument,
} from './document-store.ts';

interface MemoryDocument {
  snapshot: Uint8Array | null;
  snapshotSeq: number;
  updates: { seq: number; update: Uint8Array }[];
}

/** A DocumentStore in memory, for tests and for running without a disk. */
export class MemoryStore implements DocumentStore {
  private readonly documents = new Map<string, MemoryDocument>();
  private seq = 0;
  private closed = false;

  async load(docName: string): Promise<StoredDocument | null> {
    this.assertOpen();
    const stored = this.documents.get(docName);
    if (!stored) return null;
    return {
      snapshot: stored.snapshot && stored.snapshot.slice(),
      snapshotSeq: stored.snapshotSeq,
      updates: stored.updates.map((row) => ({ seq: row.seq, update: row.update.slice() })),
    };
  }

  async append(entries: readonly AppendEntry[]): Promise<number[]> {
    this.assertOpen();
    return entries.map(({ docName, update }) => {
      this.seq += 1;
      this.documentFor(docName).updates.push({ seq: this.seq, update: update.slice() });
      return this.seq;
    });
  }

  async appendPacked(packed: PackedEntries): Promise<number[]> {
    // append copies each update: the views into `packed.data` are not kept.
    return this.append(unpackEntries(packed));
  }

  async compact(docName: string, snapshot: Uint8Array, throughSeq: number): Promise<void> {
    this.assertOpen();
    const stored = this.documentFor(docName);
    if (throughSeq < stored.snapshotSeq) return;
    stored.snapshot = snapshot.slice();
    stored.snapshotSeq = throughSeq;
    stored.updates = stored.updates.filter((row) => row.seq > throughSeq);
  }

  async delete(docName: string): Promise<boolean> {
    this.assertOpen();
    return this.documents.delete(docName);
  }

  async listDocuments(): Promise<string[]> {
    this.assertOpen();
    return [...this.documents.keys()].sort();
  }

  async oldestUncompacted(limit: number): Promise<UncompactedDocument[]> {
    this.assertOpen();
    return [...this.documents]
      .flatMap(([docName, stored]) => {
        const first = stored.updates[0]?.seq;
        return first === undefined ? [] : [{ docName, appendedSince: this.seq + 1 - first }];
      })
      .sort((a, b) => b.appendedSince - a.appendedSince)
      .slice(0, limit);
  }

  async latestSeqs(prefix: string): Promise<Map<string, number>> {
    this.assertOpen();
    const latest = new Map<string, number>();
    for (const [docName, stored] of this.documents) {
      if (!docName.startsWith(prefix)) continue;
      latest.set(docName, Math.max(stored.snapshotSeq, stored.updates.at(-1)?.seq ?? 0));
    }
    return latest;
  }

  async close(): Promise<void> {
    this.closed = true;
  }

  private documentFor(docName: string): MemoryDocument {
    let stored = this.documents.get(docName);
    if (!stored) {
      stored = { snapshot: null, snapshotSeq: 0, updates: [] };
      this.documents.set(docName, stored);
    }
    return stored;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('store is closed');
  }
}
