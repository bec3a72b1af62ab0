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

type Placed = Pick<MetresBitChange, 'id' | 'depth'>;
const byDepthThenId = (a: Placed, b: Placed) =>
  a.depth - b.depth || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The depths a bit was down a hole on a plod, from its changes there, shallowest first: an "in" opens
 * an interval and the next "out" closes it; an "out" with no "in" before it on this plod closes one
 * that an earlier plod opened (from the top of this plod's runs); an "in" never closed is open to
 * the hole's current depth (a later plod pulls it). Changes at one depth are read in id order, and
 * intervals that overlap count once.
 */
function intervals(changes: readonly MetresBitChange[]): Interval[] {
  const sorted = [...changes].sort(byDepthThenId);
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
 * A bit already down a hole when the plod took the hole up (an earlier plod put it in and did not
 * pull it): the plod records it with the hole's start depth, as it records where the hole continues.
 */
export interface CarriedBit {
  holeId: string;
  bitSerial: string;
  /** The hole's start depth on this plod. */
  depth: number;
}

/**
 * The interval a carried bit drilled on a plod that records no change of it on that hole: from the
 * hole's start down to the plod's first bit change on the hole (another bit going in means this one
 * came out), or to the hole's current depth when there is none. A plod that records a change of the
 * carried bit reads that bit from its own changes alone (an "out" with no "in" already reaches up).
 */
function carriedIntervals(
  carried: readonly CarriedBit[],
  changes: readonly MetresBitChange[],
): Map<string, { bitSerial: string; holeId: string; interval: Interval }> {
  const found = new Map<string, { bitSerial: string; holeId: string; interval: Interval }>();
  for (const bit of carried) {
    const onHole = changes.filter((c) => c.holeId === bit.holeId);
    if (onHole.some((c) => c.bitSerial === bit.bitSerial)) continue;
    const first = [...onHole].sort(byDepthThenId)[0];
    const end = first ? first.depth : Number.POSITIVE_INFINITY;
    found.set(JSON.stringify([bit.bitSerial, bit.holeId]), {
      bitSerial: bit.bitSerial,
      holeId: bit.holeId,
      interval: [bit.depth, end],
    });
  }
  return found;
}

/**
 * Metres each bit drilled on each hole of a plod: the parts of the plod's runs that lie between the
 * bit's in and out depths, and for a bit carried in from an earlier plod (see carriedIntervals), the
 * runs it stayed down for. Derived from the merged runs and changes alone (their order in the
 * document does not matter), so two phones that exchanged their updates show the same metres.
 * Sorted by serial, then hole.
 */
export function bitMetresOfPlod(
  runs: readonly MetresRun[],
  changes: readonly MetresBitChange[],
  carried: readonly CarriedBit[] = [],
): BitMetres[] {
  const groups = new Map<string, { bitSerial: string; holeId: string; intervals: Interval[] }>();
  for (const change of changes) {
    const k = JSON.stringify([change.bitSerial, change.holeId]);
    if (groups.has(k)) continue;
    const own = changes.filter(
      (c) => c.bitSerial === change.bitSerial && c.holeId === change.holeId,
    );
    groups.set(k, {
      bitSerial: change.bitSerial,
      holeId: change.holeId,
      intervals: intervals(own),
    });
  }
  for (const [k, { bitSerial, holeId, interval }] of carriedIntervals(carried, changes))
    groups.set(k, { bitSerial, holeId, intervals: [interval] });
  return [...groups.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, { bitSerial, holeId, intervals: found }]) => {
      const holeRuns = runs.filter((run) => run.holeId === holeId);
      const metres = found.reduce(
        (sum, interval) => sum + holeRuns.reduce((s, run) => s + overlap(run, interval), 0),
        0,
      );
      return { bitSerial, holeId, metres: roundTo(metres, 3) };
    });
}

/**
 * The bit down a hole at the end of a plod's changes there: the carried bit (or none) at the start,
 * then each change shallowest first (an "in" puts its bit down, an "out" of the bit down pulls it).
 * A later plod that takes the hole up records it as its carried bit.
 */
export function bitDownAfter(
  carried: string | null,
  changes: readonly Pick<MetresBitChange, 'id' | 'bitSerial' | 'action' | 'depth'>[],
): string | null {
  let down = carried;
  for (const change of [...changes].sort(byDepthThenId)) {
    if (change.action === 'in') down = change.bitSerial;
    else if (down === change.bitSerial) down = null;
  }
  return down;
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
