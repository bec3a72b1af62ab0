import type * as Y from 'yjs';
import { plodKpiFacts, plodRevenueCents, readHistory, readReport, toBundle } from '@plod/model';
import type { ContractVersion, PlodKpiFacts, ReportStatus, ShiftReportBundle } from '@plod/model';

/** One report as projected into its table: the list columns plus the bundle used for CSV and entry lists. */
export interface ReportRow {
  id: string;
  status: ReportStatus;
  siteId: string | null;
  siteName: string | null;
  rigId: string | null;
  rigName: string | null;
  date: string | null;
  shiftType: string | null;
  operator: string | null;
  metres: number;
  hours: number;
  createdAt: string | null;
  updatedAt: string | null;
  completedAt: string | null;
  /**
   * When the report was soft-deleted. The model keeps no separate stamp, so it is the last change while
   * deleted (delete stamps updatedAt): deterministic, so a rebuild gives the same value.
   */
  deletedAt: string | null;
  /** ShiftReportBundle JSON with the names stored in the report; current names are overlaid on read. */
  bundle: string;
  /** Labels of the holes worked in the shift (the summary export's Holes). */
  holes: string[];
  /** Who approved the plod (the name recorded with the approved status), else null. */
  approvedBy: string | null;
  /**
   * Per hole with runs in the plod, its deepest run: where a later shift continues the hole. Kept
   * in a table of its own (one row per plod and hole, looked up by hole), so a row read back from
   * the reports table has none.
   */
  holeEnds?: HoleEnd[];
  /**
   * What the KPIs and the missing-shifts list read of the plod, computed when it is projected: the
   * hours, first submission and revenue as columns of its row, downtime per code, metres per bit
   * and recovery per hole as rows of a table of its own. A row read back from the table has none.
   */
  kpi?: PlodKpiFacts;
  /**
   * Each bit the plod changed and the hole it changed it on, once per pair: kept in a table of
   * their own, read by bit serial. A row read back from the reports table has none.
   */
  bitHoles?: BitHole[];
}

/** A bit serial and a hole the bit was changed on. */
export interface BitHole {
  bitSerial: string;
  holeId: string;
}

/** The (bit, hole) pairs of a bundle's bit changes, once each, in the order they first appear. */
export function bitHolesOf(changes: ShiftReportBundle['bitChanges']): BitHole[] {
  const pairs = new Map<string, BitHole>();
  for (const { bitSerial, holeId } of changes) {
    const key = JSON.stringify([bitSerial, holeId]);
    if (!pairs.has(key)) pairs.set(key, { bitSerial, holeId });
  }
  return [...pairs.values()];
}

/** A hole's deepest run in one plod (the first of equally deep ones, in the plod's run order). */
export interface HoleEnd {
  holeId: string;
  toDepth: number;
  runNumber: number;
  stickUp: number;
}

/** The deepest run of each hole in a bundle's run sheet, holes in the order they first appear. */
export function holeEndsOf(runs: ShiftReportBundle['runSheetEntries']): HoleEnd[] {
  const ends = new Map<string, HoleEnd>();
  for (const run of runs) {
    const best = ends.get(run.holeId);
    if (!best || run.toDepth > best.toDepth) {
      ends.set(run.holeId, {
        holeId: run.holeId,
        toDepth: run.toDepth,
        runNumber: run.runNumber,
        stickUp: run.stickUp,
      });
    }
  }
  return [...ends.values()];
}

/**
 * The name recorded with the current status (`statusSetBy`, kept by setStatus beside the status),
 * read straight from the meta map so that plods approved before the snapshot carried it read too.
 */
function statusSetBy(doc: Y.Doc): string | null {
  const value: unknown = doc.getMap('meta').get('statusSetBy');
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** A report's projected row and the bundle it was made from (what pricing reads). */
export interface ProjectedPlod {
  row: ReportRow;
  bundle: ShiftReportBundle;
}

/** The projection of a report document with its bundle, or null when it holds no report. */
export function projectPlod(doc: Y.Doc): ProjectedPlod | null {
  const snapshot = readReport(doc);
  if (snapshot.id === null) return null;
  const bundle = toBundle(snapshot);
  const { shift, summary } = snapshot;
  const row: ReportRow = {
    id: snapshot.id,
    status: snapshot.status,
    siteId: shift.siteId,
    siteName: shift.siteName,
    rigId: shift.rigId,
    rigName: shift.rigName,
    date: shift.date,
    shiftType: shift.shiftType,
    operator: summary.operator,
    metres: summary.totalDepthDrilled,
    hours: summary.hoursWorked,
    createdAt: snapshot.createdAt,
    updatedAt: snapshot.updatedAt,
    completedAt: snapshot.completedAt,
    deletedAt: snapshot.status === 'deleted' ? snapshot.updatedAt : null,
    bundle: JSON.stringify(bundle),
    holes: snapshot.holes.map((hole) => String(hole.holeId)),
    approvedBy: snapshot.status === 'approved' ? statusSetBy(doc) : null,
    holeEnds: holeEndsOf(bundle.runSheetEntries),
    bitHoles: bitHolesOf(bundle.bitChanges),
    kpi: plodKpiFacts(snapshot, readHistory(doc)),
  };
  return { row, bundle };
}

/**
 * The projection of a report document, or null when the document holds no report. Its revenue is
 * null: the projector prices it (`pricedRow`) with the contract versions of the plod's site.
 */
export function projectReport(doc: Y.Doc): ReportRow | null {
  return projectPlod(doc)?.row ?? null;
}

/** A projected row with its KPI revenue under `versions`, its site's contract versions. */
export function pricedRow(
  { row, bundle }: ProjectedPlod,
  versions: readonly ContractVersion[],
): ReportRow {
  if (!row.kpi) return row;
  return { ...row, kpi: { ...row.kpi, revenueCents: plodRevenueCents(bundle, versions) } };
}
