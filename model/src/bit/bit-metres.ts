import { roundTo } from '../format/numbers.ts';
import type { BitAction } from './bit.ts';

/** A run as the metres rule reads it: its hole and the depths it drilled between. */
export interface MetresRun {
  holeId: string;
  fromDepth: number;
  toDepth: number;
}

/** A bit change as the metres rule reads it. */
export interface MetresBitChange {
  id: string;
  bitSerial: string;
  holeId: string;
  action: BitAction;
  depth: number;
}

/** Metres one bit drilled on one hole in one plod. */
export interface BitMetres {
  bitSerial: string;
  holeId: string;
  metres: number;
}

type Interval = readonly [number, number];

/**
 * The depths a bit was down a hole on a plod, from its changes there, shallowest first: an "in" opens
 * an interval and the next "out" closes it; an "out" with no "in" before it on this plod closes one
 * that an earlier plod opened (from the top of this plod's runs); an "in" never closed is open to
 * the hole's current depth (a later plod pulls it). Changes at one depth are read in id order, and
 * intervals that overlap count once.
 */
function intervals(changes: readonly MetresBitChange[]): Interval[] {
  const sorted = [...changes].sort(
    (a, b) => a.depth - b.depth || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  const found: Interval[] = [];
  let open: number | null = null;
  for (const change of sorted) {
    if (change.action === 'in') {
      open ??= change.depth;
    } else {
      found.push([open ?? Number.NEGATIVE_INFINITY, change.depth]);
      open = null;
    }
  }
  if (open !== null) found.push([open, Number.POSITIVE_INFINITY]);
  return union(found);
}

/** Overlapping intervals as one (two "out"s of one bit never count a metre twice). */
function union(found: readonly Interval[]): Interval[] {
  const merged: [number, number][] = [];
  for (const [from, to] of [...found].sort((a, b) => a[0] - b[0] || a[1] - b[1])) {
    const last = merged.at(-1);
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged;
}

function overlap(run: MetresRun, [from, to]: Interval): number {
  return Math.max(0, Math.min(run.toDepth, to) - Math.max(run.fromDepth, from));
}

/**
 * Metres each bit drilled on each hole of a plod: the parts of the plod's runs that lie between the
 * bit's in and out depths. Derived from the merged runs and changes alone (their order in the
 * document does not matter), so two phones that exchanged their updates show the same metres.
 * Sorted by serial, then hole.
 */
export function bitMetresOfPlod(
  runs: readonly MetresRun[],
  changes: readonly MetresBitChange[],
): BitMetres[] {
  const groups = new Map<string, MetresBitChange[]>();
  for (const change of changes) {
    const k = JSON.stringify([change.bitSerial, change.holeId]);
    groups.set(k, [...(groups.get(k) ?? []), change]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, own]) => {
      const { bitSerial, holeId } = own[0] as MetresBitChange;
      const holeRuns = runs.filter((run) => run.holeId === holeId);
      const metres = intervals(own).reduce(
        (sum, interval) => sum + holeRuns.reduce((s, run) => s + overlap(run, interval), 0),
        0,
      );
      return { bitSerial, holeId, metres: roundTo(metres, 3) };
    });
}

/** Metres per bit, over every hole and every plod given (a bit's life-to-date metres). */
export function metresPerBit(rows: readonly BitMetres[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const row of rows) totals.set(row.bitSerial, (totals.get(row.bitSerial) ?? 0) + row.metres);
  for (const [serial, metres] of totals) totals.set(serial, roundTo(metres, 3));
  return totals;
}

/** One plod's runs and bit changes, as the life-to-date rule reads them. */
export interface PlodBitFacts {
  runs: readonly MetresRun[];
  changes: readonly MetresBitChange[];
}

/**
 * Life-to-date metres per bit over many plods: the runs and bit changes of every plod read as one
 * hole's story, so a bit that went in on one plod and came out a few plods later is credited with
 * the runs of the plods between, which hold no change of it. (Per plod, bitMetresOfPlod can only
 * see the plod's own changes.)
 */
export function lifeToDateMetres(plods: readonly PlodBitFacts[]): Map<string, number> {
  return metresPerBit(
    bitMetresOfPlod(
      plods.flatMap((plod) => plod.runs),
      plods.flatMap((plod) => plod.changes),
    ),
  );
}
