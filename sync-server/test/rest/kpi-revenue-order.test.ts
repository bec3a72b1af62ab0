import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReportId } from '@plod/model';
import { contractRatesSchema } from '@plod/model';
import { AppDatabase } from '../../src/app-db/app-database.ts';
import { createLogger } from '../../src/logger.ts';
import { ContractStore } from '../../src/money/contract-store.ts';
import { ContractService } from '../../src/money/contracts.ts';
import type { ContractChange } from '../../src/money/contract-store.ts';
import type { PricingSource } from '../../src/projections/pricing.ts';
import { Projector } from '../../src/projections/projector.ts';
import { ReportTable } from '../../src/projections/report-table.ts';
import type { ReportRow } from '../../src/projections/report-row.ts';
import { type Api, demoApi } from './helpers.ts';

// The order of a contract change and a projection pass that read the site's versions before it:
// the pass's row must not be the last one written. A projector of its own over the server's
// documents, with its table and contracts in an app database of their own, and a pricing source
// that holds a pass after it has read the versions, until the test lets it go.

const metres = (rateCents: number) =>
  contractRatesSchema.parse({
    metreRates: [{ holeSize: 'NQ', fromDepth: 0, toDepth: 600, rateCents }],
  });

let api: Api;
let appDb: AppDatabase;
let contracts: ContractStore;
let table: ReportTable;
let projector: Projector;
/** Set while a pass is to be held after reading versions: `reached` resolves once one is. */
let gate: { reached: () => void; release: Promise<void> } | null;

const change = (siteId: string, contractId: string): ContractChange => ({
  id: randomUUID(),
  contractId,
  siteId,
  at: new Date().toISOString(),
  by: null,
  action: 'version-added',
  changes: [],
});

async function addVersion(contractId: string, effectiveFrom: string, rateCents: number) {
  const version = {
    id: randomUUID(),
    contractId,
    effectiveFrom,
    rates: metres(rateCents),
    createdAt: new Date().toISOString(),
    createdBy: null,
  };
  await contracts.insertVersion(version, change(api.siteId, contractId));
}

/** Holds the next pass after it read the versions; resolves once it is held, with its release. */
function holdNextPass(): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return new Promise((held) => {
    gate = { reached: () => held(release), release: released };
  });
}

const revenue = async () => (await table.kpiRigDays({}))[0]?.revenueCents ?? null;

beforeEach(async () => {
  api = await demoApi();
  appDb = AppDatabase.inMemory();
  contracts = new ContractStore(appDb.sql);
  table = new ReportTable(appDb.sql);
  gate = null;
  const source: PricingSource = {
    async versionsOfSite(siteId) {
      const versions = await contracts.versionsOfSite(siteId);
      const held = gate;
      if (held) {
        gate = null;
        held.reached();
        await held.release;
      }
      return versions;
    },
  };
  projector = new Projector(api.server.manager, table, createLogger('silent'), null, source, 0);
});
afterEach(async () => {
  await projector.stop();
  await api.close();
  await appDb.close();
});

