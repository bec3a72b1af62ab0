import { createServer } from '../src/server.ts';
import { percentile, round } from './processes.ts';
import { seededYear } from './seeded.ts';

/**
 * `bench kpis`: seeds a year of plods into a data folder, opens a server on it in this process and
 * times GET /api/kpis (the whole year, one site, one rig, the last 30 days) and GET
 * /api/shift-gaps (30 days, a roster of every rig on both shifts every day). Prints p50 and p99.
 */
export async function kpiBench(options: {
  plods: number;
  requests: number;
  /** A folder this bench seeded before (its seeding is not repeated), else a new one. */
  dataDir?: string;
}): Promise<void> {
  const until = '2026-11-27';
  const { dataDir, seeding } = await seededYear({ ...options, until });
  const server = createServer({ dataDir, logLevel: 'silent', insecureAllowAll: true });
  try {
    const get = async (path: string, body?: unknown) => {
      const res = await server.app.request(path, {
        method: body === undefined ? 'GET' : 'PUT',
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<unknown>;
    };
    const sites = (await get('/api/sites')) as { id: string }[];
    const rigs = (await get('/api/rigs')) as { id: string; siteId: string }[];
    const cells = rigs.flatMap((rig) =>
      [1, 2, 3, 4, 5, 6, 7].flatMap((weekday) =>
        (['day', 'night'] as const).map((shiftType) => ({
          siteId: rig.siteId,
          rigId: rig.id,
          weekday,
          shiftType,
          expected: true,
        })),
      ),
    );
    await get('/api/rosters', { cells });
    const queries: [string, string][] = [
      ['kpis, the year', '/api/kpis?from=2025-11-28&to=2026-11-27'],
      ['kpis, one site', `/api/kpis?siteId=${sites[0]?.id ?? ''}`],
      ['kpis, one rig', `/api/kpis?rigId=${rigs[0]?.id ?? ''}`],
      ['kpis, 30 days', '/api/kpis?from=2026-10-29&to=2026-11-27'],
      ['shift-gaps, 30 days', '/api/shift-gaps?from=2026-10-29&to=2026-11-27'],
    ];
    // The first answers wait for the server's start (projection catch-up, the reports index it
    // builds of every plod, on this same event loop): settle, then one untimed pass of each.
    const totals = (await get(queries[0]?.[1] ?? '')) as { totals: { shifts: number } };
    await server.rest.projector.flush();
    await new Promise((resolve) => setTimeout(resolve, 15_000));
    for (const [, path] of queries) await get(path);
    console.log(
      `kpis over the plods of ${dataDir} (${seeding}; ${totals.totals.shifts} in the year's range):`,
    );
    console.log('| request | p50 ms | p99 ms |\n|---|---|---|');
    for (const [label, path] of queries) {
      const times = new Float64Array(options.requests);
      for (let i = 0; i < options.requests; i += 1) {
        const started = performance.now();
        await get(path);
        times[i] = performance.now() - started;
      }
      times.sort();
      console.log(
        `| ${label} | ${round(percentile(times, 50), 1)} | ${round(percentile(times, 99), 1)} |`,
      );
    }
  } finally {
    await server.close();
  }
}
