import type { CrewAssignment } from '../crew-assignment/crew-assignment.ts';
import type { DerivedRun } from '../run/run.ts';
import type { ReportHole } from '../hole/report-hole-doc.ts';
import type { FieldSpec, PartChanges } from '../part-kit/change-lines.ts';
import { fieldChanges, pair, partChangeLines, transition } from '../part-kit/change-lines.ts';
import { PLOD_PARTS } from '../parts/registry.ts';
import type { ReportSnapshot } from './snapshot.ts';

/**
 * What a change to a plod does, in words a supervisor reads before merging it: "Run 3 stick-up
 * 0.5 -> 0.8 m", "Time entry added: Drilling 06:00-10:00". Read from two snapshots (before and
 * after), so run numbers, depths and hours are the derived ones the screens show.
 */
export interface ReportChange {
  /** The part of the plod, as its screen is called. */
  part: ChangePart;
  text: string;
}

export type ChangePart =
  | 'Shift details'
  | 'Summary'
  | 'Notes'
  | 'Crew'
  | 'Holes'
  | 'Runs'
  | 'Timesheet'
  | 'Survey'
  | (typeof PLOD_PARTS)[number]['title']
  | 'Sign-off'
  | 'Totals';

const metres = (n: number) => n.toFixed(1);
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function shiftChanges(before: ReportSnapshot, after: ReportSnapshot): string[] {
  const site = (s: ReportSnapshot) => s.shift.siteName ?? s.shift.siteId;
  const rig = (s: ReportSnapshot) => s.shift.rigName ?? s.shift.rigId;
  const lines = fieldChanges(
    before.shift,
    after.shift,
    [
      { key: 'date', label: 'Shift date' },
      { key: 'shiftType', label: 'Shift type' },
      { key: 'startTime', label: 'Start time' },
      { key: 'endTime', label: 'End time' },
      { key: 'level', label: 'Level' },
    ],
    '',
  );
  if (site(before) !== site(after)) lines.push(transition('Site', site(before), site(after)));
  if (rig(before) !== rig(after)) lines.push(transition('Rig', rig(before), rig(after)));
  return lines;
}

function overrideChanges(before: ReportSnapshot, after: ReportSnapshot): string[] {
  return fieldChanges(
    before.overrides,
    after.overrides,
    [
      { key: 'operator', label: 'Operator (typed)' },
      { key: 'totalDepthDrilled', label: 'Total depth (typed)', unit: 'm' },
      { key: 'hoursWorked', label: 'Hours worked (typed)', unit: 'h' },
      { key: 'holesCompleted', label: 'Holes completed (typed)' },
      { key: 'siteName', label: 'Site name (typed)' },
      { key: 'rigName', label: 'Rig name (typed)' },
    ],
    '',
  );
}

const who = (a: CrewAssignment) => `${a.crewMemberName} (${a.role})`;

const CREW_CHANGES: PartChanges<CrewAssignment> = {
  added: 'Crew added',
  removed: 'Crew removed',
  row: who,
  fields: [
    { key: 'crewMemberName', label: 'name' },
    { key: 'role', label: 'role' },
    { key: 'startTime', label: 'start' },
    { key: 'finishTime', label: 'finish' },
    { key: 'breakHours', label: 'break', unit: 'h' },
    { key: 'travelHours', label: 'travel', unit: 'h' },
    { key: 'hoursNotes', label: 'hours notes' },
  ],
  prefix: (was) => `${was.crewMemberName} `,
};

function crewChanges(before: ReportSnapshot, after: ReportSnapshot): string[] {
  const lines = partChangeLines(CREW_CHANGES, before.crew, after.crew);
  const primary = (s: ReportSnapshot) => s.crew.find((a) => a.isPrimary)?.crewMemberName ?? null;
  if (primary(before) !== primary(after))
    lines.push(transition('Primary driller', primary(before), primary(after)));
  return lines;
}

const HOLE_FIELDS: readonly FieldSpec<ReportHole>[] = [
  { key: 'targetDepth', label: 'target depth', unit: 'm' },
  { key: 'dip', label: 'dip', unit: '°' },
  { key: 'azimuth', label: 'azimuth', unit: '°' },
  { key: 'constantStickUp', label: 'constant stick-up', unit: 'm' },
  { key: 'isComplete', label: 'marked complete' },
];

function holeChanges(before: ReportSnapshot, after: ReportSnapshot): string[] {
  const byLabel = (holes: readonly ReportHole[]) =>
    holes.map((h) => ({ ...h, id: String(h.holeId) }));
  const { added, removed, kept } = pair(byLabel(before.holes), byLabel(after.holes));
  return [
    ...added.map((h) => `Hole ${h.holeId} started (target ${metres(h.targetDepth)} m)`),
    ...removed.map((h) => `Hole ${h.holeId} removed`),
    ...kept.flatMap(([was, now]) => fieldChanges(was, now, HOLE_FIELDS, `Hole ${was.holeId} `)),
  ];
}

