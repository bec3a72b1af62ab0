import { formatDepth, formatHours, formatPercent, formatPersonHours } from '../format/format.ts';
import type { PlodCharges } from '../charges/charges.ts';
import { formatCents } from '../charges/contract.ts';
import type { ReportHole } from '../hole/report-hole-doc.ts';
import type { SheetTable } from '../part-kit/sheet-table.ts';
import { dash, sheetTable as table, words } from '../part-kit/sheet-table.ts';
import { PLOD_PARTS } from '../parts/registry.ts';
import { photoLabel } from '../photos/photos.ts';
import type { ReportSnapshot } from '../report-doc/snapshot.ts';
import type { NameLookup } from '../report-doc/summary.ts';
import { reportSummary } from '../report-doc/summary.ts';
import type { ReportStatus } from '../kernel/status.ts';
import { STATUS_WORDS } from '../kernel/status.ts';
import { formatClock, formatUsDate, shiftTypeLabel, timeLabel } from '../shift/time.ts';
import { summaryFacts } from './overrides.ts';
import { roundTo } from '../format/round.ts';
import {
  plodRecoveryTotal,
  recoveryTotal,
  recoveryWords,
  runRecoveryPercent,
} from '../run/recovery.ts';
import type { DerivedRun } from '../run/run.ts';

/** A run's recovery cell: "2.90 m (96.7%)", or a dash when not recorded. */
function runRecoveryCell(run: DerivedRun): string {
  if (run.recoveredLength === null) return '—';
  const percent = runRecoveryPercent(run);
  const share = percent === null ? '' : ` (${formatPercent(percent)})`;
  // As measured, to the centimetre (depths show to the decimetre).
  return `${roundTo(run.recoveredLength, 2).toFixed(2)} m${share}`;
}

/**
 * The whole plod as text, section by section: what the report view shows, the print stylesheet
 * prints and the server's PDF draws. One builder for all three, so they can never say different
 * things about one plod.
 */

/** What a signer certifies at Shift Completion; the view and the PDF print the same list. */
export const SIGN_OFF_CERTIFICATIONS = [
  'All drilling depths and runs recorded are accurate',
  'Crew hours in the timesheet are complete and correct',
  'Survey, maintenance and hire tool records are complete',
  'Safety procedures were followed and any incidents reported',
] as const;

export interface SheetFact {
  label: string;
  value: string;
  /** Set when the value is a person's override: what the rows add up to, in words. */
  override?: { derived: string; note: string };
}

export type { SheetColumn, SheetTable } from '../part-kit/sheet-table.ts';

/** A part's table on the sheet, with the name of its section on the report view. */
export interface SheetPart {
  name: string;
  table: SheetTable;
}

export interface SheetHole {
  holeId: string;
  status: ReportHole['status'];
  /** Progress towards the target depth, 0-100. */
  progress: number;
  facts: SheetFact[];
  runs: SheetTable;
}

export interface SheetStatus {
  status: ReportStatus;
  label: string;
  /** "Approved by boss on 03/02/2025 10:00:00", or the label alone when nothing is known. */
  line: string;
  returnComment: string | null;
  /** Why a supervisor reopened the plod after approving it, or null. */
  reopenReason: string | null;
}

export interface SheetSignOff {
  signed: boolean;
  signedBy: string | null;
  signedAt: string | null;
  certified: boolean;
  certifications: readonly string[];
  finalNotes: string | null;
  /** The stored signature path (see shift-summary/signature.ts), or null. */
  signature: string | null;
}

/** A core tray photo of the plod: its bytes are the attachment `attachmentId`. */
export interface SheetPhoto {
  attachmentId: string;
  contentType: string;
  /** Hole, depths and caption in words (`photoLabel`). */
  label: string;
  takenAt: string | null;
}

export interface PlodSheet {
  id: string | null;
  title: string;
  subtitle: string;
  status: SheetStatus;
  shiftDetails: SheetFact[];
  summary: SheetFact[];
  crew: SheetTable;
  holes: SheetHole[];
  timesheet: SheetTable;
  survey: SheetTable;
  /** The tables of the plod's parts (PLOD_PARTS that have one), in the order a plod reads them. */
  parts: SheetPart[];
  /** Core tray photos: the report view and the PDF draw each one's thumbnail above its label. */
  photos: SheetPhoto[];
  notes: string | null;
  signOff: SheetSignOff;
}

