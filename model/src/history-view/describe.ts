import type { HistoryEntry } from '../history/read.ts';
import type { HistorySection } from '../history/stored.ts';
import type { HistoryFields, HistoryValue } from '../history/values.ts';
import { isDigest, sameHistoryValue } from '../history/values.ts';
import type { FieldLabel } from '../part-kit/define-part.ts';
import { PLOD_PARTS } from '../parts/registry.ts';
import type { PlodPartName } from '../parts/registry.ts';

/** The parts of a plod a history list can be filtered by, in the order a plod reads. */
export const HISTORY_GROUPS = [
  'Shift details',
  'Summary',
  'Notes',
  'Status',
  'Crew',
  'Holes',
  'Runs',
  'Timesheet',
  'Survey',
  ...PLOD_PARTS.map((part) => part.history.group),
  'Sign-off',
] as const;
export type HistoryGroup = (typeof HISTORY_GROUPS)[number];

type FieldSpec = FieldLabel;

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const humanize = (key: string) => capitalize(key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase());

const HOLE_FIELDS: Record<string, FieldSpec> = {
  targetDepth: { label: 'Target depth', unit: 'm' },
  constantStickUp: { label: 'Constant stick-up', unit: 'm' },
  startDepth: { label: 'Start depth', unit: 'm' },
  startStickUp: { label: 'Start stick-up', unit: 'm' },
  startBit: { label: 'Bit down at start' },
  dip: { label: 'Dip', unit: '°' },
  azimuth: { label: 'Azimuth', unit: '°' },
  oriToolLength: { label: 'Ori tool length', unit: 'm' },
  isComplete: { label: 'Complete' },
};

const FIELDS: Partial<Record<HistorySection, Record<string, FieldSpec>>> = {
  meta: {
    notes: { label: 'Notes' },
    status: { label: 'Status', format: capitalize },
    primaryAssignmentId: { label: 'Primary driller' },
    returnComment: { label: 'Return comment' },
    reopenReason: { label: 'Reopen reason' },
  },
  shift: {
    date: { label: 'Date' },
    shiftType: { label: 'Shift type', format: capitalize },
    startTime: { label: 'Start time' },
    endTime: { label: 'End time' },
    siteId: { label: 'Site' },
    rigId: { label: 'Rig' },
    siteName: { label: 'Site name' },
    rigName: { label: 'Rig name' },
    level: { label: 'Level' },
  },
  overrides: {
    operator: { label: 'Operator', override: true },
    totalDepthDrilled: { label: 'Total depth', unit: 'm', override: true },
    hoursWorked: { label: 'Hours worked', unit: 'h', override: true },
    holesCompleted: { label: 'Holes completed', override: true },
    siteName: { label: 'Site name', override: true },
    rigName: { label: 'Rig name', override: true },
  },
  holes: HOLE_FIELDS,
  holeSetups: HOLE_FIELDS,
  runs: {
    stickUp: { label: 'Stick-up', unit: 'm' },
    rodAdded: { label: 'Rod added' },
    oriToolUsed: { label: 'Ori tool used' },
    recoveredLength: { label: 'Recovered length', unit: 'm' },
    holeId: { label: 'Hole' },
    measure: { label: 'Measurement' },
  },
  crew: {
    startTime: { label: 'Start' },
    finishTime: { label: 'Finish' },
    breakHours: { label: 'Break', unit: 'h' },
    travelHours: { label: 'Travel', unit: 'h' },
    hoursNotes: { label: 'Hours notes' },
  },
  timesheet: { holeId: { label: 'Hole' } },
  survey: { depth: { label: 'Depth', unit: 'm' }, dip: { label: 'Dip', unit: '°' } },
  ...Object.fromEntries(PLOD_PARTS.map((part) => [part.root, part.history.fields])),
  signOff: { signedBy: { label: 'Signed by' }, finalNotes: { label: 'Final notes' } },
};

