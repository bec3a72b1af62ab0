import net from 'node:net';

/**
 * Failed-attempt throttling, in memory (a restart forgets it; one process serves a deployment).
 *
 * An attempt is reserved on every key it concerns before it is checked (`reserve`, synchronous), so
 * attempts sent in parallel count against each other: once `maxFailures` failures plus attempts still
 * being checked are on a key, the next one is refused at once. Reaching `maxFailures` failures within
 * `windowMs` holds the key for a delay that grows with each hold (`firstDelayMs`, doubled each time,
 * at most `maxDelayMs`); a day without failures forgives the earlier holds.
 */
export interface ThrottleOptions {
  maxFailures?: number;
  windowMs?: number;
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** Quiet time after which a key's earlier holds are forgotten. */
  forgiveMs?: number;
  /** Most keys remembered; beyond it the entries with nothing pending are dropped first. */
  maxKeys?: number;
  now?: () => number;
}

interface Entry {
  failures: number[];
  inFlight: number;
  heldUntil: number;
  holds: number;
  lastFailure: number;
}

/** A key that a failure has just held, and for how long. */
export interface Hold {
  key: string;
  seconds: number;
}

/** A reserved attempt: settle it exactly once. */
export interface Attempt {
  /** Settles without a failure: the attempt was right, or was never checked. */
  release(): void;
  /** Counts a failure on every key; returns the holds this failure started. */
  failed(): Hold[];
}

export type Reservation = { ok: true; attempt: Attempt } | { ok: false; retryAfter: number };

export class Throttle {
  private readonly entries = new Map<string, Entry>();
  private readonly maxFailures: number;
  private readonly windowMs: number;
  private readonly firstDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly forgiveMs: number;
  private readonly maxKeys: number;
  private readonly now: () => number;

  constructor(options: ThrottleOptions = {}) {
    this.maxFailures = options.maxFailures ?? 5;
    this.windowMs = options.windowMs ?? 15 * 60_000;
    this.firstDelayMs = options.firstDelayMs ?? 60_000;
    this.maxDelayMs = options.maxDelayMs ?? 60 * 60_000;
    this.forgiveMs = options.forgiveMs ?? 24 * 3_600_000;
    this.maxKeys = options.maxKeys ?? 50_000;
    this.now = options.now ?? Date.now;
  }

  /**
   * Reserves an attempt on each of `keys`, or refuses with the seconds to wait when any key not in
   * `unchecked` is held or already has its fill of failures and attempts in flight. Keys in
   * `unchecked` are counted but never refuse.
   */
  reserve(keys: readonly string[], unchecked: ReadonlySet<string> = new Set()): Reservation {
    const now = this.now();
    let wait = 0;
    for (const key of keys) {
      if (unchecked.has(key)) continue;
      wait = Math.max(wait, this.waitFor(this.entries.get(key), now));
    }
    if (wait > 0) return { ok: false, retryAfter: Math.ceil(wait / 1000) };
    const entries = keys.map((key) => this.entryOf(key));
    for (const entry of entries) entry.inFlight += 1;
    this.prune(now);
    let settled = false;
    const settle = () => {
      if (settled) return false;
      settled = true;
      for (const entry of entries) entry.inFlight = Math.max(0, entry.inFlight - 1);
      return true;
    };
    return {
      ok: true,
      attempt: {
        release: () => void settle(),
        failed: () => (settle() ? this.fail(keys) : []),
      },
    };
  }

  /**
   * True when the key is not held and has at most `allowed` failures in the window, counting its
   * attempts still in flight as failures (a person's one typo, not someone's burst).
   */
  isClean(key: string, allowed = 0): boolean {
    const entry = this.entries.get(key);
    if (!entry) return true;
    const now = this.now();
    const recent = entry.failures.filter((at) => now - at < this.windowMs).length;
    return entry.heldUntil <= now && recent + entry.inFlight <= allowed;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Milliseconds the key must wait before another attempt (0: none). */
  private waitFor(entry: Entry | undefined, now: number): number {
    if (!entry) return 0;
    if (entry.heldUntil > now) return entry.heldUntil - now;
    const recent = entry.failures.filter((at) => now - at < this.windowMs);
    if (recent.length + entry.inFlight < this.maxFailures) return 0;
    // Full only with attempts still being checked: they settle within a second or so.
    return entry.inFlight > 0 && recent.length < this.maxFailures
      ? 1000
      : (recent[0] ?? now) + this.windowMs - now;
  }

  private entryOf(key: string): Entry {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { failures: [], inFlight: 0, heldUntil: 0, holds: 0, lastFailure: 0 };
      this.entries.set(key, entry);
    }
    return entry;
  }

  private fail(keys: readonly string[]): Hold[] {
    const now = this.now();
    const holds: Hold[] = [];
    for (const key of keys) {
      const entry = this.entryOf(key);
      if (now - entry.lastFailure > this.forgiveMs) entry.holds = 0;
      entry.lastFailure = now;
      entry.failures = entry.failures.filter((at) => now - at < this.windowMs);
      entry.failures.push(now);
      if (entry.failures.length >= this.maxFailures) {
        entry.holds += 1;
        const delay = Math.min(this.firstDelayMs * 2 ** (entry.holds - 1), this.maxDelayMs);
        entry.heldUntil = now + delay;
        entry.failures = [];
        holds.push({ key, seconds: Math.ceil(delay / 1000) });
      }
      // Most recently failing last: pruning drops the oldest first.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    this.prune(now);
    return holds;
  }

  private prune(now: number): void {
    if (this.entries.size <= this.maxKeys) return;
    for (const [key, entry] of this.entries) {
      const idle =
        entry.inFlight === 0 &&
        entry.heldUntil <= now &&
        entry.failures.every((at) => now - at >= this.windowMs);
      if (idle) this.entries.delete(key);
    }
    // Still over (an attack spread over very many keys): drop the oldest, which Map order keeps first.
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.maxKeys) break;
      if (entry.inFlight === 0) this.entries.delete(key);
    }
  }
}

/**
 * The key part for a client address: IPv4 as it is (an IPv4-mapped IPv6 address as its IPv4), IPv6
 * by its /64 prefix, the block one subscriber is usually given (so a new address per attempt buys
 * nothing).
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!net.isIPv6(address)) return address;
  return expandIPv6(address).slice(0, 4).join(':') + '::/64';
}

function expandIPv6(address: string): string[] {
  const [head = '', tail] = address.split('%')[0]?.split('::') ?? [''];
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = Math.max(0, 8 - left.length - right.length);
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((part) =>
    (part === '' ? '0' : part).toLowerCase().replace(/^0+(?=.)/, ''),
  );
}
