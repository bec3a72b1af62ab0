import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../src/logger.ts';
import { AutoCleanup } from '../src/services/auto-cleanup.ts';
import type { CleanupTimer } from '../src/services/auto-cleanup.ts';
import { startServer, tempDir } from './helpers.ts';
import type { TestServer } from './helpers.ts';

const DAY_MS = 86_400_000;

/** A timer fired by hand: the test decides when "a day" has passed. */
function manualTimer() {
  const scheduled: { run: () => void; delayMs: number; cleared: boolean }[] = [];
  const timer: CleanupTimer = {
    set(run, delayMs) {
      const entry = { run, delayMs, cleared: false };
      scheduled.push(entry);
      return entry;
    },
    clear(handle) {
      const entry = scheduled.find((e) => e === handle);
      if (entry) entry.cleared = true;
    },
  };
  const pending = () => scheduled.filter((e) => !e.cleared);
  return {
    timer,
    pending,
    /** Fires the one pending timer, as the clock reaching it would. */
    fire() {
      const [next, ...more] = pending();
      if (!next || more.length > 0)
        throw new Error(`expected one pending timer, not ${pending().length}`);
      next.cleared = true;
      next.run();
      return next.delayMs;
    },
  };
}

function captureLogger() {
  const lines: { level: string; msg: string; cleanedCount?: number }[] = [];
  const logger = createLogger('info', (line) => lines.push(JSON.parse(line) as (typeof lines)[0]));
  return { logger, lines };
}

