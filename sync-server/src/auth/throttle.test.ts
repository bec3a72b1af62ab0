import { describe, expect, it } from 'vitest';
import { Throttle, addressKey } from './throttle.ts';
import type { Reservation, ThrottleOptions } from './throttle.ts';

function attempt(reservation: Reservation) {
  if (!reservation.ok) throw new Error(`refused for ${reservation.retryAfter} s`);
  return reservation.attempt;
}

/** A throttle on a clock the test sets (`clock.now`, in ms from 0). */
function clocked(options: Omit<ThrottleOptions, 'now'>) {
  const clock = { now: 0 };
  return { clock, throttle: new Throttle({ ...options, now: () => clock.now }) };
}

describe('Throttle', () => {
  it('counts attempts still being checked, so parallel attempts cannot pass the limit', () => {
    const throttle = new Throttle({ maxFailures: 3 });
    const inFlight = [1, 2, 3].map(() => attempt(throttle.reserve(['a'])));
    expect(throttle.reserve(['a'])).toEqual({ ok: false, retryAfter: 1 });
    expect(throttle.reserve(['b']).ok).toBe(true);
    // A right one frees its place; a wrong one keeps it as a failure.
    inFlight[0]?.release();
    expect(throttle.reserve(['a']).ok).toBe(true);
  });

  it('holds a key after maxFailures, for a delay that doubles with each hold up to the most', () => {
    const { clock, throttle } = clocked({ maxFailures: 2, firstDelayMs: 1000, maxDelayMs: 3000 });
    const failTwice = () => [1, 2].flatMap(() => attempt(throttle.reserve(['a'])).failed());
    expect(failTwice()).toEqual([{ key: 'a', seconds: 1 }]);
    expect(throttle.reserve(['a'])).toEqual({ ok: false, retryAfter: 1 });
    clock.now += 1000;
    expect(failTwice()).toEqual([{ key: 'a', seconds: 2 }]);
    clock.now += 2000;
    expect(failTwice()).toEqual([{ key: 'a', seconds: 3 }]);
    expect(throttle.reserve(['a'])).toEqual({ ok: false, retryAfter: 3 });
  });

  it('never refuses on an unchecked key, but still counts the attempt there', () => {
    const throttle = new Throttle({ maxFailures: 2 });
    for (let i = 0; i < 2; i += 1) attempt(throttle.reserve(['x', 'account'])).failed();
    expect(throttle.reserve(['y', 'account']).ok).toBe(false);
    const unchecked = throttle.reserve(['y', 'account'], new Set(['account']));
    expect(unchecked.ok).toBe(true);
    expect(throttle.isClean('y')).toBe(false);
  });

  it('forgets failures older than the window, and earlier holds after a quiet day', () => {
    const { clock, throttle } = clocked({
      maxFailures: 2,
      windowMs: 1000,
      firstDelayMs: 1000,
      forgiveMs: 10_000,
    });
    attempt(throttle.reserve(['a'])).failed();
    clock.now = 1500;
    attempt(throttle.reserve(['a'])).failed();
    expect(throttle.isClean('a')).toBe(false);
    clock.now = 2600;
    expect(throttle.isClean('a')).toBe(true);
    attempt(throttle.reserve(['a'])).failed();
    expect(attempt(throttle.reserve(['a'])).failed()).toEqual([{ key: 'a', seconds: 1 }]);
    clock.now = 20_000;
    attempt(throttle.reserve(['a'])).failed();
    expect(attempt(throttle.reserve(['a'])).failed()).toEqual([{ key: 'a', seconds: 1 }]);
  });

  it('keeps at most maxKeys entries, dropping idle ones first and never one in flight', () => {
    const { clock, throttle } = clocked({ maxFailures: 1, windowMs: 1000, maxKeys: 2 });
    attempt(throttle.reserve(['held'])).failed();
    clock.now = 5000;
    const busy = attempt(throttle.reserve(['busy']));
    attempt(throttle.reserve(['x'])).failed();
    expect(throttle.size).toBe(2);
    expect(throttle.reserve(['x']).ok).toBe(false);
    busy.release();
  });
});

describe('addressKey', () => {
  it('keeps IPv4, unwraps IPv4-mapped IPv6, and groups IPv6 by /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('unknown')).toBe('unknown');
  });
});
