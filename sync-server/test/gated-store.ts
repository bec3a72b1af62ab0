import type {
  AppendEntry,
  DocumentStore,
  PackedEntries,
  StoredDocument,
  UncompactedDocument,
} from '../src/store/document-store.ts';

/**
 * A real store whose appends a test can hold back (they wait until released) or make fail (as a full
 * disk does), to see what the server does while a commit has not happened.
 */
export class GatedStore implements DocumentStore {
  /** Appends started and not finished. */
  waiting = 0;
  private gate: Promise<void> | null = null;
  private open: () => void = () => undefined;
  private failure: Error | null = null;

  constructor(private readonly inner: DocumentStore) {}

  /** Appends from now on wait until `release`. */
  hold(): void {
    this.gate ??= new Promise((resolve) => (this.open = resolve));
  }

  release(): void {
    this.open();
    this.gate = null;
  }

  /** Appends from now on fail with `error` (null: they work again). */
  failWith(error: Error | null): void {
    this.failure = error;
  }

  private async pass(): Promise<void> {
    this.waiting += 1;
    try {
      while (this.gate) await this.gate;
      if (this.failure) throw this.failure;
    } finally {
      this.waiting -= 1;
    }
  }

  load(docName: string): Promise<StoredDocument | null> {
    return this.inner.load(docName);
  }

  async append(entries: readonly AppendEntry[]): Promise<number[]> {
    await this.pass();
    return this.inner.append(entries);
  }

  async appendPacked(packed: PackedEntries): Promise<number[]> {
    await this.pass();
    return this.inner.appendPacked(packed);
  }

  compact(docName: string, snapshot: Uint8Array, throughSeq: number): Promise<void> {
    return this.inner.compact(docName, snapshot, throughSeq);
  }

  delete(docName: string): Promise<boolean> {
    return this.inner.delete(docName);
  }

  listDocuments(): Promise<string[]> {
    return this.inner.listDocuments();
  }

  oldestUncompacted(limit: number): Promise<UncompactedDocument[]> {
    return this.inner.oldestUncompacted(limit);
  }

  latestSeqs(prefix: string): Promise<Map<string, number>> {
    return this.inner.latestSeqs(prefix);
  }

  close(): Promise<void> {
    this.release();
    return this.inner.close();
  }
}
