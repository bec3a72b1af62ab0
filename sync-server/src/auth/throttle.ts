/**
 * Failed-attempt throttling, in memory (a restart forgets it; one process serves a deployment).
 * `maxFailures` failures of one key within `windowMs` lock that key for `windowMs`; each further
 * lockout doubles, up to `maxLockMs`. Keys are usernames (lower case) and client addresses.
 */
export interface ThrottleOptions {
  maxFailures?: number;
  windowMs?: number;
  maxLockMs?: number;
  /** Most keys remembered; beyond it the entries with nothing pending are dropped first. */
  maxKeys?: number;
  now?: () => number;
}

interface Entry {
  failures: number[];
  lockedUntil: number;
  lockouts: number;
  lastFailure: number;
}

export class Throttle {
  private readonly entries = new Map<string, Entry>();
  private readonly maxFailures: number;
  private readonly windowMs: number;
  private readonly maxLockMs: number;
  private readonly maxKeys: number;
  private readonly now: () => number;

  constructor(options: ThrottleOptions = {}) {
    this.maxFailures = options.maxFailures ?? 5;
    this.windowMs = options.windowMs ?? 15 * 60_000;
    this.maxLockMs = options.maxLockMs ?? 24 * 3_600_000;
    this.maxKeys = options.maxKeys ?? 50_000;
    this.now = options.now ?? Date.now;
  }

  /** Seconds to wait when any of `keys` is locked, else 0. */
  retryAfter(keys: readonly string[]): number {
    const now = this.now();
    let until = 0;
    for (const key of keys) until = Math.max(until, this.entries.get(key)?.lockedUntil ?? 0);
    return until > now ? Math.ceil((until - now) / 1000) : 0;
  }

  /** Counts a failure against each key; locks a key that reached the limit within the window. */
  fail(keys: readonly string[]): void {
    const now = this.now();
    for (const key of keys) {
      const entry = this.entries.get(key) ?? {
        failures: [],
        lockedUntil: 0,
        lockouts: 0,
        lastFailure: 0,
      };
      // A long quiet spell (a day without failures) forgives earlier lockouts.
      if (now - entry.lastFailure > this.maxLockMs) entry.lockouts = 0;
      entry.lastFailure = now;
      entry.failures = entry.failures.filter((at) => now - at < this.windowMs);
      entry.failures.push(now);
      if (entry.failures.length >= this.maxFailures) {
        entry.lockouts += 1;
        entry.lockedUntil =
          now + Math.min(this.windowMs * 2 ** (entry.lockouts - 1), this.maxLockMs);
        entry.failures = [];
      }
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    this.prune(now);
  }

  /** Forgets a key (a successful sign-in resets its username). */
  reset(key: string): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  private prune(now: number): void {
    if (this.entries.size <= this.maxKeys) return;
    for (const [key, entry] of this.entries) {
      const idle =
        entry.lockedUntil <= now && entry.failures.every((at) => now - at >= this.windowMs);
      if (idle) this.entries.delete(key);
    }
    // Still over (an attack spread over very many keys): drop the oldest, which Map order keeps first.
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.maxKeys) break;
      this.entries.delete(key);
    }
  }
}
