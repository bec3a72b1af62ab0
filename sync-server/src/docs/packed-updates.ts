import type { PackedEntries } from '../store/document-store.ts';

const INITIAL_BYTES = 64 * 1024;
/** A buffer grown past this by one large batch goes back to the initial size once it is emptied. */
const KEEP_BYTES = 1024 * 1024;

/**
 * Updates waiting for their commit, packed: their bytes copied into one buffer (off the JS heap),
 * their document names and tags in arrays that are reused from batch to batch. An update waits up
 * to a pacing interval (100 ms) for its commit, long enough to outlive two young-generation
 * collections on a busy relay (and the commit itself can wait for the low-priority writer thread);
 * held as one object and one Uint8Array each, every update would be promoted to the old generation
 * and die there, filling it towards a full collection. Packed, a waiting batch adds nothing per
 * update to the heap, and the store gets it as one buffer (PackedEntries) it can move to its
 * writer thread as it is.
 */
export class PackedUpdates<T extends object> {
  private bytes = new Uint8Array(INITIAL_BYTES);
  private used = 0;
  private count = 0;
  /** End offset of each update in `bytes`; slots past `count` are stale and overwritten. */
  private readonly ends: number[] = [];
  private readonly names: string[] = [];
  private readonly tags: (T | undefined)[] = [];
  /** Where each update came from (the socket that sent it, the server), for its broadcast. */
  private readonly origins: unknown[] = [];

  get length(): number {
    return this.count;
  }

  /** Copies `update` in: the caller may reuse or change its array afterwards. */
  push(docName: string, update: Uint8Array, tag: T, origin: unknown = null): void {
    const end = this.used + update.byteLength;
    if (end > this.bytes.byteLength) this.grow(end);
    this.bytes.set(update, this.used);
    this.used = end;
    this.ends[this.count] = end;
    this.names[this.count] = docName;
    this.tags[this.count] = tag;
    this.origins[this.count] = origin;
    this.count += 1;
  }

  /**
   * Hands each update's tag and size (in order) to the arrays given, and each update itself to
   * `visit` (a view of the packed bytes, valid during the call only), then empties it for reuse.
   */
  drain(
    tags: T[],
    sizes: number[],
    visit?: (tag: T, update: Uint8Array, origin: unknown) => void,
  ): void {
    let start = 0;
    for (let i = 0; i < this.count; i++) {
      const tag = this.tags[i];
      const end = this.ends[i] ?? start;
      if (tag === undefined) throw new Error(`packed update ${i} has no tag`);
      tags.push(tag);
      sizes.push(end - start);
      visit?.(tag, this.bytes.subarray(start, end), this.origins[i]);
      start = end;
    }
    this.clear();
  }

  /** The updates of several batches, in order, as one packed batch of their own (a copy). */
  static pack<T extends object>(batches: readonly PackedUpdates<T>[]): PackedEntries {
    let count = 0;
    let total = 0;
    for (const batch of batches) {
      count += batch.count;
      total += batch.used;
    }
    const data = new Uint8Array(total);
    const ends = new Uint32Array(count);
    const names = new Array<string>(count);
    let at = 0;
    let offset = 0;
    for (const batch of batches) {
      data.set(batch.bytes.subarray(0, batch.used), offset);
      for (let i = 0; i < batch.count; i++, at++) {
        ends[at] = offset + (batch.ends[i] ?? 0);
        names[at] = batch.names[i] ?? '';
      }
      offset += batch.used;
    }
    return { names, data, ends };
  }

  /** Empties it for reuse, dropping its references to the tags. */
  private clear(): void {
    this.tags.fill(undefined, 0, this.count);
    this.origins.fill(null, 0, this.count);
    this.count = 0;
    this.used = 0;
    if (this.bytes.byteLength > KEEP_BYTES) this.bytes = new Uint8Array(INITIAL_BYTES);
  }

  private grow(needed: number): void {
    let size = this.bytes.byteLength * 2;
    while (size < needed) size *= 2;
    const bigger = new Uint8Array(size);
    bigger.set(this.bytes.subarray(0, this.used));
    this.bytes = bigger;
  }
}