const RUN_FIELDS: readonly FieldSpec<DerivedRun>[] = [
  { key: 'stickUp', label: 'stick-up', unit: 'm' },
  { key: 'rodAdded', label: 'rod added' },
  { key: 'oriToolUsed', label: 'ori tool' },
  { key: 'recoveredLength', label: 'recovered length', unit: 'm' },
  { key: 'notes', label: 'notes' },
];

const runsOf = (s: ReportSnapshot) => s.holes.flatMap((h) => h.runs);
const span = (r: DerivedRun) => `${metres(r.fromDepth)}-${metres(r.toDepth)} m`;

function runChanges(before: ReportSnapshot, after: ReportSnapshot): string[] {
  const { added, removed, kept } = pair(runsOf(before), runsOf(after));
  return [
    ...added.map((r) => `Run ${r.runNumber} added on ${r.holeId}: ${span(r)}`),
    ...removed.map((r) => `Run ${r.runNumber} removed from ${r.holeId} (was ${span(r)})`),
    ...kept.flatMap(([was, now]) => fieldChanges(was, now, RUN_FIELDS, `Run ${was.runNumber} `)),
  ];
}

type Timesheet = ReportSnapshot['timesheet'][number];
const timeEntry = (t: Timesheet) =>
  `${capital(t.activity)} ${t.startTime}-${t.endTime}${t.holeId ? ` on ${t.holeId}` : ''}`;

const TIMESHEET_CHANGES: PartChanges<Timesheet> = {
  added: 'Time entry added',
  removed: 'Time entry removed',
  row: timeEntry,
  fields: [
    { key: 'activity', label: 'activity' },
    { key: 'startTime', label: 'start' },
    { key: 'endTime', label: 'end' },
    { key: 'holeId', label: 'hole' },
    { key: 'notes', label: 'notes' },
  ],
  prefix: (was) => `Time entry ${timeEntry(was)}: `,
};

function timesheetChanges(before: ReportSnapshot, after: ReportSnapshot): string[] {
  return partChangeLines(TIMESHEET_CHANGES, before.timesheet, after.timesheet);
}

type Survey = ReportSnapshot['survey'][number];
const surveyPoint = (s: Survey) => `${s.holeId} at ${metres(s.depth)} m`;

function surveyChanges(before: ReportSnapshot, after: ReportSnapshot): string[] {
  const { added, removed, kept } = pair(before.survey, after.survey);
  return [
    ...added.map(
      (s) => `Survey point added: ${surveyPoint(s)} (azimuth ${s.azimuth}°, dip ${s.dip}°)`,
    ),
    ...removed.map((s) => `Survey point removed: ${surveyPoint(s)}`),
    ...kept.flatMap(([was, now]) =>
      fieldChanges(
        was,
        now,
        [
          { key: 'depth', label: 'depth', unit: 'm' },
          { key: 'azimuth', label: 'azimuth', unit: '°' },
          { key: 'dip', label: 'dip', unit: '°' },
          { key: 'magneticTotal', label: 'magnetic' },
          { key: 'method', label: 'method' },
          { key: 'notes', label: 'notes' },
        ],
        `Survey point ${surveyPoint(was)}: `,
      ),
    ),
  ];
}

function signOffChanges(before: ReportSnapshot, after: ReportSnapshot): string[] {
  return fieldChanges(
    before.signOff,
    after.signOff,
    [
      { key: 'signedBy', label: 'Signed by' },
      { key: 'certified', label: 'Certified' },
      { key: 'finalNotes', label: 'Final notes' },
    ],
    '',
  );
}

function totalChanges(before: ReportSnapshot, after: ReportSnapshot): string[] {
  return fieldChanges(
    before.summary,
    after.summary,
    [
      { key: 'totalDepthDrilled', label: 'Plod metres', unit: 'm' },
      { key: 'hoursWorked', label: 'Plod hours', unit: 'h' },
    ],
    '',
  );
}

const SECTIONS: readonly [ChangePart, (b: ReportSnapshot, a: ReportSnapshot) => string[]][] = [
  ['Shift details', shiftChanges],
  ['Summary', overrideChanges],
  ['Notes', (b, a) => (b.notes === a.notes ? [] : [transition('Notes', b.notes, a.notes)])],
  ['Crew', crewChanges],
  ['Holes', holeChanges],
  ['Runs', runChanges],
  ['Timesheet', timesheetChanges],
  ['Survey', surveyChanges],
  ...PLOD_PARTS.map((part): [ChangePart, (b: ReportSnapshot, a: ReportSnapshot) => string[]] => [
    part.title,
    (b, a) => part.changeLines(b, a),
  ]),
  ['Sign-off', signOffChanges],
  // What the plod now bills, last: the effect of everything above.
  ['Totals', totalChanges],
];

/** Every difference between two snapshots of one plod, in the order its screens come. */
export function describeReportChanges(
  before: ReportSnapshot,
  after: ReportSnapshot,
): ReportChange[] {
  return SECTIONS.flatMap(([part, changes]) =>
    changes(before, after).map((text) => ({ part, text })),
  );
}
