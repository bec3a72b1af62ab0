import { z } from 'zod';
import type { Brand, DowntimeCodeId, HoleId, SiteId } from '../ids/ids.ts';
import { uuidKind } from '../ids/ids.ts';
import { formatHours } from '../format/format.ts';
import { optionalText, requiredText, roundTo } from '../format/numbers.ts';
import { hoursBetween, minutesOfDay } from '../shift/time.ts';
import { timeOfDaySchema } from '../shift/time-schemas.ts';
import { entryHours } from '../timesheet/timesheet.ts';
import { siteIdSchema } from '../ids/schemas.ts';

/** The id of a row of this part (UUIDv7, made offline). */
export type DowntimeEntryId = Brand<string, 'DowntimeEntryId'>;
export const DowntimeEntryIds = uuidKind<DowntimeEntryId>('DowntimeEntryId');

/** The groups a downtime code belongs to. */
export const DOWNTIME_GROUPS = [
  'operational',
  'breakdown',
  'safety-weather',
  'client-standby',
  'mob-demob',
] as const;
export const downtimeGroupSchema = z.enum(DOWNTIME_GROUPS);
export type DowntimeGroup = z.infer<typeof downtimeGroupSchema>;

/** How a group reads on screens, in the CSV and on the report. */
export const DOWNTIME_GROUP_LABELS: Readonly<Record<DowntimeGroup, string>> = {
  operational: 'Operational',
  breakdown: 'Breakdown',
  'safety-weather': 'Safety / weather',
  'client-standby': 'Client standby',
  'mob-demob': 'Mob / demob',
};

export const CODE_NAME_REQUIRED = 'Code name is required';

/** A site's downtime code, managed by a supervisor in Site Setup. */
export interface DowntimeCode {
  id: DowntimeCodeId;
  siteId: SiteId;
  name: string;
  group: DowntimeGroup;
  /** The client is charged for time under this code. */
  chargeable: boolean;
  createdAt: string | null;
}

/** POST /api/downtime-codes. */
export const downtimeCodeCreateSchema = z.object({
  siteId: siteIdSchema,
  name: requiredText(CODE_NAME_REQUIRED),
  group: downtimeGroupSchema.default('operational'),
  chargeable: z.boolean().default(false),
});
export type DowntimeCodeCreate = z.input<typeof downtimeCodeCreateSchema>;

/** PUT /api/downtime-codes/{id}: a code stays on its site. */
export const downtimeCodeUpdateSchema = z.object({
  name: requiredText(CODE_NAME_REQUIRED).optional(),
  group: downtimeGroupSchema.optional(),
  chargeable: z.boolean().optional(),
});
export type DowntimeCodeUpdate = z.input<typeof downtimeCodeUpdateSchema>;

/** A default code: its key (its id derives from the site and the key), name, group, charge. */
export interface DefaultDowntimeCode {
  key: string;
  name: string;
  group: DowntimeGroup;
  chargeable: boolean;
}

/** The list a new site starts with (a supervisor changes it in Site Setup). */
export const DEFAULT_DOWNTIME_CODES: readonly DefaultDowntimeCode[] = [
  { key: 'waiting-water', name: 'Waiting on water', group: 'operational', chargeable: false },
  {
    key: 'waiting-client',
    name: 'Waiting on client / geologist',
    group: 'client-standby',
    chargeable: true,
  },
  { key: 'client-standby', name: 'Client standby', group: 'client-standby', chargeable: true },
  { key: 'rig-breakdown', name: 'Rig breakdown', group: 'breakdown', chargeable: false },
  { key: 'equipment-repair', name: 'Equipment repair', group: 'breakdown', chargeable: false },
  { key: 'weather', name: 'Weather', group: 'safety-weather', chargeable: false },
  {
    key: 'safety-stop',
    name: 'Safety stop / meeting',
    group: 'safety-weather',
    chargeable: false,
  },
  { key: 'rig-move', name: 'Rig move', group: 'mob-demob', chargeable: true },
  { key: 'mob-demob', name: 'Mobilisation / demobilisation', group: 'mob-demob', chargeable: true },
];

