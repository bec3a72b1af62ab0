import { chargesOfPlod } from '@plod/model';
import type { ContractRates, ContractVersion } from '@plod/model';
import { createLogger } from '../src/logger.ts';
import { createServer } from '../src/server.ts';
import { reportIdOf } from '../src/services/documents.ts';
import type { PlodServer } from '../src/server.ts';
import { percentile, round, tempDir } from './processes.ts';

/** The contract the money benches price with: NQ and HQ in depth bands, hours, standby, fixed lines. */
export const BENCH_RATES: ContractRates = {
  metreRates: [
    ...[0, 100, 200, 300, 400, 500].map((from, i) => ({
      holeSize: 'NQ',
      fromDepth: from,
      toDepth: from === 500 ? 2_000 : from + 100,
      rateCents: 9_000 + i * 1_500,
    })),
    { holeSize: 'HQ', fromDepth: 0, toDepth: 50, rateCents: 14_000 },
    { holeSize: 'HQ', fromDepth: 50, toDepth: 100, rateCents: 15_500 },
    { holeSize: 'HQ', fromDepth: 100, toDepth: 2_000, rateCents: 17_000 },
  ],
  hourlyRates: [
    { activity: 'setup', rateCents: 18_000 },
    { activity: 'maintenance', rateCents: 12_000 },
    { activity: 'travel', rateCents: 9_500 },
  ],
  standbyRates: [],
  standbyDefaultRateCents: 16_000,
  fixedLines: [
    { description: 'Setup per hole', basis: 'per-hole-collared', amountCents: 150_000 },
    { description: 'Mobilisation', basis: 'per-mob-demob', amountCents: 450_000 },
    { description: 'Site allowance', basis: 'per-plod', amountCents: 20_000 },
  ],
  chargeHireTools: true,
  chargeConsumables: true,
};

