import type { ShiftReportBundle } from '../bundle/bundle.ts';
import type { ContractRates, ContractVersion, MetreRate } from './contract.ts';
import { versionInForce } from './contract.ts';

export type ChargeKind =
  | 'metres'
  | 'metres-override'
  | 'hourly'
  | 'hours-override'
  | 'standby'
  | 'fixed'
  | 'hire-tool'
  | 'consumable';

/** One line of a plod's charges. Amounts in integer cents. */
export interface ChargeLine {
  kind: ChargeKind;
  description: string;
  /** Metres, hours or a count, as the unit says (3 decimals at most). */
  quantity: number;
  unit: string;
  rateCents: number;
  amountCents: number;
  /** True when the contract has no rate for it: shown at 0 so it is noticed. */
  unpriced: boolean;
}

export interface PlodCharges {
  lines: ChargeLine[];
  /** The sum of the lines' amounts. */
  totalCents: number;
  /** The version that priced the plod, or null (no version in force on its date: no lines). */
  version: Pick<ContractVersion, 'id' | 'contractId' | 'effectiveFrom'> | null;
}

export interface ChargeOptions {
  /** Whether typed metres and hours (summary overrides) reprice; default true. */
  overrides?: boolean;
}

/** The plod's inputs the pricing reads (a bundle, or part of one). */
export type ChargeableBundle = Pick<
  ShiftReportBundle,
  | 'shiftSummary'
  | 'runSheetEntries'
  | 'timesheetEntries'
  | 'downtimeEntries'
  | 'hireToolsUsage'
  | 'consumableEntries'
>;

const MM = 1000;
const mm = (metres: number) => Math.round(metres * MM);
const minutes = (hours: number) => Math.round(hours * 60);
const round3 = (n: number) => Math.round(n * 1000) / 1000;
const metresText = (millimetres: number) => `${round3(millimetres / MM)}`;

/** A timesheet activity as a charge line names it: "drilling" -> "Drilling". */
const activityName = (activity: string) => activity.charAt(0).toUpperCase() + activity.slice(1);

function line(
  kind: ChargeKind,
  description: string,
  quantity: number,
  unit: string,
  rateCents: number | null,
  amountCents: number,
): ChargeLine {
  return {
    kind,
    description,
    quantity: round3(quantity),
    unit,
    rateCents: rateCents ?? 0,
    amountCents: rateCents === null ? 0 : amountCents,
    unpriced: rateCents === null,
  };
}

function bandLabel(band: Pick<MetreRate, 'holeSize' | 'fromDepth' | 'toDepth'>): string {
  return `${band.holeSize} ${band.fromDepth}-${band.toDepth} m`;
}

/**
 * Metres of the runs by band: each run's interval is cut at the band boundaries of its hole size
 * (295 -> 301 m with a band boundary at 300 m is 5 m of the first band and 1 m of the second).
 * Lengths are summed in whole millimetres, so cutting a run in two never changes a line.
 */
function metreLines(rates: ContractRates, bundle: ChargeableBundle): ChargeLine[] {
  const bands = [...rates.metreRates].sort(
    (a, b) => a.holeSize.localeCompare(b.holeSize) || a.fromDepth - b.fromDepth,
  );
  const byBand = new Map<MetreRate, number>();
  const unpricedBySize = new Map<string, number>();
  for (const run of bundle.runSheetEntries) {
    if (!run.chargeable) continue;
    const from = mm(run.fromDepth);
    const to = mm(run.toDepth);
    if (to <= from) continue;
    let covered = 0;
    for (const band of bands) {
      if (band.holeSize !== run.barrelType) continue;
      const overlap = Math.min(to, mm(band.toDepth)) - Math.max(from, mm(band.fromDepth));
      if (overlap <= 0) continue;
      byBand.set(band, (byBand.get(band) ?? 0) + overlap);
      covered += overlap;
    }
    if (covered < to - from) {
      unpricedBySize.set(
        run.barrelType,
        (unpricedBySize.get(run.barrelType) ?? 0) + (to - from - covered),
      );
    }
  }
  const lines = bands
    .filter((band) => byBand.has(band))
    .map((band) => {
      const length = byBand.get(band) ?? 0;
      return line(
        'metres',
        `Drilling ${bandLabel(band)}`,
        length / MM,
        'm',
        band.rateCents,
        Math.round((length * band.rateCents) / MM),
      );
    });
  for (const [size, length] of [...unpricedBySize].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(
      line('metres', `Drilling ${size} (no band in the contract)`, length / MM, 'm', null, 0),
    );
  }
  return lines;
}