describe('daily auto cleanup', () => {
  let server: TestServer | null = null;
  afterEach(async () => {
    vi.useRealTimers();
    await server?.close();
    server = null;
  });

  const call = async (method: string, path: string, body?: unknown) => {
    if (!server) throw new Error('no server');
    const res = await fetch(`${server.http}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as Record<string, unknown>;
  };
  const site = async (name: string, settings: Record<string, unknown>) => {
    const { id } = (await call('POST', '/api/sites', { siteName: name })) as { id: string };
    await call('PUT', `/api/sites/${id}`, settings);
    return id;
  };
  const report = async (siteId: string) =>
    (await call('POST', '/api/shift-summaries', { siteId, date: '2025-01-01' })).id as string;
  /** Soft-deletes a report as if it happened `daysAgo` days ago. */
  const deleteReport = async (id: string, daysAgo: number) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - daysAgo * DAY_MS);
    await call('DELETE', `/api/shift-summaries/${id}`);
    vi.useRealTimers();
  };
  const stored = async () => server?.server.store.listDocuments() ?? [];

  it('cleans every enabled site by its own days on the scheduled run, skips disabled sites, then waits a day', async () => {
    const dataDir = tempDir();
    server = await startServer({ dataDir });
    const enabled = await site('North Pit', { autoCleanupDays: 10 });
    const defaulted = await site('East Pit', {});
    const disabled = await site('South Pit', { autoCleanupDays: 10, enableAutoCleanup: false });
    const oldEnabled = await report(enabled);
    const recentEnabled = await report(enabled);
    const activeEnabled = await report(enabled);
    const elevenDaysDefault = await report(defaulted);
    const oldDefault = await report(defaulted);
    const oldDisabled = await report(disabled);
    await deleteReport(oldEnabled, 11);
    await deleteReport(recentEnabled, 2);
    await deleteReport(elevenDaysDefault, 11);
    await deleteReport(oldDefault, 31);
    await deleteReport(oldDisabled, 40);

    const { timer, pending, fire } = manualTimer();
    const { logger, lines } = captureLogger();
    const { cleanup, docs } = server.server.rest;
    const scheduler = new AutoCleanup(cleanup, docs, logger, {
      timer,
      firstRunDelayMs: 5_000,
    });
    scheduler.start();
    scheduler.start();
    expect(pending().map((e) => e.delayMs)).toEqual([5_000]);
    expect(scheduler.last).toBeNull();
    expect((await stored()).length).toBeGreaterThanOrEqual(6);

    expect(fire()).toBe(5_000);
    const result = await scheduler.run();
    expect(pending().map((e) => e.delayMs)).toEqual([DAY_MS]);

    const left = await stored();
    expect(left).not.toContain(`report:${oldEnabled}`);
    expect(left).not.toContain(`report:${oldDefault}`);
    for (const kept of [recentEnabled, activeEnabled, elevenDaysDefault, oldDisabled]) {
      expect(left).toContain(`report:${kept}`);
    }
    expect(result).toMatchObject({ cleanedCount: 2, error: null });
    // The removed reports were still in memory (just deleted over REST): past the unload grace,
    // nothing writes them back to the store.
    await new Promise((resolve) => setTimeout(resolve, 600));
    const later = await stored();
    expect(later).not.toContain(`report:${oldEnabled}`);
    expect(later).not.toContain(`report:${oldDefault}`);
    expect(result.sites).toEqual(
      expect.arrayContaining([
        { siteId: enabled, cleanedCount: 1 },
        { siteId: defaulted, cleanedCount: 1 },
      ]),
    );
    expect(result.sites.map((s) => s.siteId)).not.toContain(disabled);
    expect(scheduler.last).toEqual(result);
    const logged = lines.filter((line) => line.msg.startsWith('auto cleanup removed'));
    expect(logged).toEqual([
      expect.objectContaining({ level: 'info', msg: 'auto cleanup removed 2 deleted reports' }),
    ]);

    await scheduler.stop();
    expect(pending()).toEqual([]);
    expect(scheduler.nextRunAt).toBeNull();
  });

  it('logs a failed run, records it and tries again the next day', async () => {
    server = await startServer();
    const enabled = await site('North Pit', { autoCleanupDays: 10 });
    const old = await report(enabled);
    await deleteReport(old, 11);
    const { timer, pending, fire } = manualTimer();
    const { logger, lines } = captureLogger();
    const real = server.server.rest.cleanup;
    let failures = 1;
    const flaky = {
      cleanup: (siteId?: string, now?: number) => {
        if (failures > 0) {
          failures -= 1;
          return Promise.reject(new Error('database is locked'));
        }
        return real.cleanup(siteId, now);
      },
    };
    const scheduler = new AutoCleanup(flaky, server.server.rest.docs, logger, { timer });
    scheduler.start();

    fire();
    const failed = await scheduler.run();
    expect(failed.cleanedCount).toBe(0);
    expect(failed.error).toContain('database is locked');
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 'error', msg: 'auto cleanup of a site failed' }),
    );
    expect(await stored()).toContain(`report:${old}`);
    expect(pending().map((e) => e.delayMs)).toEqual([DAY_MS]);

    expect(fire()).toBe(DAY_MS);
    const retried = await scheduler.run();
    expect(retried).toMatchObject({ cleanedCount: 1, error: null });
    expect(await stored()).not.toContain(`report:${old}`);
    await scheduler.stop();
  });

  it('runs in the server once started, shows the last result over REST and keeps it across a restart', async () => {
    const dataDir = tempDir();
    server = await startServer({ dataDir });
    const auto = server.server.rest.autoCleanup;
    expect(auto.nextRunAt).not.toBeNull();
    expect(await call('GET', '/api/cleanup-deleted-reports/last')).toEqual({
      last: null,
      nextRunAt: auto.nextRunAt,
    });
    const enabled = await site('North Pit', { autoCleanupDays: 10 });
    const old = await report(enabled);
    await deleteReport(old, 11);
    const result = await auto.run();
    expect(result.cleanedCount).toBe(1);
    expect((await call('GET', '/api/cleanup-deleted-reports/last')).last).toEqual(result);

    const port = server.port;
    await server.close();
    expect(auto.nextRunAt).toBeNull();
    server = await startServer({ dataDir, port });
    expect((await call('GET', '/api/cleanup-deleted-reports/last')).last).toEqual(result);
  });
});