/** The group of each section but the parts' (PLOD_PARTS say their own). */
const SECTION_GROUP: Record<Exclude<HistorySection, PlodPartName>, HistoryGroup> = {
  meta: 'Status',
  shift: 'Shift details',
  overrides: 'Summary',
  crew: 'Crew',
  holes: 'Holes',
  holeSetups: 'Holes',
  runs: 'Runs',
  timesheet: 'Timesheet',
  survey: 'Survey',
  signOff: 'Sign-off',
};

/** The group a change belongs to (notes and the primary driller sit in their own places). */
export function historyGroup(entry: Pick<HistoryEntry, 'section' | 'field'>): HistoryGroup {
  if (entry.section === 'meta' && entry.field === 'notes') return 'Notes';
  if (entry.section === 'meta' && entry.field === 'primaryAssignmentId') return 'Crew';
  const { section } = entry;
  return isPartSection(section) ? partGroup(section) : SECTION_GROUP[section];
}

const isPartSection = (section: HistorySection): section is PlodPartName =>
  PLOD_PARTS.some((part) => part.root === section);

function partGroup(section: PlodPartName): HistoryGroup {
  const part = PLOD_PARTS.find((p) => p.root === section);
  if (!part) throw new Error(`No part holds the section ${section}`);
  return part.history.group;
}

/** Names the history can show instead of ids (from the setup document, when the screen has it). */
export interface HistoryNames {
  site?: (id: string) => string | null | undefined;
  rig?: (id: string) => string | null | undefined;
}

/** One change in words. */
export interface DescribedChange {
  entry: HistoryEntry;
  group: HistoryGroup;
  /** What changed: "Total depth", "Run on DH-1 · Stick-up", "Crew: Bob". */
  subject: string;
  /** "Total depth 10.5 → 12.5 m", "Added Bob (driller)", "Removed run on DH-1". */
  text: string;
}

const MAX_SHOWN = 80;

function plain(value: HistoryValue, spec?: FieldSpec): string {
  if (value === null) return 'empty';
  if (isDigest(value)) return `${value.preview}…`;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return String(value);
  const text = spec?.format ? spec.format(value) : value;
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
}

/** "12.5 m", "-60°", "yes". */
function valueWithUnit(value: HistoryValue, spec: FieldSpec): string {
  const unit = spec.unit ? (spec.unit === '°' ? '°' : ` ${spec.unit}`) : '';
  return typeof value === 'number' ? `${plain(value)}${unit}` : plain(value, spec);
}

/** "10.5 → 12.5 m", "set to 12.5 m", "cleared (was 12.5 m)". */
function transition(old: HistoryValue, next: HistoryValue, spec?: FieldSpec): string {
  const unit = spec?.unit ? (spec.unit === '°' ? '°' : ` ${spec.unit}`) : '';
  const withUnit = (v: HistoryValue) =>
    typeof v === 'number' ? `${plain(v)}${unit}` : plain(v, spec);
  // A write of the value already there: it matters only when it met a change made apart.
  if (sameHistoryValue(old, next)) return `saved again as ${withUnit(next)}`;
  if (old === null) return `set to ${withUnit(next)}`;
  if (next === null) {
    return spec?.override
      ? `back to the calculated value (was ${withUnit(old)})`
      : `cleared (was ${withUnit(old)})`;
  }
  if (typeof old === 'number' && typeof next === 'number')
    return `${plain(old)} → ${plain(next)}${unit}`;
  return `${withUnit(old)} → ${withUnit(next)}`;
}

type EntryFields = Map<string, HistoryFields>;

function text(fields: HistoryFields | undefined, key: string): string | null {
  const value = fields?.[key];
  return typeof value === 'string' ? value : null;
}

