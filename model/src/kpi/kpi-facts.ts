import type { HistoryEntry } from '../history/read.ts';
import type { ReportSnapshot } from '../report-doc/snapshot.ts';
import { roundTo } from '../format/round.ts';
import { downtimeHours } from '../downtime/downtime.ts';
import { recoveryTotal } from '../run/recovery.ts';
import { metresPerBit } from '../bit/bit-metres.ts';
import { chargesOfPlod } from '../charges/charges.ts';
import type { ChargeableBundle } from '../charges/charges.ts';
import type { ContractVersion } from '../charges/contract.ts';

/** Downtime hours of one code in one plod (codes are told apart by their copied name and group). */
export interface DowntimeFact {
  codeName: string;
  codeGroup: string;
  hours: number;
}

/** Metres a bit drilled in one plod (every hole). */
export interface BitFact {
  bitSerial: string;
  metres: number;
}

/** Core recovered and drilled on one hole in one plod, over the runs that recorded a recovery. */
export interface HoleFact {
  holeId: string;
  recovered: number;
  drilled: number;
}

/**
 * What the KPIs read of one plod, computed once when the plod is projected: every number comes
 * from the model's own rules (the snapshot's shift hours, `downtimeHours`, `bitMetresOfPlod`
 * through the snapshot, `recoveryTotal`), so the dashboard and the plod's screens agree.
 */
export interface PlodKpiFacts {
  drillingHours: number;
  /** Drilling + other timesheet activities + downtime (the shift's hours on one axis). */
  shiftHours: number;
  downtime: DowntimeFact[];
  bits: BitFact[];
  holes: HoleFact[];
  /** When the plod was first submitted (ISO), or null. */
  submittedAt: string | null;
  /** The plod's charges in cents (`plodRevenueCents`); null until pricing fills it. */
  revenueCents: number | null;
}

/**
 * When a plod was first submitted: the earliest change of its status to sent in its history, else
 * (a plod whose submission was not recorded as a change) the time its current status was set
 * while it is sent or beyond.
 */
export function firstSubmittedAt(
  snapshot: Pick<ReportSnapshot, 'status' | 'statusSetAt'>,
  history: readonly Pick<HistoryEntry, 'section' | 'field' | 'new' | 'at'>[],
): string | null {
  const sent = history
    .filter((entry) => entry.section === 'meta' && entry.field === 'status' && entry.new === 'sent')
    .map((entry) => entry.at)
    .sort();
  if (sent[0] !== undefined) return sent[0];
  return snapshot.status === 'sent' || snapshot.status === 'approved' ? snapshot.statusSetAt : null;
}

/** The KPI facts of a plod read from its snapshot and history. */
export function plodKpiFacts(
  snapshot: ReportSnapshot,
  history: readonly Pick<HistoryEntry, 'section' | 'field' | 'new' | 'at'>[],
): PlodKpiFacts {
  const hours = snapshot.totals.shiftHours;
  const downtime = new Map<string, DowntimeFact>();
  for (const entry of snapshot.downtime) {
    const key = JSON.stringify([entry.codeName, entry.codeGroup]);
    const fact = downtime.get(key) ?? {
      codeName: entry.codeName,
      codeGroup: entry.codeGroup,
      hours: 0,
    };
    fact.hours = roundTo(fact.hours + downtimeHours(entry), 2);
    downtime.set(key, fact);
  }
  return {
    drillingHours: hours.drillingHours,
    shiftHours: hours.totalHours,
    downtime: [...downtime.values()],
    bits: [...metresPerBit(snapshot.bitMetres)].map(([bitSerial, metres]) => ({
      bitSerial,
      metres,
    })),
    holes: snapshot.holes
      .map((hole) => ({ holeId: String(hole.holeId), total: recoveryTotal(hole.runs) }))
      .filter(({ total }) => total.runs > 0)
      .map(({ holeId, total }) => ({ holeId, recovered: total.recovered, drilled: total.drilled })),
    submittedAt: firstSubmittedAt(snapshot, history),
    revenueCents: null,
  };
}

/**
 * A plod's revenue for the KPIs: the total of its charges under the contract version in force on
 * its date, or null when none is (an unpriced plod stays out of revenue per metre and per shift,
 * where a priced plod with no chargeable work counts as 0).
 */
export function plodRevenueCents(
  bundle: ChargeableBundle,
  contractVersions: readonly ContractVersion[],
): number | null {
  const charges = chargesOfPlod(bundle, contractVersions);
  return charges.version === null ? null : charges.totalCents;
}
