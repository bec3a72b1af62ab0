import { parseDecimalText } from '../format/decimal-text.ts';
import { formatDepth, formatPercent } from '../format/format.ts';
import { roundTo } from '../format/round.ts';

/**
 * Core recovery: the metres of core a run brought back, against the metres it drilled. A run may
 * record it or not (null: not recorded, as every run made before recovery was recorded). One rule
 * for both run screens and REST (`recoveryRefusal`), like the run rule of `runRefusal`.
 */

export type RecoveryRefusal = 'negative' | 'no-run' | 'over-length';

/**
 * Why a recovered length may not be recorded on a run of this length, or null: it is 0 m or more,
 * a run that drilled nothing brought no core back (a recovered length without a run), and no run
 * brings back more core than it drilled (over 100%).
 */
export function recoveryRefusal(recovered: number | null, length: number): RecoveryRefusal | null {
  if (recovered === null) return null;
  if (recovered < 0) return 'negative';
  if (length <= 0 && recovered > 0) return 'no-run';
  if (recovered > length) return 'over-length';
  return null;
}

/** The sentence shown beside the field (and in a REST 400) for a refusal. */
export function recoveryRefusalMessage(refusal: RecoveryRefusal, length: number): string {
  switch (refusal) {
    case 'negative':
      return 'Recovered length must be 0 m or more';
    case 'no-run':
      return 'This run drills 0 m, so no core can be recovered from it';
    case 'over-length':
      return `Recovered length can be at most the run's ${formatDepth(length)} m (100%)`;
  }
}

export const RECOVERED_NOT_A_NUMBER = 'Recovered length must be a number of metres, such as 2.9';

/** Recovered length as typed (blank: not recorded), checked against the run's length. */
export function checkRecoveredText(
  text: string,
  length: number,
): { value: number | null; error: null } | { value: null; error: string } {
  if (text.trim() === '') return { value: null, error: null };
  const value = parseDecimalText(text);
  if (value === null) return { value: null, error: RECOVERED_NOT_A_NUMBER };
  const refusal = recoveryRefusal(value, length);
  if (refusal) return { value: null, error: recoveryRefusalMessage(refusal, length) };
  return { value, error: null };
}

/** A run's recovery in percent, or null when it recorded none (or drilled nothing). */
export function runRecoveryPercent(run: {
  recoveredLength: number | null;
  length: number;
}): number | null {
  if (run.recoveredLength === null || run.length <= 0) return null;
  return (run.recoveredLength / run.length) * 100;
}

/** Recovery over several runs: only runs that recorded it count, on both sides of the ratio. */
export interface RecoveryTotal {
  recovered: number;
  drilled: number;
  /** recovered / drilled in percent, or null when no run with metres recorded a recovery. */
  percent: number | null;
  /** Runs that recorded a recovery. */
  runs: number;
}

export function recoveryTotal(
  runs: readonly { recoveredLength: number | null; length: number }[],
): RecoveryTotal {
  let recovered = 0;
  let drilled = 0;
  let count = 0;
  for (const run of runs) {
    if (run.recoveredLength === null) continue;
    recovered += run.recoveredLength;
    drilled += run.length;
    count += 1;
  }
  recovered = roundTo(recovered, 3);
  drilled = roundTo(drilled, 3);
  return {
    recovered,
    drilled,
    percent: drilled > 0 ? (recovered / drilled) * 100 : null,
    runs: count,
  };
}

/** Recovery over every hole of a plod (the same ratio, over all their runs). */
export function plodRecoveryTotal(
  holes: readonly { runs: readonly { recoveredLength: number | null; length: number }[] }[],
): RecoveryTotal {
  return recoveryTotal(holes.flatMap((hole) => hole.runs));
}

/** A run's recovery on its one line: "Rec 98%" (whole percent), or null when not recorded. */
export function shortRecovery(run: {
  recoveredLength: number | null;
  length: number;
}): string | null {
  const percent = runRecoveryPercent(run);
  return percent === null ? null : `Rec ${Math.round(percent)}%`;
}

/** Recovery over runs in words: "97.5% (8.8 of 9.0 m)", or "Not recorded". */
export function recoveryWords(total: RecoveryTotal): string {
  if (total.percent === null) return 'Not recorded';
  return `${formatPercent(total.percent)} (${formatDepth(total.recovered)} of ${formatDepth(total.drilled)} m)`;
}

/** Over 100%: possible only after a merge or an edit of the run's length, shown as a field error. */
export function recoveryOver(percent: number | null): boolean {
  return percent !== null && roundTo(percent, 6) > 100;
}
