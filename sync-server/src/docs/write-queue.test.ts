import { describe, expect, it } from 'vitest';
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
  it('commits at once after idle and for a short burst, then paces commits under sustained load', async () => {
    const store = new FlakyStore();
    const pacing = { perSecond: 5, burst: 3 };
    const queue = new WriteQueue(store, () => undefined, silent, pacing);
    // A burst of commits one after another (as sequential REST writes make): none waits.
    const started = performance.now();
    for (let i = 0; i < pacing.burst; i++) {
      queue.enqueue(entry('a', i));
      await queue.whenCommitted();
    }
    expect(performance.now() - started).toBeLessThan(1000 / pacing.perSecond);
    // The bucket is empty: the next commit waits for a token (1 / perSecond, less what refilled).
    const waited = performance.now();
    queue.enqueue(entry('a', 9));
    await queue.whenCommitted();
    expect(performance.now() - waited).toBeGreaterThan(1000 / pacing.perSecond / 2);
    // Sustained: updates every few ms for 600 ms go out in at most 600 ms x perSecond (+1) commits.
    const before = store.batches.length;
    const until = performance.now() + 600;
    while (performance.now() < until) {
      queue.enqueue(entry('b', 1));
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    await queue.whenCommitted();
    expect(store.batches.length - before).toBeLessThanOrEqual(0.6 * pacing.perSecond + 2);
    expect(queue.committedCount).toBe(queue.enqueuedCount);
  });
});