/** The band of a depth for a size (the deepest run's, for typed metres). */
function bandAt(rates: ContractRates, size: string, depth: number): MetreRate | null {
  const at = mm(depth);
  return (
    rates.metreRates.find(
      (band) => band.holeSize === size && mm(band.fromDepth) < at && at <= mm(band.toDepth),
    ) ??
    rates.metreRates.find((band) => band.holeSize === size) ??
    null
  );
}

/** Metres typed over the runs' sum: the difference at the rate of the band the shift ended in. */
function metresOverrideLine(rates: ContractRates, bundle: ChargeableBundle): ChargeLine | null {
  const runs = bundle.runSheetEntries.filter((run) => run.chargeable);
  const fromRuns = runs.reduce(
    (sum, run) => sum + Math.max(0, mm(run.toDepth) - mm(run.fromDepth)),
    0,
  );
  const typed = mm(bundle.shiftSummary.totalDepthDrilled);
  const delta = typed - fromRuns;
  if (delta === 0) return null;
  const deepest = runs.reduce<(typeof runs)[number] | null>(
    (best, run) => (best === null || run.toDepth > best.toDepth ? run : best),
    null,
  );
  const band = deepest
    ? bandAt(rates, deepest.barrelType, deepest.toDepth)
    : (rates.metreRates[0] ?? null);
  return line(
    'metres-override',
    `Metres typed: ${metresText(typed)} m over ${metresText(fromRuns)} m from the runs` +
      (band ? ` (${bandLabel(band)})` : ''),
    delta / MM,
    'm',
    band?.rateCents ?? null,
    band ? Math.round((delta * band.rateCents) / MM) : 0,
  );
}

function hourlyLines(rates: ContractRates, bundle: ChargeableBundle): ChargeLine[] {
  const byActivity = new Map<string, number>();
  for (const entry of bundle.timesheetEntries) {
    byActivity.set(entry.activity, (byActivity.get(entry.activity) ?? 0) + minutes(entry.hours));
  }
  return rates.hourlyRates
    .filter((rate) => (byActivity.get(rate.activity) ?? 0) > 0)
    .map((rate) => {
      const mins = byActivity.get(rate.activity) ?? 0;
      return line(
        'hourly',
        `${activityName(rate.activity)} hours`,
        mins / 60,
        'h',
        rate.rateCents,
        Math.round((mins * rate.rateCents) / 60),
      );
    });
}

/** Hours typed over the timesheet's: the difference at the drilling rate (else the first hourly one). */
function hoursOverrideLine(rates: ContractRates, bundle: ChargeableBundle): ChargeLine | null {
  const fromTimesheet = bundle.timesheetEntries.reduce((sum, e) => sum + minutes(e.hours), 0);
  const typed = minutes(bundle.shiftSummary.hoursWorked);
  const delta = typed - fromTimesheet;
  if (delta === 0) return null;
  const rate =
    rates.hourlyRates.find((r) => r.activity === 'drilling') ?? rates.hourlyRates[0] ?? null;
  return line(
    'hours-override',
    `Hours typed: ${round3(typed / 60)} h over ${round3(fromTimesheet / 60)} h from the timesheet` +
      (rate ? ` (${activityName(rate.activity)} rate)` : ''),
    delta / 60,
    'h',
    rate?.rateCents ?? null,
    rate ? Math.round((delta * rate.rateCents) / 60) : 0,
  );
}

