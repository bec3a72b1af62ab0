import type { CrewAssignment } from '../crew-assignment/crew-assignment.ts';
import type { DerivedRun } from '../run/run.ts';
import type { ReportHole } from '../hole/report-hole-doc.ts';
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
  | 'Maintenance'
  | 'Hire tools'
  | 'Downtime'
  | 'Consumables'
  | 'Bits'
  | 'Photos'
  | 'Sign-off'
  | 'Totals';

type Value = string | number | boolean | null | undefined;

const ARROW = '->';

function shown(value: Value, unit = ''): string {
  if (value === null || value === undefined || value === '') return 'empty';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return `${round(value)}${unit}`;
  return value.length > 60 ? `"${value.slice(0, 60)}…"` : value;
}

const round = (n: number) => String(Math.round(n * 100) / 100);
const metres = (n: number) => n.toFixed(1);
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "Start time 06:00 -> 07:00", with the unit once at the end ("0.5 -> 0.8 m"). */
function transition(label: string, before: Value, after: Value, unit = ''): string {
  const numeric = typeof before === 'number' && typeof after === 'number';
  const from = numeric ? round(before) : shown(before);
  const to = shown(after, unit === '' ? '' : ` ${unit}`);
  return `${label} ${from} ${ARROW} ${to}`;
}

interface FieldSpec<T> {
  key: keyof T & string;
  label: string;
  unit?: string;
}

/** One line per field that differs between two versions of an entry. */
function fieldChanges<T>(
  before: T,
  after: T,
  fields: readonly FieldSpec<T>[],
  prefix: string,
): string[] {
  const lines: string[] = [];
  for (const { key, label, unit } of fields) {
    const was = before[key] as Value;
    const now = after[key] as Value;
    if (was !== now) lines.push(transition(`${prefix}${label}`, was, now, unit));
  }
  return lines;
}

/** Entries of two lists by id: added, removed and present in both. */
function pair<T extends { id: string }>(before: readonly T[], after: readonly T[]) {
  const was = new Map(before.map((e) => [e.id, e]));
  const now = new Map(after.map((e) => [e.id, e]));
  return {
    added: after.filter((e) => !was.has(e.id)),
    removed: before.filter((e) => !now.has(e.id)),
    kept: after.flatMap((e) => {
      const old = was.get(e.id);
      return old ? [[old, e] as const] : [];
    }),
  };
}

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