/** What a downtime entry keeps of its code when recorded (the plod stays readable if the list changes). */
export interface DowntimeCodeCopy {
  codeId: DowntimeCodeId;
  codeName: string;
  codeGroup: DowntimeGroup;
  chargeable: boolean;
}

/** The copy of a code a new or changed entry stores. */
export function downtimeCodeCopy(
  code: Pick<DowntimeCode, 'id' | 'name' | 'group' | 'chargeable'>,
): DowntimeCodeCopy {
  return {
    codeId: code.id,
    codeName: code.name,
    codeGroup: code.group,
    chargeable: code.chargeable,
  };
}

/** A downtime entry as stored: hours are derived from start and end (the midnight rule). */
export interface StoredDowntimeEntry extends DowntimeCodeCopy {
  id: DowntimeEntryId;
  startTime: string;
  endTime: string;
  holeId: HoleId | null;
  notes: string | null;
  createdAt: string | null;
}

/** A downtime entry with its hours. */
export interface DowntimeEntry extends StoredDowntimeEntry {
  hours: number;
}

export const CODE_REQUIRED = 'Downtime code is required';
const codeIdSchema = z
  .string({ error: CODE_REQUIRED })
  .trim()
  .min(1, CODE_REQUIRED)
  .transform((v) => v as DowntimeCodeId);
const holeLabel = optionalText.transform((v) => v as HoleId | null);

/**
 * POST /api/downtime-entries. The code's name, group and charge are copied from the site's list
 * (REST fills them from the setup document; a screen from the code it offered).
 */
export const downtimeEntryInputSchema = z.object({
  codeId: codeIdSchema,
  codeName: z.string().trim().default(''),
  codeGroup: downtimeGroupSchema.default('operational'),
  chargeable: z.boolean().default(false),
  startTime: timeOfDaySchema,
  endTime: timeOfDaySchema,
  holeId: holeLabel,
  notes: optionalText,
});
export type DowntimeEntryInput = z.input<typeof downtimeEntryInputSchema>;

/** Patch of a downtime entry (a changed code brings its copy with it). */
export const downtimeEntryPatchSchema = z.object({
  codeId: codeIdSchema.optional(),
  codeName: z.string().trim().optional(),
  codeGroup: downtimeGroupSchema.optional(),
  chargeable: z.boolean().optional(),
  startTime: timeOfDaySchema.optional(),
  endTime: timeOfDaySchema.optional(),
  holeId: holeLabel.optional(),
  notes: optionalText.optional(),
});
export type DowntimeEntryPatch = z.input<typeof downtimeEntryPatchSchema>;

/** Hours of a downtime entry, as a time entry's: an end before the start is the next day. */
export const downtimeHours: (entry: Pick<StoredDowntimeEntry, 'startTime' | 'endTime'>) => number =
  entryHours;

/** Something on the shift's time axis: a timesheet entry or a downtime entry. */
export interface TimedEntry {
  id: string;
  kind: 'timesheet' | 'downtime';
  /** How a message names it ("Drilling", "Weather"). */
  label: string;
  startTime: string;
  endTime: string;
}

/** Two entries whose times overlap. */
export interface Overlap {
  first: TimedEntry;
  second: TimedEntry;
}

const DAY = 24 * 60;

/** Start minute and length of an entry on the day's circle; null for a 0 h or unreadable entry. */
function span(entry: TimedEntry): { start: number; length: number } | null {
  const start = minutesOfDay(entry.startTime);
  const length = Math.round(hoursBetween(entry.startTime, entry.endTime) * 60);
  return start === null || length === 0 ? null : { start, length };
}

