import type {
  AppendEntry,
  DocumentStore,
  PackedEntries,
  StoredDocument,
  UncompactedDocument,
} from '../store/document-store.ts';

/** The store calls counted apart when they fail (`plod_store_errors_total{operation}`). */
export const STORE_OPERATIONS = [
  'load',
  'append',
  'compact',
  'delete',
  'list',
  'oldest-uncompacted',
  'latest-seqs',
] as const;
export type StoreOperation = (typeof STORE_OPERATIONS)[number];

/** What a MeteredStore reports to. */
export interface StoreObserver {
  /** A batch of `updates` committed, `seconds` after it was handed to the store. */
  committed(updates: number, seconds: number): void;
  failed(operation: StoreOperation): void;
}

/**
 * A DocumentStore that times its commits and counts its failures, passing every call through
 * unchanged (the relay's store; the REST layer keeps the plain one).
 */
export class MeteredStore implements DocumentStore {
  constructor(
    private readonly inner: DocumentStore,
    private readonly observer: StoreObserver,
  ) {}

  load(docName: string): Promise<StoredDocument | null> {
    return this.watch('load', this.inner.load(docName));
  }

  append(entries: readonly AppendEntry[]): Promise<number[]> {
    return this.commit(entries.length, () => this.inner.append(entries));
  }

  appendPacked(packed: PackedEntries): Promise<number[]> {
    return this.commit(packed.names.length, () => this.inner.appendPacked(packed));
  }

  compact(docName: string, snapshot: Uint8Array, throughSeq: number): Promise<void> {
    return this.watch('compact', this.inner.compact(docName, snapshot, throughSeq));
  }

  delete(docName: string): Promise<boolean> {
    return this.watch('delete', this.inner.delete(docName));
  }

  listDocuments(): Promise<string[]> {
    return this.watch('list', this.inner.listDocuments());
  }

  oldestUncompacted(limit: number): Promise<UncompactedDocument[]> {
    return this.watch('oldest-uncompacted', this.inner.oldestUncompacted(limit));
  }

  latestSeqs(prefix: string): Promise<Map<string, number>> {
    return this.watch('latest-seqs', this.inner.latestSeqs(prefix));
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private async commit(updates: number, append: () => Promise<number[]>): Promise<number[]> {
    const started = performance.now();
    const seqs = await this.watch('append', Promise.resolve().then(append));
    this.observer.committed(updates, (performance.now() - started) / 1000);
    return seqs;
  }

  private async watch<T>(operation: StoreOperation, call: Promise<T>): Promise<T> {
    try {
      return await call;
    } catch (error) {
      this.observer.failed(operation);
      throw error;
    }
  }
}