describe('a contract change while a pass prices with the old versions', () => {
  it('leaves the new price, for a plod new to the table and for one a pass carries at a newer seq', async () => {
    const id = (await api.report({ date: '2026-11-03' })) as ReportId;
    await api.call('POST', '/api/hole-config', { holeId: 'ORD-1', constantStickUp: 0 });
    const run = await api.call('POST', `/api/run-sheet-entries?shiftSummaryId=${id}`, {
      holeId: 'ORD-1',
      stickUp: 1,
    });
    expect(run.status).toBe(201);
    const contractId = randomUUID();
    await contracts.insertContract(
      {
        id: contractId,
        siteId: api.siteId,
        clientName: 'Acme Gold',
        contractNumber: 'AG-1',
        createdAt: new Date().toISOString(),
        createdBy: null,
      },
      change(api.siteId, contractId),
    );
    await addVersion(contractId, '2026-11-01', 10_000);
    /**
     * A pass of the plod at `seq` is held while a version of `cents` from `from` is added and the
     * change announced; then the pass goes on, and one more pass runs.
     */
    const priceChangeDuringPass = async (seq: number, from: string, cents: number) => {
      const held = holdNextPass();
      projector.markDirty(id, seq);
      const pass = projector.flush();
      const release = await held;
      await addVersion(contractId, from, cents);
      await projector.sitePricesChanged(api.siteId);
      release();
      await pass;
      await projector.flush();
    };

    // The plod's first pass reads the $100 version, then the rate goes up to $200 and the change
    // is announced while the pass is held: its row does not exist yet.
    await priceChangeDuringPass(1, '2026-11-02', 20_000);
    // The plod's one run is 3 m.
    expect(await revenue()).toBe(60_000);

    // Now its row is at seq 1 and a pass carries it at seq 5 (a later edit) when the rate goes to
    // $300: the re-priced row is written at seq 5 too, after the held pass's.
    await priceChangeDuringPass(5, '2026-11-03', 30_000);
    expect(await revenue()).toBe(90_000);
    expect((await table.seqs()).get(id)).toBe(5);
  });
});

/** The table, recording which plods each write carries. */
class RecordingTable extends ReportTable {
  written: string[] = [];
  override async upsert(rows: readonly { row: ReportRow; seq: number }[]): Promise<void> {
    this.written.push(...rows.map(({ row }) => row.id));
    await super.upsert(rows);
  }
  override async tryUpsert(rows: readonly { row: ReportRow; seq: number }[]): Promise<boolean> {
    this.written.push(...rows.map(({ row }) => row.id));
    return super.tryUpsert(rows);
  }
}

describe('the plods a contract change prices again', () => {
  it('are those of the dates the added or removed version decides, up to the next version', async () => {
    const recording = new RecordingTable(appDb.sql);
    await projector.stop();
    projector = new Projector(
      api.server.manager,
      recording,
      createLogger('silent'),
      null,
      contracts,
      0,
    );
    const plod = async (date: string, holeId: string) => {
      const id = (await api.report({ date })) as ReportId;
      await api.call('POST', '/api/hole-config', { holeId, constantStickUp: 0 });
      await api.call('POST', `/api/run-sheet-entries?shiftSummaryId=${id}`, { holeId, stickUp: 1 });
      projector.markDirty(id, 1);
      return id;
    };
    const early = await plod('2026-11-03', 'DATES-1');
    const middle = await plod('2026-11-12', 'DATES-2');
    const late = await plod('2026-11-25', 'DATES-3');
    const service = new ContractService(
      contracts,
      api.server.rest.docs,
      api.server.rest.reports,
      projector,
    );
    const contract = await service.create(null, {
      siteId: api.siteId,
      clientName: 'Acme Gold',
      contractNumber: 'AG-2',
    });
    await service.addVersion(null, contract.id, {
      effectiveFrom: '2026-11-01',
      rates: metres(10_000),
    });
    await service.addVersion(null, contract.id, {
      effectiveFrom: '2026-11-20',
      rates: metres(30_000),
    });
    await projector.flush();
    const revenueOf = async () =>
      new Map((await recording.kpiRigDays({})).map((day) => [day.date, day.revenueCents]));
    expect(await revenueOf()).toEqual(
      new Map([
        ['2026-11-03', 30_000],
        ['2026-11-12', 30_000],
        ['2026-11-25', 90_000],
      ]),
    );

    expect(new Set(recording.written)).toEqual(new Set([early, middle, late]));

    // A version from the 10th decides the 10th to the 19th: the middle plod alone is priced again.
    recording.written = [];
    const tenth = await service.addVersion(null, contract.id, {
      effectiveFrom: '2026-11-10',
      rates: metres(20_000),
    });
    await projector.flush();
    expect(recording.written).toEqual([middle]);
    expect((await revenueOf()).get('2026-11-12')).toBe(60_000);

    recording.written = [];
    await service.removeVersion(null, contract.id, tenth.id);
    await projector.flush();
    expect(recording.written).toEqual([middle]);
    expect((await revenueOf()).get('2026-11-12')).toBe(30_000);
  });
});