/** True when b starts inside a, going round midnight. */
function startsInside(a: { start: number; length: number }, b: { start: number }): boolean {
  return (((b.start - a.start) % DAY) + DAY) % DAY < a.length;
}

/**
 * The pairs of entries (downtime with downtime, downtime with timesheet) whose times overlap, on a
 * 24-hour clock where an end before the start is the next day. Timesheet entries among themselves
 * are the timesheet's business. Shown as a message; nothing is changed.
 */
export function findOverlaps(entries: readonly TimedEntry[]): Overlap[] {
  const overlaps: Overlap[] = [];
  entries.forEach((first, i) => {
    const a = span(first);
    if (!a) return;
    for (const second of entries.slice(i + 1)) {
      if (first.kind === 'timesheet' && second.kind === 'timesheet') continue;
      const b = span(second);
      if (b && (startsInside(a, b) || startsInside(b, a))) overlaps.push({ first, second });
    }
  });
  return overlaps;
}

/** The message an overlap shows. */
export function overlapMessage({ first, second }: Overlap): string {
  const name = (e: TimedEntry) =>
    `${e.kind === 'downtime' ? 'downtime' : 'timesheet'} ${e.label} (${e.startTime}-${e.endTime})`;
  return `Times overlap: ${name(first)} and ${name(second)}`;
}

/** The timesheet and downtime entries of a shift on one time axis. */
export function timedEntries(
  timesheet: readonly { id: string; activity: string; startTime: string; endTime: string }[],
  downtime: readonly Pick<StoredDowntimeEntry, 'id' | 'codeName' | 'startTime' | 'endTime'>[],
): TimedEntry[] {
  return [
    ...timesheet.map((t) => ({
      id: t.id,
      kind: 'timesheet' as const,
      label: t.activity.charAt(0).toUpperCase() + t.activity.slice(1),
      startTime: t.startTime,
      endTime: t.endTime,
    })),
    ...downtime.map((d) => ({
      id: d.id,
      kind: 'downtime' as const,
      label: d.codeName,
      startTime: d.startTime,
      endTime: d.endTime,
    })),
  ];
}

/** A shift's hours on one axis: drilling + other activities + downtime. */
export interface ShiftHours {
  drillingHours: number;
  otherHours: number;
  downtimeHours: number;
  /** Downtime under a client-standby code. */
  clientStandbyHours: number;
  /** Downtime the client is charged for. */
  chargeableHours: number;
  totalHours: number;
}

/** The shift's hours: drilling from the timesheet's Drilling activity, downtime from its entries. */
export function shiftHours(
  timesheet: readonly { activity: string; startTime: string; endTime: string }[],
  downtime: readonly Pick<
    StoredDowntimeEntry,
    'startTime' | 'endTime' | 'codeGroup' | 'chargeable'
  >[],
): ShiftHours {
  const sum = (rows: readonly { startTime: string; endTime: string }[]) =>
    roundTo(
      rows.reduce((total, row) => total + hoursBetween(row.startTime, row.endTime), 0),
      2,
    );
  const drillingHours = sum(timesheet.filter((t) => t.activity === 'drilling'));
  const otherHours = sum(timesheet.filter((t) => t.activity !== 'drilling'));
  const downtimeTotal = sum(downtime);
  return {
    drillingHours,
    otherHours,
    downtimeHours: downtimeTotal,
    clientStandbyHours: sum(downtime.filter((d) => d.codeGroup === 'client-standby')),
    chargeableHours: sum(downtime.filter((d) => d.chargeable)),
    totalHours: roundTo(drillingHours + otherHours + downtimeTotal, 2),
  };
}

/** "Drilling 8.0 h, Downtime 3.5 h (client standby 2.0 h)". */
export function shiftHoursLine(hours: ShiftHours): string {
  return `Drilling ${formatHours(hours.drillingHours)} h, Downtime ${formatHours(hours.downtimeHours)} h (client standby ${formatHours(hours.clientStandbyHours)} h)`;
}