function crewChanges(before: ReportSnapshot, after: ReportSnapshot): string[] {
  const { added, removed, kept } = pair(before.crew, after.crew);
  const lines = [
    ...added.map((a) => `Crew added: ${who(a)}`),
    ...removed.map((a) => `Crew removed: ${who(a)}`),
    ...kept.flatMap(([was, now]) =>
      fieldChanges(
        was,
        now,
        [
          { key: 'crewMemberName', label: 'name' },
          { key: 'role', label: 'role' },
          { key: 'startTime', label: 'start' },
          { key: 'finishTime', label: 'finish' },
          { key: 'breakHours', label: 'break', unit: 'h' },
          { key: 'travelHours', label: 'travel', unit: 'h' },
          { key: 'hoursNotes', label: 'hours notes' },
        ],
        `${was.crewMemberName} `,
      ),
    ),
  ];
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

function timesheetChanges(before: ReportSnapshot, after: ReportSnapshot): string[] {
  const { added, removed, kept } = pair(before.timesheet, after.timesheet);
  return [
    ...added.map((t) => `Time entry added: ${timeEntry(t)}`),
    ...removed.map((t) => `Time entry removed: ${timeEntry(t)}`),
    ...kept.flatMap(([was, now]) =>
      fieldChanges(
        was,
        now,
        [
          { key: 'activity', label: 'activity' },
          { key: 'startTime', label: 'start' },
          { key: 'endTime', label: 'end' },
          { key: 'holeId', label: 'hole' },
          { key: 'notes', label: 'notes' },
        ],
        `Time entry ${timeEntry(was)}: `,
      ),
    ),
  ];
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

type Maintenance = ReportSnapshot['maintenance'][number];
const task = (m: Maintenance) => `${m.description} (${round(m.timeSpent)} h)`;

function maintenanceChanges(before: ReportSnapshot, after: ReportSnapshot): string[] {
  const { added, removed, kept } = pair(before.maintenance, after.maintenance);
  return [
    ...added.map((m) => `Maintenance added: ${task(m)}`),
    ...removed.map((m) => `Maintenance removed: ${task(m)}`),
    ...kept.flatMap(([was, now]) =>
      fieldChanges(
        was,
        now,
        [
          { key: 'description', label: 'description' },
          { key: 'timeSpent', label: 'time', unit: 'h' },
          { key: 'status', label: 'status' },
          { key: 'notes', label: 'notes' },
        ],
        `Maintenance ${was.description}: `,
      ),
    ),
  ];
}

type Tool = ReportSnapshot['hireTools'][number];
const tool = (t: Tool) => `${t.toolName} x${t.quantity}, ${round(t.hours)} h`;

function hireToolChanges(before: ReportSnapshot, after: ReportSnapshot): string[] {
  const { added, removed, kept } = pair(before.hireTools, after.hireTools);
  return [
    ...added.map((t) => `Hire tool added: ${tool(t)}`),
    ...removed.map((t) => `Hire tool removed: ${tool(t)}`),
    ...kept.flatMap(([was, now]) =>
      fieldChanges(
        was,
        now,
        [
          { key: 'quantity', label: 'quantity' },
          { key: 'hours', label: 'hours', unit: 'h' },
          { key: 'ratePerHour', label: 'rate per hour' },
          { key: 'notes', label: 'notes' },
        ],
        `Hire tool ${was.toolName}: `,
      ),
    ),
  ];
}

type Downtime = ReportSnapshot['downtime'][number];
const stop = (d: Downtime) => `${d.codeName} ${d.startTime}-${d.endTime} (${round(d.hours)} h)`;

function downtimeChanges(before: ReportSnapshot, after: ReportSnapshot): string[] {
  const { added, removed, kept } = pair(before.downtime, after.downtime);
  return [
    ...added.map((d) => `Downtime added: ${stop(d)}`),
    ...removed.map((d) => `Downtime removed: ${stop(d)}`),
    ...kept.flatMap(([was, now]) =>
      fieldChanges(
        was,
        now,
        [
          { key: 'codeName', label: 'code' },
          { key: 'startTime', label: 'start' },
          { key: 'endTime', label: 'end' },
          { key: 'holeId', label: 'hole' },
          { key: 'notes', label: 'notes' },
        ],
        `Downtime ${was.codeName}: `,
      ),
    ),
  ];
}

type Consumable = ReportSnapshot['consumables'][number];
const used = (c: Consumable) => `${c.itemName} ${round(c.quantity)} ${c.unit}`;

function consumableChanges(before: ReportSnapshot, after: ReportSnapshot): string[] {
  const { added, removed, kept } = pair(before.consumables, after.consumables);
  return [
    ...added.map((c) => `Consumable added: ${used(c)}`),
    ...removed.map((c) => `Consumable removed: ${used(c)}`),
    ...kept.flatMap(([was, now]) =>
      fieldChanges(
        was,
        now,
        [
          { key: 'itemName', label: 'item' },
          { key: 'quantity', label: 'quantity' },
          { key: 'holeId', label: 'hole' },
          { key: 'notes', label: 'notes' },
        ],
        `Consumable ${was.itemName}: `,
      ),
    ),
  ];
}

type Change = ReportSnapshot['bitChanges'][number];
const bitChange = (c: Change) => `${c.bitSerial} ${c.action} on ${c.holeId} at ${round(c.depth)} m`;

function bitChanges(before: ReportSnapshot, after: ReportSnapshot): string[] {
  const { added, removed, kept } = pair(before.bitChanges, after.bitChanges);
  return [
    ...added.map((c) => `Bit change added: ${bitChange(c)}`),
    ...removed.map((c) => `Bit change removed: ${bitChange(c)}`),
    ...kept.flatMap(([was, now]) =>
      fieldChanges(
        was,
        now,
        [
          { key: 'bitSerial', label: 'bit' },
          { key: 'holeId', label: 'hole' },
          { key: 'action', label: 'action' },
          { key: 'depth', label: 'depth', unit: 'm' },
          { key: 'notes', label: 'notes' },
        ],
        `Bit ${was.bitSerial}: `,
      ),
    ),
  ];
}

type PhotoRow = ReportSnapshot['photos'][number];
const photo = (p: PhotoRow) =>
  [p.caption ?? 'photo', p.holeId, p.fromDepth === null ? null : `from ${round(p.fromDepth)} m`]
    .filter((part) => part !== null)
    .join(', ');

function photoChanges(before: ReportSnapshot, after: ReportSnapshot): string[] {
  const { added, removed, kept } = pair(before.photos, after.photos);
  return [
    ...added.map((p) => `Photo added: ${photo(p)}`),
    ...removed.map((p) => `Photo deleted: ${photo(p)}`),
    ...kept.flatMap(([was, now]) =>
      fieldChanges(
        was,
        now,
        [
          { key: 'caption', label: 'caption' },
          { key: 'holeId', label: 'hole' },
          { key: 'fromDepth', label: 'from', unit: 'm' },
          { key: 'toDepth', label: 'to', unit: 'm' },
        ],
        `Photo ${photo(was)}: `,
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
  ['Maintenance', maintenanceChanges],
  ['Hire tools', hireToolChanges],
  ['Downtime', downtimeChanges],
  ['Consumables', consumableChanges],
  ['Bits', bitChanges],
  ['Photos', photoChanges],
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
