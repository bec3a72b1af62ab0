import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logger.ts';
import { MemoryStore } from '../store/memory-store.ts';
import type { AppendEntry } from '../store/document-store.ts';
import { WriteQueue } from './write-queue.ts';

/** What a test's updates are tagged with: where they came from. */
interface Tag {
  docName: string;
  byte: number;
}

/** Enqueues the one-byte update `byte` for `docName`, tagged with both. */
const add = (queue: WriteQueue<Tag>, docName: string, byte: number): void =>
  queue.enqueue(docName, new Uint8Array([byte]), { docName, byte });

class FlakyStore extends MemoryStore {
  failures = 0;
  batches: number[] = [];
  override async append(entries: readonly AppendEntry[]): Promise<number[]> {
    if (this.failures > 0) {
      this.failures -= 1;
      throw new Error('disk full');
    }
    this.batches.push(entries.length);
    return super.append(entries);
  }
}

const silent = createLogger('silent');
const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

describe('WriteQueue', () => {
  it('commits updates enqueued in one tick as one batch, then calls waiters', async () => {
    const store = new FlakyStore();
    const committed: number[][] = [];
    const tags: Tag[] = [];
    const queue = new WriteQueue<Tag>(
      store,
      (batchTags, _sizes, seqs) => {
        committed.push([...seqs]);
        tags.push(...batchTags);
      },
      silent,
    );
    add(queue, 'a', 1);
    add(queue, 'b', 2);
    add(queue, 'a', 3);
    let acknowledged = false;
    queue.afterCommitted(() => (acknowledged = true));
    expect(acknowledged).toBe(false);
    await queue.whenCommitted();
    expect(acknowledged).toBe(true);
    expect(store.batches).toEqual([3]);
    expect(committed).toEqual([[1, 2, 3]]);
    expect(tags).toEqual([
      { docName: 'a', byte: 1 },
      { docName: 'b', byte: 2 },
      { docName: 'a', byte: 3 },
    ]);
    let immediate = false;
    queue.afterCommitted(() => (immediate = true));
    expect(immediate).toBe(true);
  });

  it('retries a failed batch and acknowledges nothing until it is committed', async () => {
    const store = new FlakyStore();
    store.failures = 2;
    const queue = new WriteQueue<Tag>(store, () => undefined, silent);
    add(queue, 'a', 1);
    let acknowledged = false;
    queue.afterCommitted(() => (acknowledged = true));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(acknowledged).toBe(false);
    add(queue, 'a', 2);
    await queue.whenCommitted();
    expect(acknowledged).toBe(true);
    expect(queue.committedCount).toBe(2);
    expect((await store.load('a'))?.updates.map((row) => [...row.update])).toEqual([[1], [2]]);
  });

  it('drains everything on shutdown', async () => {
    const store = new FlakyStore();
    const queue = new WriteQueue<Tag>(store, () => undefined, silent);
    for (let i = 0; i < 10; i++) add(queue, 'd', i);
    await queue.drain();
    expect(queue.size).toBe(0);
    expect((await store.load('d'))?.updates).toHaveLength(10);
  });

  it('owns what it queues: the caller may reuse its array before the commit', async () => {
    const store = new FlakyStore();
    const queue = new WriteQueue<Tag>(store, () => undefined, silent);
    const update = new Uint8Array([7, 7, 7]);
    queue.enqueue('a', update, { docName: 'a', byte: 7 });
    update.fill(0);
    await queue.whenCommitted();
    expect([...((await store.load('a'))?.updates[0]?.update ?? [])]).toEqual([7, 7, 7]);
  });

  it('keeps every byte and the order across batches past its buffer and a failed commit', async () => {
    const store = new FlakyStore();
    const seen: { tag: Tag; seq: number; bytes: number }[] = [];
    const queue = new WriteQueue<Tag>(
      store,
      (tags, sizes, seqs) =>
        tags.forEach((tag, i) => seen.push({ tag, seq: seqs[i] ?? 0, bytes: sizes[i] ?? 0 })),
      silent,
    );
    // Sizes from one byte to past the packed buffer's first capacity (64 KiB), several documents.
    const sizes = [1, 300, 70_000, 5, 200_000, 64, 65, 1];
    const updateOf = (i: number) =>
      Uint8Array.from({ length: sizes[i % sizes.length] ?? 1 }, (_, k) => (i * 31 + k) % 251);
    const enqueue = (from: number, to: number) => {
      for (let i = from; i < to; i++) {
        queue.enqueue(`d${i % 3}`, updateOf(i), { docName: `d${i % 3}`, byte: i });
      }
    };
    store.failures = 1;
    enqueue(0, 20);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(queue.committedCount).toBe(0);
    enqueue(20, 40);
    await queue.whenCommitted();
    expect(seen.map((s) => s.tag.byte)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(seen.map((s) => s.bytes)).toEqual(seen.map((s) => updateOf(s.tag.byte).byteLength));
    for (const doc of ['d0', 'd1', 'd2']) {
      const stored = (await store.load(doc))?.updates ?? [];
      const expected = seen.filter((s) => s.tag.docName === doc);
      expect(stored.map((row) => row.seq)).toEqual(expected.map((s) => s.seq));
      expect(stored.map((row) => hex(row.update))).toEqual(
        expected.map((s) => hex(updateOf(s.tag.byte))),
      );
    }
    // A batch after the big ones: the emptied buffers are reused, not stale.
    enqueue(40, 45);
    await queue.whenCommitted();
    const last = (await store.load('d1'))?.updates.at(-1);
    expect(hex(last?.update ?? new Uint8Array())).toEqual(hex(updateOf(43)));
  });
  describe('group commit (fake clock)', () => {
    beforeEach(() => {
      vi.useFakeTimers({
        toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate', 'performance'],
      });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('commits each lone update at once, however many came before', async () => {
      const store = new FlakyStore();
      const queue = new WriteQueue<Tag>(store, () => undefined, silent);
      // More than any pacing burst: every one is committed with no time passing, one commit each.
      for (let i = 0; i < 40; i++) {
        add(queue, 'a', i);
        await vi.advanceTimersByTimeAsync(0);
        expect(queue.committedCount).toBe(i + 1);
      }
      expect(store.batches).toEqual(Array.from({ length: 40 }, () => 1));
    });

    it('collects what arrives while a commit runs and commits it all next', async () => {
      let release: () => void = () => undefined;
      class SlowStore extends FlakyStore {
        override async append(entries: readonly AppendEntry[]): Promise<number[]> {
          if (this.batches.length === 0) await new Promise<void>((r) => (release = r));
          return super.append(entries);
        }
      }
      const store = new SlowStore();
      const queue = new WriteQueue<Tag>(store, () => undefined, silent);
      add(queue, 'a', 1);
      await vi.advanceTimersByTimeAsync(0);
      // The first commit is running: five more arrive, on other turns, and wait for it.
      for (let i = 2; i <= 6; i++) {
        add(queue, i % 2 ? 'a' : 'b', i);
        await vi.advanceTimersByTimeAsync(0);
      }
      expect(store.batches).toEqual([]);
      release();
      await vi.advanceTimersByTimeAsync(0);
      expect(queue.committedCount).toBe(6);
      expect(store.batches).toEqual([1, 5]);
    });
  });

  describe('commit pacing (fake clock)', () => {
    const pacing = { perSecond: 5, burst: 3 };
    const tokenMs = 1000 / pacing.perSecond;
    beforeEach(() => {
      vi.useFakeTimers({
        toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate', 'performance'],
      });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    /** Enqueues one update and lets `ms` of fake time pass; true if it is committed by then. */
    const commitsWithin = async (
      queue: WriteQueue<Tag>,
      ms: number,
      options: { promptly?: boolean } = {},
    ): Promise<boolean> => {
      add(queue, 'a', 1);
      let done = false;
      void queue.whenCommitted(options).then(() => {
        done = true;
      });
      await vi.advanceTimersByTimeAsync(ms);
      return done;
    };

    it('commits at once for a burst, then waits for a token', async () => {
      const queue = new WriteQueue<Tag>(new FlakyStore(), () => undefined, silent, pacing);
      for (let i = 0; i < pacing.burst; i++) expect(await commitsWithin(queue, 0)).toBe(true);
      // The bucket is empty: the next commit waits one token's time.
      expect(await commitsWithin(queue, tokenMs / 2)).toBe(false);
      await vi.advanceTimersByTimeAsync(tokenMs / 2);
      expect(queue.committedCount).toBe(queue.enqueuedCount);
    });

    it('commits at once for a prompt waiter (a REST write), even with the bucket empty', async () => {
      const queue = new WriteQueue<Tag>(new FlakyStore(), () => undefined, silent, pacing);
      for (let i = 0; i < pacing.burst; i++) await commitsWithin(queue, 0);
      // Many sequential REST writes: none waits for a token.
      for (let i = 0; i < 20; i++)
        expect(await commitsWithin(queue, 0, { promptly: true })).toBe(true);
      // A relay update waiting for its token is hurried along by a prompt waiter that comes later.
      expect(await commitsWithin(queue, 1)).toBe(false);
      expect(await commitsWithin(queue, 0, { promptly: true })).toBe(true);
      expect(queue.committedCount).toBe(queue.enqueuedCount);
    });

    it('paces commits under sustained load', async () => {
      const store = new FlakyStore();
      const queue = new WriteQueue<Tag>(store, () => undefined, silent, pacing);
      // Updates every 3 ms for 600 ms go out in at most burst + 600 ms x perSecond (+1) commits.
      for (let elapsed = 0; elapsed < 600; elapsed += 3) {
        add(queue, 'b', 1);
        await vi.advanceTimersByTimeAsync(3);
      }
      await vi.advanceTimersByTimeAsync(tokenMs);
      expect(queue.committedCount).toBe(queue.enqueuedCount);
      expect(store.batches.length).toBeLessThanOrEqual(pacing.burst + 0.6 * pacing.perSecond + 1);
      expect(store.batches.length).toBeGreaterThan(pacing.burst);
    });
  });
});
