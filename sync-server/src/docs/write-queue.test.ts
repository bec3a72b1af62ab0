import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logger.ts';
import { MemoryStore } from '../store/memory-store.ts';
import type { AppendEntry } from '../store/document-store.ts';
import { WriteQueue } from './write-queue.ts';

const entry = (docName: string, byte: number): AppendEntry => ({
  docName,
  update: new Uint8Array([byte]),
});

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

describe('WriteQueue', () => {
  it('commits updates enqueued in one tick as one batch, then calls waiters', async () => {
    const store = new FlakyStore();
    const committed: number[][] = [];
    const queue = new WriteQueue(store, (_entries, seqs) => committed.push([...seqs]), silent);
    queue.enqueue(entry('a', 1));
    queue.enqueue(entry('b', 2));
    queue.enqueue(entry('a', 3));
    let acknowledged = false;
    queue.afterCommitted(() => (acknowledged = true));
    expect(acknowledged).toBe(false);
    await queue.whenCommitted();
    expect(acknowledged).toBe(true);
    expect(store.batches).toEqual([3]);
    expect(committed).toEqual([[1, 2, 3]]);
    let immediate = false;
    queue.afterCommitted(() => (immediate = true));
    expect(immediate).toBe(true);
  });

  it('retries a failed batch and acknowledges nothing until it is committed', async () => {
    const store = new FlakyStore();
    store.failures = 2;
    const queue = new WriteQueue(store, () => undefined, silent);
    queue.enqueue(entry('a', 1));
    let acknowledged = false;
    queue.afterCommitted(() => (acknowledged = true));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(acknowledged).toBe(false);
    queue.enqueue(entry('a', 2));
    await queue.whenCommitted();
    expect(acknowledged).toBe(true);
    expect(queue.committedCount).toBe(2);
    expect((await store.load('a'))?.updates.map((row) => [...row.update])).toEqual([[1], [2]]);
  });

  it('drains everything on shutdown', async () => {
    const store = new FlakyStore();
    const queue = new WriteQueue(store, () => undefined, silent);
    for (let i = 0; i < 10; i++) queue.enqueue(entry('d', i));
    await queue.drain();
    expect(queue.size).toBe(0);
    expect((await store.load('d'))?.updates).toHaveLength(10);
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
      queue: WriteQueue<AppendEntry>,
      ms: number,
      options: { promptly?: boolean } = {},
    ): Promise<boolean> => {
      queue.enqueue(entry('a', 1));
      let done = false;
      void queue.whenCommitted(options).then(() => {
        done = true;
      });
      await vi.advanceTimersByTimeAsync(ms);
      return done;
    };

    it('commits at once for a burst, then waits for a token', async () => {
      const queue = new WriteQueue(new FlakyStore(), () => undefined, silent, pacing);
      for (let i = 0; i < pacing.burst; i++) expect(await commitsWithin(queue, 0)).toBe(true);
      // The bucket is empty: the next commit waits one token's time.
      expect(await commitsWithin(queue, tokenMs / 2)).toBe(false);
      await vi.advanceTimersByTimeAsync(tokenMs / 2);
      expect(queue.committedCount).toBe(queue.enqueuedCount);
    });

    it('commits at once for a prompt waiter (a REST write), even with the bucket empty', async () => {
      const queue = new WriteQueue(new FlakyStore(), () => undefined, silent, pacing);
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
      const queue = new WriteQueue(store, () => undefined, silent, pacing);
      // Updates every 3 ms for 600 ms go out in at most burst + 600 ms x perSecond (+1) commits.
      for (let elapsed = 0; elapsed < 600; elapsed += 3) {
        queue.enqueue(entry('b', 1));
        await vi.advanceTimersByTimeAsync(3);
      }
      await vi.advanceTimersByTimeAsync(tokenMs);
      expect(queue.committedCount).toBe(queue.enqueuedCount);
      expect(store.batches.length).toBeLessThanOrEqual(pacing.burst + 0.6 * pacing.perSecond + 1);
      expect(store.batches.length).toBeGreaterThan(pacing.burst);
    });
  });
});
