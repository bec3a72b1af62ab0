import { describe, expect, it } from 'vitest';
import { Throttle } from './throttle.ts';

describe('Throttle', () => {
  it('locks a key after maxFailures within the window, for the window, then doubles', () => {
    let now = 0;
    const throttle = new Throttle({ maxFailures: 3, windowMs: 1000, now: () => now });
    throttle.fail(['a']);
    throttle.fail(['a']);
    expect(throttle.retryAfter(['a'])).toBe(0);
    throttle.fail(['a']);
    expect(throttle.retryAfter(['a'])).toBe(1);
    expect(throttle.retryAfter(['b'])).toBe(0);
    now = 1000;
    expect(throttle.retryAfter(['a'])).toBe(0);
    for (let i = 0; i < 3; i += 1) throttle.fail(['a']);
    expect(throttle.retryAfter(['a', 'b'])).toBe(2);
  });

  it('forgets failures older than the window and resets a key on success', () => {
    let now = 0;
    const throttle = new Throttle({ maxFailures: 2, windowMs: 1000, now: () => now });
    throttle.fail(['a']);
    now = 1500;
    throttle.fail(['a']);
    expect(throttle.retryAfter(['a'])).toBe(0);
    throttle.reset('a');
    throttle.fail(['a']);
    expect(throttle.retryAfter(['a'])).toBe(0);
  });

  it('keeps at most maxKeys entries, dropping idle ones first', () => {
    let now = 0;
    const throttle = new Throttle({ maxFailures: 1, windowMs: 1000, maxKeys: 2, now: () => now });
    throttle.fail(['locked']);
    now = 5000;
    throttle.fail(['x']);
    throttle.fail(['y']);
    expect(throttle.size).toBe(2);
    expect(throttle.retryAfter(['y'])).toBe(1);
  });
});