/** A REST call on an in-process server: its JSON answer, or an error naming what was refused. */
export function restOf(server: PlodServer) {
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await server.app.request(path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
}

/** A contract on each site with one version of `BENCH_RATES` from `effectiveFrom`. */
export async function contractsForSites(
  server: PlodServer,
  effectiveFrom: string,
): Promise<number> {
  const rest = restOf(server);
  const sites = await rest<{ id: string }[]>('GET', '/api/sites');
  const existing = await rest<{ siteId: string }[]>('GET', '/api/contracts');
  let made = 0;
  for (const [i, site] of sites.entries()) {
    if (existing.some((c) => c.siteId === site.id)) continue;
    const contract = await rest<{ id: string }>('POST', '/api/contracts', {
      siteId: site.id,
      clientName: `Bench client ${i + 1}`,
      contractNumber: `BENCH-${i + 1}`,
    });
    await rest('POST', `/api/contracts/${contract.id}/versions`, {
      effectiveFrom,
      rates: BENCH_RATES,
    });
    made += 1;
  }
  return made;
}

const sorted = (times: number[]) => Float64Array.from(times).sort();
const figure = (times: Float64Array) =>
  `p50 ${round(percentile(times, 50), 3)} ms, p99 ${round(percentile(times, 99), 3)} ms`;

/**
 * `bench charges`: one plod of `runs` runs (150 NQ on one hole, the rest HQ on another, across six
 * and three depth bands), a timesheet, chargeable and other downtime, hire tools and consumables,
 * made over REST on an in-process server with a contract for its site; then prints p50/p99 of
 * `chargesOfPlod` over its bundle, and of GET /api/shift-summaries/{id}/charges end to end.
 */
export async function chargesBench(options: { runs: number; iterations: number }): Promise<void> {
  const dataDir = tempDir();
  const server = createServer({ dataDir, logger: createLogger('silent'), insecureAllowAll: true });
  const rest = restOf(server);
  try {
    const site = await rest<{ id: string }>('POST', '/api/sites', { siteName: 'Bench pit' });
    const rig = await rest<{ id: string }>('POST', '/api/rigs', {
      siteId: site.id,
      rigName: 'Bench rig',
    });
    await contractsForSites(server, '2026-01-01');
    const { id } = await rest<{ id: string }>('POST', '/api/shift-summaries', {
      siteId: site.id,
      rigId: rig.id,
      date: '2026-11-27',
      shiftType: 'day',
      startTime: '06:00',
      endTime: '18:00',
    });
    const q = `?shiftSummaryId=${id}`;
    const nq = Math.ceil(options.runs * 0.75);
    const holes = [
      { holeId: 'BENCH-NQ', barrelType: 'NQ', runs: nq },
      { holeId: 'BENCH-HQ', barrelType: 'HQ', runs: options.runs - nq },
    ];
    const started = performance.now();
    for (const hole of holes) {
      await rest('POST', '/api/hole-config', {
        holeId: hole.holeId,
        barrelType: hole.barrelType,
        targetDepth: 2_000,
        constantStickUp: 0,
      });
      for (let r = 0; r < hole.runs; r += 1) {
        await rest('POST', `/api/run-sheet-entries${q}`, {
          holeId: hole.holeId,
          rodAdded: true,
          stickUp: (r % 4) * 0.25,
        });
      }
    }
    for (const [startTime, endTime, activity] of [
      ['06:00', '07:00', 'setup'],
      ['07:00', '12:00', 'drilling'],
      ['12:00', '12:30', 'break'],
      ['12:30', '15:00', 'drilling'],
      ['16:00', '17:00', 'maintenance'],
      ['17:00', '18:00', 'travel'],
    ]) {
      await rest('POST', `/api/timesheet-entries${q}`, { startTime, endTime, activity });
    }
    const codes = await rest<{ id: string; name: string }[]>(
      'GET',
      `/api/downtime-codes?siteId=${site.id}`,
    );
    for (const [n, [startTime, endTime]] of [
      ['15:00', '15:30'],
      ['15:30', '16:00'],
    ].entries()) {
      const code = codes[n];
      if (code)
        await rest('POST', `/api/downtime-entries${q}`, { codeId: code.id, startTime, endTime });
    }
    for (const [toolName, quantity, hours, ratePerHour] of [
      ['Core barrel (spare)', 1, 12, 12.5],
      ['Mud pump', 2, 6, 40],
      ['Lighting tower', 1, 4, 22.75],
    ] as const) {
      await rest('POST', `/api/hire-tools-usage${q}`, { toolName, quantity, hours, ratePerHour });
    }
    for (const [name, unit, price, quantity] of [
      ['Drilling mud', 'bag', 24.5, 6],
      ['Rod grease', 'tub', 38, 1],
      ['Core trays', 'each', 11.2, 40],
    ] as const) {
      const item = await rest<{ id: string }>('POST', '/api/consumables', {
        siteId: site.id,
        name,
        unit,
        price,
      });
      await rest('POST', `/api/consumable-entries${q}`, { consumableId: item.id, quantity });
    }
    const madeS = round((performance.now() - started) / 1000, 1);

    const { bundle, charges } = await server.rest.contracts.charges(null, reportIdOf(id));
    const versions: ContractVersion[] = (await server.rest.contracts.list(null)).flatMap(
      (c) => c.versions,
    );
    const kinds = new Map<string, number>();
    for (const line of charges.lines) kinds.set(line.kind, (kinds.get(line.kind) ?? 0) + 1);
    console.log(
      `\n## Charges of one plod: ${bundle.runSheetEntries.length} runs to ` +
        `${Math.max(...bundle.runSheetEntries.map((r) => r.toDepth))} m, ` +
        `${bundle.timesheetEntries.length} time entries, ${bundle.downtimeEntries.length} downtime, ` +
        `${bundle.hireToolsUsage.length} hire tools, ${bundle.consumableEntries.length} consumables ` +
        `(made over REST in ${madeS} s)`,
    );
    console.log(
      `${charges.lines.length} charge lines (${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}), ` +
        `total ${charges.totalCents} cents`,
    );

    // Untimed warm-up of both, then each timed `iterations` times in a row.
    for (let i = 0; i < 50; i += 1) chargesOfPlod(bundle, versions);
    const model: number[] = [];
    for (let i = 0; i < options.iterations; i += 1) {
      const t0 = performance.now();
      chargesOfPlod(bundle, versions);
      model.push(performance.now() - t0);
    }
    const path = `/api/shift-summaries/${id}/charges`;
    for (let i = 0; i < 20; i += 1) await rest('GET', path);
    const route: number[] = [];
    const routeRuns = Math.min(options.iterations, 1_000);
    for (let i = 0; i < routeRuns; i += 1) {
      const t0 = performance.now();
      await rest('GET', path);
      route.push(performance.now() - t0);
    }
    console.log(`chargesOfPlod, ${options.iterations} times: ${figure(sorted(model))}`);
    console.log(
      `GET /api/shift-summaries/{id}/charges, ${routeRuns} times in process: ${figure(sorted(route))}`,
    );
  } finally {
    await server.close();
  }
}
