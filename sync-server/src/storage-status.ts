import Database from 'better-sqlite3';

/** Why the store cannot write, and since when. */
export interface Degraded {
  reason: string;
  since: string;
}

/** How often a degraded store is probed again when someone asks (at most). */
const PROBE_EVERY_MS = 1_000;

/**
 * Whether the store can write. A failed commit (a full disk, a read-only file system, an I/O
 * error) marks it degraded; the next successful commit clears it, and so does a probe (a small
 * write on the database) when someone asks after a while, so that a failure seen only by a
 * sign-in does not stay forever. REST writes, sign-ins and joins answer 503 while it is degraded,
 * and /api/health says why.
 */
export class StorageStatus {
  private degraded: Degraded | null = null;
  private probedAt = 0;
  private readonly listeners = new Set<() => void>();

  constructor(
    /** A small write on the store's database; throws when it cannot write. */
    private readonly probe: () => void = () => undefined,
    /** Called when a probe finds the store writable again (e.g. to retry waiting commits now). */
    private readonly onProbeRecovered: () => void = () => undefined,
    private readonly now: () => number = Date.now,
  ) {}

  failed(error: unknown): void {
    const reason = `storage: ${errorText(error)}`;
    if (this.degraded?.reason === reason) return;
    this.degraded = { reason, since: new Date(this.now()).toISOString() };
    this.probedAt = this.now();
    this.notify();
  }

  recovered(): void {
    if (!this.degraded) return;
    this.degraded = null;
    this.notify();
  }

  /** The current problem, if any; a degraded store is probed again at most once a second. */
  current(): Degraded | null {
    if (this.degraded && this.now() - this.probedAt >= PROBE_EVERY_MS) {
      this.probedAt = this.now();
      try {
        this.probe();
        this.recovered();
        this.onProbeRecovered();
      } catch (error) {
        if (isStorageError(error)) this.failed(error);
      }
    }
    return this.degraded;
  }

  /** Called on every change between ok and degraded; returns an unsubscribe. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}

const STORAGE_CODES = /^SQLITE_(FULL|IOERR|READONLY|CANTOPEN|BUSY|LOCKED|NOMEM)/;

/**
 * True for an error of the store itself (SQLite's full disk, I/O error, read-only file, lock
 * timeout), which a retry later may get past: answered 503, never 500.
 */
export function isStorageError(error: unknown): boolean {
  if (error instanceof Database.SqliteError) return STORAGE_CODES.test(error.code);
  return (
    error instanceof Error && /disk is full|disk I\/O error|readonly database/i.test(error.message)
  );
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/^sqlite writer: /, '');
}

/** A write that needs the disk, undone at once (the probe of a SQLite store's database). */
export function sqliteProbe(db: Database.Database): () => void {
  return () => {
    db.exec(`CREATE TABLE IF NOT EXISTS plod_write_probe (at INTEGER NOT NULL)`);
    db.transaction(() => {
      db.prepare('INSERT INTO plod_write_probe (at) VALUES (?)').run(Date.now());
      db.prepare('DELETE FROM plod_write_probe').run();
    })();
  };
}

export const STORAGE_UNAVAILABLE =
  'The server cannot save right now (its storage is failing). Try again shortly.';
