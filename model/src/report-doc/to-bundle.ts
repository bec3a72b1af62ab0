import * as Y from 'yjs';
import type { ReportSnapshot } from './snapshot.ts';
import { readReport } from './snapshot.ts';
import type { NameLookup } from './summary.ts';
import { reportSummary } from './summary.ts';
import type { ShiftReportBundle } from '../bundle/bundle.ts';
import { plodPartsBundle } from '../parts/registry.ts';
import { effectiveStickUp } from '../run/run.ts';

/** Where site and rig names come from: the setup document's snapshot (or any id -> name lookup). */
export interface BundleReference {
  sites?: readonly { id: string; siteName: string }[];
  rigs?: readonly { id: string; rigName: string }[];
}

function lookup(reference: BundleReference): NameLookup {
  return {
    siteName: (id) => reference.sites?.find((s) => s.id === id)?.siteName,
    rigName: (id) => reference.rigs?.find((r) => r.id === id)?.rigName,
  };
}

/**
 * The shift report bundle (CSV export, REST reads) of a report document or snapshot, with every derived
 * value computed. Site and rig names come from the reference when given, else from the stored names.
 */
export function toBundle(
  source: Y.Doc | ReportSnapshot,
  reference: BundleReference = {},
): ShiftReportBundle {
  const snapshot = source instanceof Y.Doc ? readReport(source) : source;
  const id = snapshot.id ?? '';
  const listed = reportSummary(snapshot, lookup(reference));
  const { shift, summary } = snapshot;
  return {
    shiftSummary: {
      id,
      date: shift.date,
      shiftType: shift.shiftType,
      operator: summary.operator,
      siteId: shift.siteId,
      rigId: shift.rigId,
      site: listed.site,
      rig: listed.rig,
      level: shift.level,
      startTime: shift.startTime,
      endTime: shift.endTime,
      holesCompleted: summary.holesCompleted,
      totalDepthDrilled: summary.totalDepthDrilled,
      hoursWorked: summary.hoursWorked,
      avgRate: summary.avgRate,
      notes: snapshot.notes,
      status: snapshot.status,
      completedAt: snapshot.completedAt,
      createdAt: snapshot.createdAt,
    },
    crewAssignments: snapshot.crew.map((a) => ({
      id: a.id,
      shiftSummaryId: id,
      crewMemberId: a.crewMemberId,
      crewMemberName: a.crewMemberName,
      role: a.role,
      isPrimary: a.isPrimary,
      startTime: a.startTime,
      finishTime: a.finishTime,
      breakHours: a.breakHours,
      hours: a.hours,
      travelHours: a.travelHours,
      paidHours: a.paidHours,
      hoursNotes: a.hoursNotes,
    })),
    runSheetEntries: snapshot.holes.flatMap((hole) =>
      hole.runs.map((run) => ({
        id: run.id,
        holeId: run.holeId,
        runNumber: run.runNumber,
        fromDepth: run.fromDepth,
        toDepth: run.toDepth,
        interval: run.length,
        // What the run left (0 without a rod), never a form default it was not asked for.
        stickUp: effectiveStickUp(run),
        notes: run.notes,
        barrelType: run.barrelType,
        oriExtension: run.oriToolUsed,
        // No separate "ori passed" input exists; a run with the ori tool is the one that passed it.
        oriPassed: run.oriToolUsed,
        rodAdded: run.rodAdded,
        oriToolUsed: run.oriToolUsed,
        depth: run.toDepth,
        chargeable: true,
        recoveredLength: run.recoveredLength,
      })),
    ),
    surveyEntries: snapshot.survey.map((s) => ({
      id: s.id,
      holeId: s.holeId,
      depth: s.depth,
      azimuth: s.azimuth,
      dip: s.dip,
      magneticTotal: s.magneticTotal,
      method: s.method,
      operator: s.operator,
      notes: s.notes,
    })),
    timesheetEntries: snapshot.timesheet.map((t) => ({
      id: t.id,
      holeId: t.holeId,
      activity: t.activity,
      startTime: t.startTime,
      endTime: t.endTime,
      hours: t.hours,
      notes: t.notes,
    })),
    ...plodPartsBundle(snapshot),
  };
}