export interface SheetOptions {
  names?: NameLookup;
  /** How a stored timestamp reads; default en-US date and 24-hour time in the local time zone. */
  formatTime?: (iso: string) => string;
}

/** A stored timestamp for people (SPEC 9: month/day/year, 24-hour with seconds). */
export function formatTimestamp(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${formatUsDate(date)} ${formatClock(date)}`;
}

/** The crew table's totals line: hours worked, travel and paid hours of everyone on the shift. */
function crewHoursTotals(crew: ReportSnapshot['crew']): string {
  const sum = (pick: (c: ReportSnapshot['crew'][number]) => number) =>
    crew.reduce((total, c) => total + pick(c), 0);
  return `Worked ${formatPersonHours(sum((c) => c.hours))} h · Travel ${formatPersonHours(sum((c) => c.travelHours))} h · Paid ${formatPersonHours(sum((c) => c.paidHours))} h`;
}

function statusOf(snapshot: ReportSnapshot, time: (iso: string) => string): SheetStatus {
  const label = STATUS_WORDS[snapshot.status];
  const by = snapshot.statusSetBy ? ` by ${snapshot.statusSetBy}` : '';
  const at = snapshot.statusSetAt ? ` on ${time(snapshot.statusSetAt)}` : '';
  return {
    status: snapshot.status,
    label,
    line: `${label}${by}${at}`,
    returnComment: snapshot.returnComment,
    reopenReason: snapshot.reopenReason,
  };
}

function holeOf(hole: ReportHole): SheetHole {
  const runs = hole.runs.map((run) => [
    String(run.runNumber),
    formatDepth(run.fromDepth),
    formatDepth(run.toDepth),
    formatDepth(run.length),
    run.rodAdded ? 'Yes' : 'No',
    run.oriToolUsed ? '+0.4m' : '-',
    runRecoveryCell(run),
    run.notes ?? '',
  ]);
  return {
    holeId: hole.holeId,
    status: hole.status,
    progress: Math.max(0, Math.min(100, hole.progress)),
    facts: [
      { label: 'Status', value: hole.status },
      {
        label: 'Depth',
        value: `${formatDepth(hole.currentDepth)} / ${formatDepth(hole.targetDepth)} m`,
      },
      { label: 'Progress', value: formatPercent(hole.progress) },
      { label: 'Drilled this shift', value: `${formatDepth(hole.drilledThisShift)} m` },
      { label: 'Remaining', value: `${formatDepth(hole.remaining)} m` },
      { label: 'Dip', value: `${hole.dip}°` },
      { label: 'Azimuth', value: `${hole.azimuth}°` },
      { label: 'Constant stick-up', value: `${formatDepth(hole.constantStickUp)} m` },
      { label: 'Core recovery', value: recoveryWords(recoveryTotal(hole.runs)) },
    ],
    runs: table(
      `Runs of ${hole.holeId}`,
      [
        ['Run #', 'numeric'],
        ['From (m)', 'numeric'],
        ['To (m)', 'numeric'],
        ['Length (m)', 'numeric'],
        'Rod Added',
        'Ori Tool',
        'Recovery',
        'Notes',
      ],
      runs,
      'No runs recorded yet',
      `${hole.runs.length} ${hole.runs.length === 1 ? 'run' : 'runs'}, ${formatDepth(hole.drilledThisShift)} m this shift`,
    ),
  };
}

/** The whole plod as text sections (see the top of this file). */
export function plodSheet(snapshot: ReportSnapshot, options: SheetOptions = {}): PlodSheet {
  const time = options.formatTime ?? formatTimestamp;
  const listed = reportSummary(snapshot, options.names);
  const { shift, totals } = snapshot;
  const shiftWords = shift.shiftType ? shiftTypeLabel(shift.shiftType) : 'Shift not set';
  const span =
    shift.startTime && shift.endTime
      ? ` · ${timeLabel(shift.startTime)} - ${timeLabel(shift.endTime)}`
      : '';
  const roles = { driller: 'Driller', offsider: 'Offsider' } as const;
  const crew = [...snapshot.crew].sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary));
  return {
    id: snapshot.id,
    title: `${listed.site ?? 'No site'} - ${listed.rig ?? 'No rig'}`,
    subtitle: `${shift.date ?? 'No date'} · ${shiftWords}${span}`,
    status: statusOf(snapshot, time),
    shiftDetails: [
      { label: 'Date', value: dash(shift.date) },
      { label: 'Shift Type', value: shiftWords },
      { label: 'Start Time', value: shift.startTime ? timeLabel(shift.startTime) : '—' },
      { label: 'End Time', value: shift.endTime ? timeLabel(shift.endTime) : '—' },
      { label: 'Site', value: dash(listed.site) },
      { label: 'Level', value: dash(shift.level) },
      { label: 'Rig', value: dash(listed.rig) },
    ],
    summary: [
      ...summaryFacts(snapshot),
      {
        label: 'Core Recovery',
        value: recoveryWords(plodRecoveryTotal(snapshot.holes)),
      },
    ],
    crew: table(
      'Crew',
      [
        'Name',
        'Role',
        'Primary',
        'Start',
        'Finish',
        ['Break (h)', 'numeric'],
        ['Hours', 'numeric'],
        ['Travel (h)', 'numeric'],
        'Notes',
      ],
      crew.map((c) => [
        c.crewMemberName,
        roles[c.role],
        c.isPrimary ? 'Primary driller' : '',
        c.startTime ? timeLabel(c.startTime) : '—',
        c.finishTime ? timeLabel(c.finishTime) : '—',
        formatPersonHours(c.breakHours),
        formatPersonHours(c.hours),
        formatPersonHours(c.travelHours),
        dash(c.hoursNotes),
      ]),
      'No crew members assigned',
      crewHoursTotals(crew),
    ),
    holes: snapshot.holes.map(holeOf),
    timesheet: table(
      'Timesheet',
      ['Hole ID', 'Activity', 'Start', 'End', ['Hours', 'numeric'], 'Notes'],
      snapshot.timesheet.map((e) => [
        dash(e.holeId),
        words(e.activity),
        timeLabel(e.startTime),
        timeLabel(e.endTime),
        formatHours(e.hours),
        dash(e.notes),
      ]),
      'No time entries recorded',
      `Total ${formatHours(totals.timesheetHours)} h · Remaining ${formatHours(totals.remainingHours)} h`,
    ),
    survey: table(
      'Survey',
      [
        'Hole ID',
        ['Depth (m)', 'numeric'],
        ['Azimuth', 'numeric'],
        ['Dip', 'numeric'],
        ['Magnetic', 'numeric'],
        'Method',
        'Operator',
        'Notes',
      ],
      snapshot.survey.map((s) => [
        s.holeId,
        formatDepth(s.depth),
        `${s.azimuth}°`,
        `${s.dip}°`,
        s.magneticTotal === null ? '—' : String(s.magneticTotal),
        words(s.method),
        dash(s.operator),
        dash(s.notes),
      ]),
      'No survey points recorded yet',
      `${totals.surveyCount} ${totals.surveyCount === 1 ? 'point' : 'points'} · average depth ${formatDepth(totals.averageSurveyDepth)} m`,
    ),
    parts: PLOD_PARTS.flatMap((part) => {
      const partTable = part.sheetTable?.(snapshot);
      return partTable ? [{ name: part.sectionName, table: partTable }] : [];
    }),
    photos: snapshot.photos.map((p) => ({
      attachmentId: p.attachmentId,
      contentType: p.contentType,
      label: photoLabel(p),
      takenAt: p.takenAt ? time(p.takenAt) : null,
    })),
    notes: snapshot.notes,
    signOff: {
      signed: snapshot.signOff.signedBy !== null && snapshot.signOff.signedAt !== null,
      signedBy: snapshot.signOff.signedBy,
      signedAt: snapshot.signOff.signedAt ? time(snapshot.signOff.signedAt) : null,
      certified: snapshot.signOff.certified,
      certifications: SIGN_OFF_CERTIFICATIONS,
      finalNotes: snapshot.signOff.finalNotes,
      signature: snapshot.signOff.signature,
    },
  };
}

/**
 * A plod's charges as a table (description, quantity and unit, rate, amount in dollars), its
 * totals line naming the date of the contract version that priced it; null when no version is in
 * force on the plod's date (nothing to show). Who may see prices is the caller's rule.
 */
export function chargesSheetTable(charges: PlodCharges): SheetTable | null {
  if (charges.version === null) return null;
  return table(
    'Charges',
    ['Description', ['Quantity', 'numeric'], ['Rate', 'numeric'], ['Amount', 'numeric']],
    charges.lines.map((line) => [
      line.description,
      `${line.quantity} ${line.unit}`,
      formatCents(line.rateCents),
      formatCents(line.amountCents),
    ]),
    'No charges on this plod',
    `Total ${formatCents(charges.totalCents)} (contract from ${charges.version.effectiveFrom})`,
  );
}
