import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import {
  RestingCollector,
  fullCollection,
  restingHeapExtension,
} from '../src/extensions/resting-heap.ts';

describe('a collection once no document is in memory', () => {
  const doc = new Y.Doc();
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function collector(collect: () => void): RestingCollector {
    return new RestingCollector(collect, 1_000, 60_000, () => Date.now());
  }

  it('collects once, a moment after the last document unloads and its compaction is written', async () => {
    const collect = vi.fn();
    let compacted = () => {};
    const documents = {
      openDocuments: 0,
      compacted: () => new Promise<void>((resolve) => (compacted = resolve)),
    };
    const hooks = restingHeapExtension(documents, collector(collect));
    hooks.onUnload?.('report:a', doc);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(collect).not.toHaveBeenCalled();
    compacted();
    hooks.onUnload?.('report:b', doc);
    compacted();
    await vi.advanceTimersByTimeAsync(999);
    expect(collect).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(collect).toHaveBeenCalledTimes(1);
  });

  it('does not collect while a document is still open, or after one loads again', async () => {
    const collect = vi.fn();
    const documents = { openDocuments: 1, compacted: () => Promise.resolve() };
    const hooks = restingHeapExtension(documents, collector(collect));
    hooks.onUnload?.('report:a', doc);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(collect).not.toHaveBeenCalled();
    documents.openDocuments = 0;
    hooks.onUnload?.('report:b', doc);
    await vi.advanceTimersByTimeAsync(0);
    hooks.onLoad?.('report:c', doc);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(collect).not.toHaveBeenCalled();
  });

  it('collects at most once a minute, and never once stopped', () => {
    const collect = vi.fn();
    const resting = collector(collect);
    resting.resting();
    vi.advanceTimersByTime(1_000);
    expect(collect).toHaveBeenCalledTimes(1);
    // A minute after the last collection, not a second after this rest.
    resting.resting();
    vi.advanceTimersByTime(59_999);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(collect).toHaveBeenCalledTimes(2);
    resting.resting();
    resting.stop();
    resting.resting();
    vi.advanceTimersByTime(120_000);
    expect(collect).toHaveBeenCalledTimes(2);
  });
});

describe('fullCollection', () => {
  it("gives back the heap of what is no longer reachable, without the process's --expose-gc", () => {
    const collect = fullCollection();
    expect(collect).not.toBeNull();
    collect?.();
    const before = process.memoryUsage().heapUsed;
    let garbage: { n: number; s: string }[] | null = [];
    for (let i = 0; i < 300_000; i += 1) garbage.push({ n: i, s: `row ${i}` });
    expect(process.memoryUsage().heapUsed - before).toBeGreaterThan(10_000_000);
    garbage = null;
    collect?.();
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(5_000_000);
    expect(garbage).toBeNull();
  });
});