/** A short name for an entry row, from the fields it was added with (or removed with). */
function entryName(section: HistorySection, id: string, fields: HistoryFields | undefined): string {
  switch (section) {
    case 'crew': {
      const name = text(fields, 'crewMemberName') ?? 'crew member';
      const role = text(fields, 'role');
      return role ? `${name} (${role})` : name;
    }
    case 'holes':
      return `hole ${id}`;
    case 'holeSetups': {
      // A hole's setup is kept as writes (hole/setup-writes.ts): one that starts the hole, or one
      // that sets (chooses) some of its settings.
      const hole = `hole ${text(fields, 'holeId') ?? ''}`.trim();
      if (fields?.startDepth !== undefined) return hole;
      const set = Object.entries(HOLE_FIELDS).flatMap(([key, spec]) => {
        const value = fields?.[key];
        return value === undefined
          ? []
          : [`${spec.label.toLowerCase()} ${valueWithUnit(value, spec)}`];
      });
      return set.length > 0 ? `${set.join(', ')} for ${hole}` : `setting of ${hole}`;
    }
    case 'runs':
      return text(fields, 'holeId') ? `run on ${text(fields, 'holeId')}` : 'run';
    case 'timesheet': {
      const span = [text(fields, 'startTime'), text(fields, 'endTime')].filter(Boolean).join('-');
      return ['time entry', text(fields, 'activity'), span].filter(Boolean).join(' ');
    }
    case 'survey':
      return typeof fields?.depth === 'number' ? `survey at ${fields.depth} m` : 'survey point';
    default: {
      const part = PLOD_PARTS.find((p) => p.root === section);
      return part
        ? part.history.entryName((key) => text(fields, key))
        : humanize(section).toLowerCase();
    }
  }
}

function describeOne(
  entry: HistoryEntry,
  added: EntryFields,
  names: HistoryNames,
): DescribedChange {
  const group = historyGroup(entry);
  const key = `${entry.section}\u0001${entry.entryId ?? ''}`;
  if (entry.kind !== 'change') {
    const fields = (entry.kind === 'add' ? entry.new : entry.old) as HistoryFields;
    const name = entryName(entry.section, entry.entryId ?? '', fields);
    const verb = entry.kind === 'add' ? 'Added' : 'Removed';
    return { entry, group, subject: capitalize(name), text: `${verb} ${name}` };
  }
  const field = entry.field ?? '';
  if (entry.section === 'meta' && field === 'status' && entry.old === null) {
    return { entry, group, subject: 'Status', text: 'Plod started' };
  }
  const spec = FIELDS[entry.section]?.[field] ?? { label: humanize(field) };
  let old = entry.old as HistoryValue;
  let next = entry.new as HistoryValue;
  // Ids read as names where the history or the screen knows them.
  const lookup =
    field === 'primaryAssignmentId'
      ? (id: string) => text(added.get(`crew\u0001${id}`), 'crewMemberName')
      : field === 'siteId'
        ? names.site
        : field === 'rigId'
          ? names.rig
          : undefined;
  if (lookup) {
    if (typeof old === 'string') old = lookup(old) ?? old;
    if (typeof next === 'string') next = lookup(next) ?? next;
  }
  const row =
    entry.entryId === null ? null : entryName(entry.section, entry.entryId, added.get(key));
  const subject = row ? `${capitalize(row)} · ${spec.label}` : spec.label;
  return { entry, group, subject, text: `${subject} ${transition(old, next, spec)}` };
}

/** Every change in words, in the order given; entry rows are named from the fields they were added with. */
export function describeHistory(
  entries: readonly HistoryEntry[],
  names: HistoryNames = {},
): DescribedChange[] {
  const added: EntryFields = new Map();
  for (const entry of entries) {
    if (entry.kind === 'change' || entry.entryId === null) continue;
    const key = `${entry.section}\u0001${entry.entryId}`;
    if (!added.has(key)) added.set(key, (entry.new ?? entry.old) as HistoryFields);
  }
  return entries.map((entry) => describeOne(entry, added, names));
}

/** "Total depth", "Primary driller": the label of a field, for a conflict note. */
export function fieldLabel(section: HistorySection, field: string): string {
  return FIELDS[section]?.[field]?.label ?? humanize(field);
}
