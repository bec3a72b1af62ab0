import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { BundleRunSheetEntry, BundleTimesheetEntry } from '../bundle/bundle.ts';
import type { BundleConsumableEntry } from '../consumable/consumable-entries-part.ts';
import type { BundleDowntimeEntry } from '../downtime/downtime-part.ts';
import type { BundleHireToolUsage } from '../hire-tool/hire-tool-usage-part.ts';
import type { ChargeableBundle } from './charges.ts';
import { chargesOfPlod } from './charges.ts';
import type { ContractRates, ContractVersion } from './contract.ts';
import {
  BAND_OVERLAP,
  contractRatesSchema,
  contractVersionInputSchema,
  formatCents,
  versionInForce,
} from './contract.ts';

let n = 0;
function run(fromDepth: number, toDepth: number, more: Partial<BundleRunSheetEntry> = {}) {
  n += 1;
  return {
    id: `r${n}`,
    holeId: 'H1',
    runNumber: n,
    fromDepth,
    toDepth,
    interval: toDepth - fromDepth,
    stickUp: 0,
    notes: null,
    barrelType: 'NQ',
    oriExtension: false,
    oriPassed: false,
    rodAdded: true,
    oriToolUsed: false,
    depth: toDepth,
    chargeable: true,
    recoveredLength: null,
    ...more,
  } satisfies BundleRunSheetEntry;
}

function plod(parts: {
  date?: string;
  runs?: BundleRunSheetEntry[];
  timesheet?: BundleTimesheetEntry[];
  downtime?: BundleDowntimeEntry[];
  hire?: BundleHireToolUsage[];
  consumables?: BundleConsumableEntry[];
  metres?: number;
  hours?: number;
}): ChargeableBundle {
  const runs = parts.runs ?? [];
  const timesheet = parts.timesheet ?? [];
  const metres = runs.reduce((sum, r) => sum + (r.toDepth - r.fromDepth), 0);
  const hours = timesheet.reduce((sum, e) => sum + e.hours, 0);
  return {
    shiftSummary: {
      id: 'p1',
      date: parts.date ?? '2026-03-10',
      shiftType: 'day',
      operator: null,
      siteId: 's1',
      rigId: 'g1',
      site: 'Site',
      rig: 'Rig',
      level: null,
      startTime: '06:00',
      endTime: '18:00',
      holesCompleted: 0,
      totalDepthDrilled: Math.round((parts.metres ?? metres) * 1000) / 1000,
      hoursWorked: parts.hours ?? hours,
      avgRate: 0,
      notes: null,
      status: 'approved',
      completedAt: null,
      createdAt: null,
    },
    runSheetEntries: runs,
    timesheetEntries: timesheet,
    downtimeEntries: parts.downtime ?? [],
    hireToolsUsage: parts.hire ?? [],
    consumableEntries: parts.consumables ?? [],
  };
}

const rates = (more: Partial<ContractRates> = {}): ContractRates =>
  contractRatesSchema.parse({
    metreRates: [
      { holeSize: 'NQ', fromDepth: 0, toDepth: 300, rateCents: 10_000 },
      { holeSize: 'NQ', fromDepth: 300, toDepth: 600, rateCents: 12_000 },
      { holeSize: 'HQ', fromDepth: 0, toDepth: 300, rateCents: 15_000 },
    ],
    ...more,
  });

const version = (effectiveFrom: string, r: ContractRates = rates(), id = effectiveFrom) =>
  ({
    id,
    contractId: 'c1',
    effectiveFrom,
    rates: r,
    createdAt: '2026-01-01T00:00:00Z',
    createdBy: 'sup',
  }) satisfies ContractVersion;

const timeEntry = (
  activity: BundleTimesheetEntry['activity'],
  hours: number,
): BundleTimesheetEntry => ({
  id: `t${(n += 1)}`,
  holeId: null,
  activity,
  startTime: '06:00',
  endTime: '07:00',
  hours,
  notes: null,
});

const downtime = (
  codeId: string,
  hours: number,
  chargeable: boolean,
  codeGroup: BundleDowntimeEntry['codeGroup'] = 'client-standby',
): BundleDowntimeEntry => ({
  id: `d${(n += 1)}`,
  codeId,
  codeName: `Code ${codeId}`,
  codeGroup,
  chargeable,
  startTime: '08:00',
  endTime: '09:00',
  hours,
  holeId: null,
  notes: null,
});