/** Chargeable downtime (each entry's copy of its code says so), by code. */
function standbyLines(rates: ContractRates, bundle: ChargeableBundle): ChargeLine[] {
  const byCode = new Map<string, { name: string; mins: number }>();
  for (const entry of bundle.downtimeEntries) {
    if (!entry.chargeable) continue;
    const code = byCode.get(entry.codeId) ?? { name: entry.codeName, mins: 0 };
    code.mins += minutes(entry.hours);
    byCode.set(entry.codeId, code);
  }
  return [...byCode].map(([codeId, { name, mins }]) => {
    const rate =
      rates.standbyRates.find((r) => r.codeId === codeId)?.rateCents ??
      rates.standbyDefaultRateCents;
    return line(
      'standby',
      `Standby: ${name}${rate === null ? ' (no rate in the contract)' : ''}`,
      mins / 60,
      'h',
      rate,
      rate === null ? 0 : Math.round((mins * rate) / 60),
    );
  });
}

function fixedLines(rates: ContractRates, bundle: ChargeableBundle): ChargeLine[] {
  const collared = new Set(
    bundle.runSheetEntries.filter((run) => mm(run.fromDepth) === 0).map((run) => run.holeId),
  ).size;
  const mobDemob = bundle.downtimeEntries.some((entry) => entry.codeGroup === 'mob-demob');
  return rates.fixedLines.flatMap((fixed) => {
    const count =
      fixed.basis === 'per-plod'
        ? 1
        : fixed.basis === 'per-hole-collared'
          ? collared
          : mobDemob
            ? 1
            : 0;
    if (count === 0) return [];
    return [
      line('fixed', fixed.description, count, 'each', fixed.amountCents, count * fixed.amountCents),
    ];
  });
}

function hireToolLines(bundle: ChargeableBundle): ChargeLine[] {
  return bundle.hireToolsUsage
    .filter((usage) => usage.quantity * usage.hours > 0)
    .map((usage) =>
      line(
        'hire-tool',
        `Hire: ${usage.toolName}` + (usage.quantity === 1 ? '' : ` (${usage.quantity} tools)`),
        usage.quantity * usage.hours,
        'h',
        Math.round(usage.ratePerHour * 100),
        Math.round(usage.quantity * usage.hours * usage.ratePerHour * 100),
      ),
    );
}

function consumableLines(bundle: ChargeableBundle): ChargeLine[] {
  return bundle.consumableEntries
    .filter((entry) => entry.unitPrice !== null)
    .map((entry) =>
      line(
        'consumable',
        entry.itemName,
        entry.quantity,
        entry.unit,
        Math.round((entry.unitPrice ?? 0) * 100),
        Math.round(entry.quantity * (entry.unitPrice ?? 0) * 100),
      ),
    );
}

/**
 * A plod's charges: its inputs (runs, timesheet, chargeable downtime, hire tools, consumables,
 * typed metres and hours) priced with the version of the contract in force on the plod's date.
 * Pure: the server, the desk's live report view and the exports call it with the same inputs and
 * get the same lines. No version in force: no lines, total 0, `version` null.
 */
export function chargesOfPlod(
  bundle: ChargeableBundle,
  contractVersions: readonly ContractVersion[],
  options: ChargeOptions = {},
): PlodCharges {
  const version = versionInForce(contractVersions, bundle.shiftSummary.date);
  if (!version) return { lines: [], totalCents: 0, version: null };
  const { rates } = version;
  const overrides = options.overrides ?? true;
  const lines = [
    ...metreLines(rates, bundle),
    ...(overrides ? [metresOverrideLine(rates, bundle)] : []),
    ...hourlyLines(rates, bundle),
    ...(overrides ? [hoursOverrideLine(rates, bundle)] : []),
    ...standbyLines(rates, bundle),
    ...fixedLines(rates, bundle),
    ...(rates.chargeHireTools ? hireToolLines(bundle) : []),
    ...(rates.chargeConsumables ? consumableLines(bundle) : []),
  ].filter((l): l is ChargeLine => l !== null);
  return {
    lines,
    totalCents: lines.reduce((sum, l) => sum + l.amountCents, 0),
    version: {
      id: version.id,
      contractId: version.contractId,
      effectiveFrom: version.effectiveFrom,
    },
  };
}
