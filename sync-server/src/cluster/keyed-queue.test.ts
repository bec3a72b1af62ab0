import { describe, expect, it } from 'vitest';
import { KeyedQueue } from './keyed-queue.ts';

/** A promise with its resolve, to end a piece of work when the test says so. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('KeyedQueue', () => {
  it('runs one piece of work per key at a time, in order, and other keys beside it', async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const first = gate();
    const a1 = queue.run('a', async () => {
      log.push('a1 start');
      await first.opened;
      log.push('a1 end');
    });
    const a2 = queue.run('a', async () => void log.push('a2'));
    await queue.run('b', async () => void log.push('b'));
    expect(log).toEqual(['a1 start', 'b']);
    first.open();
    await Promise.all([a1, a2]);
    expect(log).toEqual(['a1 start', 'b', 'a1 end', 'a2']);
  });

  it('runs the next piece of work after one that failed, and gives each its own outcome', async () => {
    const queue = new KeyedQueue();
    const failed = queue.run('a', () => Promise.reject(new Error('no')));
    const next = queue.run('a', async () => 2);
    await expect(failed).rejects.toThrow('no');
    await expect(next).resolves.toBe(2);
  });
});
