/**
 * Connections the server closed for good with a reason (close codes 4400-4499 other than 4401, a
 * revoked device): the phone's changes to that document are not being taken, and the person must be
 * told, not left with a count of unsent changes that never moves. Their edits stay on the phone.
 */

/** A document whose connection the server refused, and what it said. */
export interface Refusal {
  readonly name: string;
  readonly code: number;
  readonly reason: string;
}

/** Close codes sent by the relay (sync-server/src/close-codes.ts) that the app words itself. */
export const REFUSAL_CODES = {
  Unauthorized: 4401,
  TooManyLateEdits: 4429,
  QuotaExceeded: 4430,
} as const;

/**
 * Refusals that pass with time (a supervisor merges the waiting edits; the hour's or day's cap
 * resets): the document connects again after this long, and again after each refusal.
 */
export const REFUSAL_RETRY_MS = 5 * 60_000;
const RETRIED: ReadonlySet<number> = new Set([
  REFUSAL_CODES.TooManyLateEdits,
  REFUSAL_CODES.QuotaExceeded,
]);

/** Whether a refusal with this code is tried again by itself. */
export const retriesItself = (code: number): boolean => RETRIED.has(code);

export class SyncRefusals {
  private readonly refusals = new Map<string, Refusal>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly listeners = new Set<() => void>();
  private snapshot: readonly Refusal[] = [];

  /** `retry` connects the document again (after REFUSAL_RETRY_MS, for refusals that pass). */
  constructor(
    private readonly retry: (name: string) => void,
    private readonly retryMs = REFUSAL_RETRY_MS,
  ) {}

  refused(name: string, code: number, reason: string): void {
    if (code === REFUSAL_CODES.Unauthorized) return;
    this.refusals.set(name, { name, code, reason });
    this.clearTimer(name);
    if (retriesItself(code)) {
      this.timers.set(
        name,
        setTimeout(() => {
          this.timers.delete(name);
          this.retry(name);
        }, this.retryMs),
      );
    }
    this.changed();
  }

  /** The document synced with the server: it is taken again. */
  synced(name: string): void {
    if (!this.refusals.delete(name)) return;
    this.clearTimer(name);
    this.changed();
  }

  /** The refusals now, oldest first; the same array until one changes. */
  list = (): readonly Refusal[] => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  destroy(): void {
    this.timers.forEach((timer) => clearTimeout(timer));
    this.timers.clear();
    this.listeners.clear();
  }

  private clearTimer(name: string): void {
    const timer = this.timers.get(name);
    if (timer !== undefined) clearTimeout(timer);
    this.timers.delete(name);
  }

  private changed(): void {
    this.snapshot = [...this.refusals.values()];
    this.listeners.forEach((listener) => listener());
  }
}
