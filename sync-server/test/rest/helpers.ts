import { expect } from 'vitest';
import { createServer } from '../../src/server.ts';
import type { PlodServer, ServerOptions } from '../../src/server.ts';
import { MemoryStore } from '../../src/store/memory-store.ts';
import { seedDemo } from '../../src/services/demo.ts';
import { tempDir } from '../helpers.ts';

export interface Api {
  server: PlodServer;
  call(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: unknown; res: Response }>;
  siteId: string;
  rigId: string;
  /** Creates a report on the demo site and returns its id. */
  report(fields?: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

/**
 * A server with the demo setup, driven through app.request(): in memory, or with `options`'
 * PostgreSQL (`databaseUrl`: documents and app tables there, a folder of its own for the rest).
 */
export async function demoApi(options: ServerOptions = {}): Promise<Api> {
  // Under the development flag: these tests are about the API, not about who may call it.
  const server = createServer({
    ...(options.databaseUrl ? { dataDir: tempDir() } : { store: new MemoryStore() }),
    ...options,
    logLevel: 'silent',
    unloadGraceMs: 50,
    insecureAllowAll: true,
  });
  await seedDemo(server.rest.docs, server.store);
  const call: Api['call'] = async (method, path, body) => {
    const res = await server.app.request(path, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.clone().text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // CSV and HTML stay text.
    }
    return { status: res.status, body: parsed, res };
  };
  const sites = (await call('GET', '/api/sites')).body as { id: string }[];
  const rigs = (await call('GET', '/api/rigs')).body as { id: string }[];
  const siteId = sites[0]?.id ?? '';
  const rigId = rigs[0]?.id ?? '';
  return {
    server,
    call,
    siteId,
    rigId,
    async report(fields = {}) {
      const created = await call('POST', '/api/shift-summaries', {
        siteId,
        rigId,
        date: '2025-03-01',
        shiftType: 'day',
        startTime: '06:00',
        endTime: '18:00',
        ...fields,
      });
      return (created.body as { id: string }).id;
    },
    close: () => server.close(),
  };
}

export const UNKNOWN = '01a20000-0000-7000-8000-000000000000';

/** Adds `count` runs with a rod to a hole of a plod over REST; the depth the last one reached. */
export async function addRodRuns(
  api: Api,
  report: string,
  holeId: string,
  count: number,
): Promise<number> {
  let toDepth = 0;
  for (let i = 0; i < count; i++) {
    const res = await api.call('POST', `/api/run-sheet-entries?shiftSummaryId=${report}`, {
      holeId,
      rodAdded: true,
      stickUp: 0,
    });
    expect(res.status).toBe(201);
    toDepth = (res.body as { toDepth: number }).toDepth;
  }
  return toDepth;
}

/**
 * A hole with no constant stick-up on a plod, and one run on it for each of `stickUps` (4 m barrel
 * less that stick-up), added over REST in that order.
 */
export async function runsWithStickUps(
  api: Api,
  report: string,
  holeId: string,
  stickUps: readonly number[],
): Promise<void> {
  await api.call('POST', '/api/hole-config', { holeId, constantStickUp: 0 });
  for (const stickUp of stickUps) {
    await api.call('POST', `/api/run-sheet-entries?shiftSummaryId=${report}`, { holeId, stickUp });
  }
}
