import type { AppSql } from '../app-db/app-sql.ts';
import { readSites } from '@plod/model';
import type { Logger } from '../logger.ts';
import type { DocumentService } from './documents.ts';
import type { CleanupService } from './cleanup.ts';

const DAY_MS = 86_400_000;

/** The timer the scheduler uses; tests pass one they fire by hand. */
export interface CleanupTimer {
  set(run: () => void, delayMs: number): unknown;
  clear(handle: unknown): void;
}

/** A real timer that never keeps the process alive by itself. */
export const NODE_TIMER: CleanupTimer = {
  set: (run, delayMs) => setTimeout(run, delayMs).unref(),
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface AutoCleanupOptions {
  /** Where the last result is kept across restarts (the app database); else only in memory. */
  db?: AppSql;
  /** The clock the cleanup ages are measured against. */
  now?: () => number;
  timer?: CleanupTimer;
  /** First run this long after start (default 1 minute, so start-up work comes first). */
  firstRunDelayMs?: number;
  /** Between runs (default one day). */
  intervalMs?: number;
}

/** What the last automatic cleanup did (Site Configuration shows it). */
export interface LastCleanup {
  /** When the run started (ISO 8601). */
  at: string;
  /** Reports removed over every site with auto cleanup enabled. */
  cleanedCount: number;
  /** Per site that was cleaned (sites with auto cleanup disabled are not listed). */
  sites: { siteId: string; cleanedCount: number }[];
  /** Null when every site was cleaned; else what failed (retried on the next run). */
  error: string | null;
}

/**
 * Runs the retention cleanup once a day for every site whose auto cleanup is enabled (SPEC: enabled
 * unless explicitly false; each site by its own cleanup days). A failure is logged and the next day's
 * run tries again; it never reaches the process.
 */
export class AutoCleanup {
  private readonly now: () => number;
  private readonly timer: CleanupTimer;
  private readonly firstRunDelayMs: number;
  private readonly intervalMs: number;
  private handle: unknown = null;
  private nextAt: number | null = null;
  private running: Promise<LastCleanup> | null = null;
  private lastResult: LastCleanup | null = null;
  private readonly db: AppSql | null;
  /** The kept result, read at start. */
  private readonly loaded: Promise<void>;
  private saving: Promise<void> = Promise.resolve();

  constructor(
    private readonly cleanup: Pick<CleanupService, 'cleanup'>,
    private readonly docs: DocumentService,
    private readonly logger: Logger,
    options: AutoCleanupOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.timer = options.timer ?? NODE_TIMER;
    this.firstRunDelayMs = options.firstRunDelayMs ?? 60_000;
    this.intervalMs = options.intervalMs ?? DAY_MS;
    this.db = options.db ?? null;
    this.loaded = this.load();
  }

  private async load(): Promise<void> {
    if (!this.db) return;
    try {
      await this.db.define(
        'CREATE TABLE IF NOT EXISTS auto_cleanup_last (id INTEGER PRIMARY KEY CHECK (id = 1), result TEXT NOT NULL)',
      );
      const [row] = await this.db.all<{ result: string }>(
        'SELECT result FROM auto_cleanup_last WHERE id = 1',
      );
      // A run that finished meanwhile is newer than what was kept.
      if (row && this.lastResult === null) this.lastResult = JSON.parse(row.result) as LastCleanup;
    } catch (error) {
      this.logger.error('auto cleanup result not read', { error });
    }
  }

  /** The last run's result, or null before the first run (this process's, until the kept one is read). */
  get last(): LastCleanup | null {
    return this.lastResult;
  }

  /** The last run's result, once the one kept across restarts has been read. */
  async lastRun(): Promise<LastCleanup | null> {
    await this.loaded;
    return this.lastResult;
  }

  /** When the next run is due (ISO 8601), or null when stopped. */
  get nextRunAt(): string | null {
    return this.nextAt === null ? null : new Date(this.nextAt).toISOString();
  }

  /** Schedules the first run; calling it again while started does nothing. */
  start(): void {
    if (this.handle !== null) return;
    this.schedule(this.firstRunDelayMs);
  }

  /** Cancels the next run and waits for one in progress (so the store can close after it). */
  async stop(): Promise<void> {
    if (this.handle !== null) this.timer.clear(this.handle);
    this.handle = null;
    this.nextAt = null;
    await this.running?.catch(() => {});
    await this.saving;
  }

  /** Runs the cleanup now (a run already in progress is joined, not repeated). */
  run(): Promise<LastCleanup> {
    this.running ??= this.cleanEnabledSites().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private save(result: LastCleanup): void {
    const db = this.db;
    if (!db) return;
    this.saving = this.saving
      .then(() => this.loaded)
      .then(() =>
        db.run(
          `INSERT INTO auto_cleanup_last (id, result) VALUES (1, ?)
           ON CONFLICT (id) DO UPDATE SET result = excluded.result`,
          [JSON.stringify(result)],
        ),
      )
      .catch((error: unknown) => this.logger.error('auto cleanup result not saved', { error }));
  }

  private schedule(delayMs: number): void {
    this.nextAt = this.now() + delayMs;
    this.handle = this.timer.set(() => {
      this.schedule(this.intervalMs);
      void this.run();
    }, delayMs);
  }

  private async cleanEnabledSites(): Promise<LastCleanup> {
    const started = this.now();
    const result: LastCleanup = {
      at: new Date(started).toISOString(),
      cleanedCount: 0,
      sites: [],
      error: null,
    };
    const failures: string[] = [];
    try {
      const sites = await this.docs.readSetup(readSites);
      for (const site of sites.filter((s) => s.enableAutoCleanup)) {
        try {
          const { cleanedCount } = await this.cleanup.cleanup(site.id, started);
          result.sites.push({ siteId: site.id, cleanedCount });
          result.cleanedCount += cleanedCount;
        } catch (error) {
          failures.push(`${site.id}: ${messageOf(error)}`);
          this.logger.error('auto cleanup of a site failed', { site: site.id, error });
        }
      }
    } catch (error) {
      failures.push(messageOf(error));
      this.logger.error('auto cleanup failed', { error });
    }
    result.error = failures.length > 0 ? failures.join('; ') : null;
    this.lastResult = result;
    this.save(result);
    this.logger.info(`auto cleanup removed ${result.cleanedCount} deleted reports`, {
      cleanedCount: result.cleanedCount,
      sites: result.sites.length,
      failed: failures.length,
      next: this.nextRunAt,
    });
    return result;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
