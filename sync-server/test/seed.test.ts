import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { REPORTS_INDEX_DOC_NAME, readReportsIndex } from '@plod/model';
import { createServer } from '../src/server.ts';
import { Projector } from '../src/projections/projector.ts';
import { createLogger } from '../src/logger.ts';
import { openStorage } from '../src/storage.ts';
import { ReportTable } from '../src/projections/report-table.ts';
import { seedYear } from '../src/seed/seed.ts';
import { startServer, tempDir } from './helpers.ts';
import type { TestServer } from './helpers.ts';

interface ListItem {
  id: string;
  status: string;
  date: string;
  rig: string;
  totalDepthDrilled: number;
}
interface RunRow {
  holeId: string;
  runNumber: number;
  fromDepth: number;
  toDepth: number;
}

describe('seeding a year of plods', () => {
  const servers: TestServer[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) await s.close();
  });

  it('writes plods through the model that a server started on the store lists, each hole continued shift to shift', async () => {
    const dataDir = tempDir();
    const storage = openStorage({ dataDir }, createLogger('silent'));
    const result = await seedYear(storage.store, new ReportTable(storage.appDb.sql), {
      plods: 60,
      runsPerPlod: 4,
      until: '2026-11-27',
    });
    await expect(
      seedYear(storage.store, new ReportTable(storage.appDb.sql), { plods: 1 }),
    ).rejects.toThrow(/empty store/);
    await storage.store.close();
    await storage.appDb.close();
    expect(result).toMatchObject({ plods: 60, runs: 240 });

    const server = await startServer({ dataDir });
    servers.push(server);
    const get = async <T>(path: string): Promise<T> => {
      const res = await fetch(`${server.http}${path}`);
      expect(res.status).toBe(200);
      return (await res.json()) as T;
    };
    const res = await fetch(`${server.http}/api/shift-summaries?limit=100`);
    expect(res.headers.get('x-total-count')).toBe('60');
    const items = (await res.json()) as ListItem[];
    expect(items).toHaveLength(60);
    // Ten rigs on two shifts a day, back from the last day: three days.
    expect(new Set(items.map((item) => item.date))).toEqual(
      new Set(['2026-11-27', '2026-11-26', '2026-11-25']),
    );
    expect(new Set(items.map((item) => item.rig)).size).toBe(10);
    expect(items.filter((item) => item.status === 'approved')).toHaveLength(20);
    expect(items.every((item) => item.totalDepthDrilled > 0)).toBe(true);

    // A rig's later shift continued the hole where its earlier one left it.
    const runs = await get<RunRow[]>('/api/run-sheet-entries');
    const byHole = new Map<string, RunRow[]>();
    for (const run of runs) byHole.set(run.holeId, [...(byHole.get(run.holeId) ?? []), run]);
    const chain = [...(byHole.values().next().value ?? [])].sort(
      (a, b) => a.runNumber - b.runNumber,
    );
    expect(chain.length).toBe(24);
    chain.forEach((run, n) => {
      expect(run.runNumber).toBe(n + 1);
      if (n > 0) expect(run.fromDepth).toBeCloseTo(chain[n - 1]?.toDepth ?? -1, 6);
    });
  });

  it('writes the reports index as a start would reconcile it, so the start reads no row to build it', async () => {
    const dataDir = tempDir();
    const storage = openStorage({ dataDir }, createLogger('silent'));
    await seedYear(storage.store, new ReportTable(storage.appDb.sql), {
      plods: 30,
      runsPerPlod: 2,
    });
    await storage.store.close();
    await storage.appDb.close();

    const reconcile = vi.spyOn(Projector.prototype, 'reconcileIndex');
    const server = createServer({ dataDir, logLevel: 'silent', insecureAllowAll: true });
    try {
      const { projector, docs } = server.rest;
      await projector.flush();
      expect(reconcile).not.toHaveBeenCalled();
      const state = () =>
        docs.manager.read(REPORTS_INDEX_DOC_NAME, (doc) => Y.encodeStateVector(doc));
      expect(await docs.manager.read(REPORTS_INDEX_DOC_NAME, readReportsIndex)).toHaveLength(30);
      // Reconciled now, it changes nothing.
      const before = await state();
      await projector.reconcileIndex();
      await projector.index?.idle();
      expect(await state()).toEqual(before);
      expect(reconcile).toHaveBeenCalledOnce();
    } finally {
      reconcile.mockRestore();
      await server.close();
    }
  });

  it('runs as docs/benchmarks.md writes it: `pnpm --filter @plod/sync-server seed -- --plods=N`', async () => {
    const dataDir = tempDir();
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const { stdout } = await promisify(execFile)(
      'pnpm',
      ['--filter', '@plod/sync-server', 'seed', '--', '--plods=3', '--runs=2'],
      { cwd: root, env: { ...process.env, PLOD_DATA_DIR: dataDir } },
    );
    expect(stdout).toMatch(/seeded 3 plods \(6 runs on \d+ holes\)/);
    const server = await startServer({ dataDir });
    servers.push(server);
    const res = await fetch(`${server.http}/api/shift-summaries`);
    expect(res.headers.get('x-total-count')).toBe('3');
  });
});