describe('chargesOfPlod', () => {
  it('splits a run crossing a band boundary at the boundary', () => {
    const charges = chargesOfPlod(plod({ runs: [run(295, 301)] }), [version('2026-01-01')]);
    expect(charges.lines.map((l) => [l.description, l.quantity, l.amountCents])).toEqual([
      ['Drilling NQ 0-300 m', 5, 50_000],
      ['Drilling NQ 300-600 m', 1, 12_000],
    ]);
    expect(charges.totalCents).toBe(62_000);
  });

  it('prices each hole size at its own bands, and shows metres no band covers at 0', () => {
    const charges = chargesOfPlod(
      plod({
        runs: [run(10, 13, { barrelType: 'HQ' }), run(598, 603), run(0, 2, { barrelType: 'PQ' })],
      }),
      [version('2026-01-01')],
    );
    expect(
      charges.lines.map((l) => [l.description, l.quantity, l.amountCents, l.unpriced]),
    ).toEqual([
      ['Drilling HQ 0-300 m', 3, 45_000, false],
      ['Drilling NQ 300-600 m', 2, 24_000, false],
      ['Drilling NQ (no band in the contract)', 3, 0, true],
      ['Drilling PQ (no band in the contract)', 2, 0, true],
    ]);
  });

  it('prices with the version in force on the plod’s date, so an old plod reprices the same', () => {
    const dearer = rates({
      metreRates: [{ holeSize: 'NQ', fromDepth: 0, toDepth: 600, rateCents: 20_000 }],
    });
    const versions = [version('2026-01-01'), version('2026-04-01', dearer)];
    expect(chargesOfPlod(plod({ date: '2026-03-31', runs: [run(0, 1)] }), versions)).toMatchObject({
      totalCents: 10_000,
      version: { effectiveFrom: '2026-01-01' },
    });
    expect(
      chargesOfPlod(plod({ date: '2026-04-01', runs: [run(0, 1)] }), versions).totalCents,
    ).toBe(20_000);
    expect(chargesOfPlod(plod({ date: '2025-12-31', runs: [run(0, 1)] }), versions)).toEqual({
      lines: [],
      totalCents: 0,
      version: null,
    });
    expect(versionInForce(versions, null)).toBeNull();
  });

  it('charges standby only for chargeable downtime codes, at the code’s rate or the default', () => {
    const r = rates({
      standbyRates: [{ codeId: 'wait', codeName: 'Waiting', rateCents: 9_000 }],
      standbyDefaultRateCents: 6_000,
    });
    const charges = chargesOfPlod(
      plod({
        downtime: [
          downtime('wait', 1.5, true),
          downtime('wait', 0.5, true),
          downtime('standby', 1, true),
          downtime('breakdown', 3, false, 'breakdown'),
        ],
      }),
      [version('2026-01-01', r)],
    );
    expect(charges.lines.map((l) => [l.kind, l.quantity, l.rateCents, l.amountCents])).toEqual([
      ['standby', 2, 9_000, 18_000],
      ['standby', 1, 6_000, 6_000],
    ]);
  });

  it('charges hours by activity from the timesheet, only activities the contract rates', () => {
    const r = rates({
      hourlyRates: [
        { activity: 'setup', rateCents: 8_000 },
        { activity: 'travel', rateCents: 5_000 },
      ],
    });
    const charges = chargesOfPlod(
      plod({
        timesheet: [
          timeEntry('setup', 1.5),
          timeEntry('setup', 0.25),
          timeEntry('drilling', 8),
          timeEntry('travel', 0.5),
        ],
      }),
      [version('2026-01-01', r)],
    );
    expect(charges.lines.map((l) => [l.description, l.quantity, l.amountCents])).toEqual([
      ['Setup hours', 1.75, 14_000],
      ['Travel hours', 0.5, 2_500],
    ]);
  });

  it('reprices typed metres and hours, and not when overrides are left out', () => {
    const r = rates({ hourlyRates: [{ activity: 'drilling', rateCents: 10_000 }] });
    const bundle = plod({
      runs: [run(290, 298)],
      timesheet: [timeEntry('drilling', 2)],
      metres: 10,
      hours: 3,
    });
    const charges = chargesOfPlod(bundle, [version('2026-01-01', r)]);
    expect(charges.lines.map((l) => [l.kind, l.quantity, l.amountCents])).toEqual([
      ['metres', 8, 80_000],
      ['metres-override', 2, 20_000],
      ['hourly', 2, 20_000],
      ['hours-override', 1, 10_000],
    ]);
    expect(charges.lines[1]?.description).toBe(
      'Metres typed: 10 m over 8 m from the runs (NQ 0-300 m)',
    );
    expect(chargesOfPlod(bundle, [version('2026-01-01', r)], { overrides: false }).totalCents).toBe(
      100_000,
    );
  });

  it('prices hire tools at their rate and consumables at their list price, unless turned off', () => {
    const bundle = plod({
      hire: [
        {
          id: 'h1',
          toolName: 'Core orientation tool',
          quantity: 2,
          hours: 3,
          ratePerHour: 12.5,
          totalCost: 75,
          notes: null,
        },
      ],
      consumables: [
        {
          id: 'c1',
          consumableId: 'mud',
          itemName: 'Drilling mud',
          unit: 'bag',
          unitPrice: 42.1,
          quantity: 3,
          holeId: null,
          notes: null,
        },
        {
          id: 'c2',
          consumableId: 'rag',
          itemName: 'Rags',
          unit: 'box',
          unitPrice: null,
          quantity: 1,
          holeId: null,
          notes: null,
        },
      ],
    });
    const charges = chargesOfPlod(bundle, [version('2026-01-01')]);
    expect(
      charges.lines.map((l) => [l.description, l.quantity, l.unit, l.rateCents, l.amountCents]),
    ).toEqual([
      ['Hire: Core orientation tool (2 tools)', 6, 'h', 1_250, 7_500],
      ['Drilling mud', 3, 'bag', 4_210, 12_630],
    ]);
    const off = rates({ chargeHireTools: false, chargeConsumables: false });
    expect(chargesOfPlod(bundle, [version('2026-01-01', off)]).lines).toEqual([]);
  });

  it('charges fixed lines on their basis', () => {
    const r = rates({
      fixedLines: [
        { description: 'Camp', basis: 'per-plod', amountCents: 1_000 },
        { description: 'Setup per hole', basis: 'per-hole-collared', amountCents: 50_000 },
        { description: 'Mob / demob', basis: 'per-mob-demob', amountCents: 300_000 },
      ],
    });
    const one = chargesOfPlod(plod({ runs: [run(5, 8)] }), [version('2026-01-01', r)]);
    expect(one.lines.filter((l) => l.kind === 'fixed').map((l) => l.description)).toEqual(['Camp']);
    const two = chargesOfPlod(
      plod({
        runs: [run(0, 3, { holeId: 'A' }), run(0, 2, { holeId: 'B' }), run(2, 4, { holeId: 'B' })],
        downtime: [downtime('mob', 2, false, 'mob-demob')],
      }),
      [version('2026-01-01', r)],
    );
    expect(
      two.lines
        .filter((l) => l.kind === 'fixed')
        .map((l) => [l.description, l.quantity, l.amountCents]),
    ).toEqual([
      ['Camp', 1, 1_000],
      ['Setup per hole', 2, 100_000],
      ['Mob / demob', 1, 300_000],
    ]);
  });

  const depthArb = fc.integer({ min: 0, max: 900_000 }).map((x) => x / 1000);
  const runArb = fc
    .tuple(depthArb, fc.integer({ min: 1, max: 50_000 }), fc.constantFrom('NQ', 'HQ', 'PQ'))
    .map(([from, length, size]) =>
      run(from, Math.round((from + length / 1000) * 1000) / 1000, { barrelType: size }),
    );

  it('totals the sum of its lines (property)', () => {
    fc.assert(
      fc.property(
        fc.array(runArb, { maxLength: 30 }),
        fc.array(fc.integer({ min: 0, max: 720 }), { maxLength: 6 }),
        (runs, mins) => {
          const r = rates({
            hourlyRates: [{ activity: 'other', rateCents: 3_333 }],
            standbyDefaultRateCents: 777,
          });
          const charges = chargesOfPlod(
            plod({
              runs,
              timesheet: mins.map((m) => timeEntry('other', m / 60)),
              downtime: mins.map((m) => downtime('x', m / 60, true)),
            }),
            [version('2026-01-01', r)],
          );
          expect(charges.totalCents).toBe(charges.lines.reduce((sum, l) => sum + l.amountCents, 0));
          for (const l of charges.lines) expect(Number.isInteger(l.amountCents)).toBe(true);
        },
      ),
    );
  });

  it('charges a run cut in two the same as the whole run (property)', () => {
    fc.assert(
      fc.property(runArb, fc.double({ min: 0, max: 1, noNaN: true }), (whole, at) => {
        const cut =
          Math.round((whole.fromDepth + (whole.toDepth - whole.fromDepth) * at) * 1000) / 1000;
        const first = run(whole.fromDepth, cut, { barrelType: whole.barrelType });
        const second = run(cut, whole.toDepth, { barrelType: whole.barrelType });
        const versions = [version('2026-01-01')];
        const one = chargesOfPlod(plod({ runs: [whole] }), versions);
        const two = chargesOfPlod(plod({ runs: [first, second] }), versions);
        expect(two.lines).toEqual(one.lines);
        expect(two.totalCents).toBe(one.totalCents);
      }),
    );
  });
});

describe('contract versions', () => {
  it('refuses overlapping bands of one size, naming the band', () => {
    const parsed = contractVersionInputSchema.safeParse({
      effectiveFrom: '2026-01-01',
      rates: {
        metreRates: [
          { holeSize: 'NQ', fromDepth: 0, toDepth: 300, rateCents: 1 },
          { holeSize: 'NQ', fromDepth: 250, toDepth: 600, rateCents: 1 },
          { holeSize: 'HQ', fromDepth: 250, toDepth: 600, rateCents: 1 },
        ],
      },
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['rates.metreRates.1', BAND_OVERLAP],
    ]);
  });

  it('refuses a rate that is not whole cents, and a day that does not exist', () => {
    const parsed = contractVersionInputSchema.safeParse({
      effectiveFrom: '2026-02-30',
      rates: { hourlyRates: [{ activity: 'setup', rateCents: 10.5 }] },
    });
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual([
      'effectiveFrom',
      'rates.hourlyRates.0.rateCents',
    ]);
  });

  it('prints cents as dollars', () => {
    expect(formatCents(123_456_78)).toBe('123,456.78');
    expect(formatCents(-5)).toBe('-0.05');
    expect(formatCents(0)).toBe('0.00');
  });
});
