import type * as Y from 'yjs';
import { z } from 'zod';
import { lenient } from '../docs/lenient.ts';
import { ModelError } from '../errors/errors.ts';
import type { DowntimeCodeId, HoleId } from '../ids/ids.ts';
import type { DowntimeEntry, DowntimeEntryId, ShiftHours } from './downtime.ts';
import {
  DOWNTIME_GROUP_LABELS,
  DowntimeEntryIds,
  downtimeCodeCopy,
  downtimeEntryInputSchema,
  downtimeEntryPatchSchema,
  downtimeGroupSchema,
  downtimeHours,
  shiftHoursLine,
} from './downtime.ts';
import { formatHours } from '../format/format.ts';
import { round } from '../part-kit/change-lines.ts';
import { booleanColumn, hoursColumn, textColumn } from '../part-kit/csv-columns.ts';
import { definePart } from '../part-kit/define-part.ts';
import { dash } from '../part-kit/sheet-table.ts';
import { timeLabel } from '../shift/time.ts';
import { readDowntimeCodes } from './downtime-codes-doc.ts';

const storedSchema = z.object({
  codeId: lenient(z.string(), ''),
  codeName: lenient(z.string(), ''),
  codeGroup: lenient(downtimeGroupSchema, 'operational'),
  chargeable: lenient(z.boolean(), false),
  startTime: lenient(z.string(), ''),
  endTime: lenient(z.string(), ''),
  holeId: lenient(z.string().nullable(), null),
  notes: lenient(z.string().nullable(), null),
  createdAt: lenient(z.string().nullable(), null),
});

/**
 * A body's code as the site's list holds it: the entry keeps a copy of its name, group and charge.
 * A code the list does not hold is refused (400).
 */
function withCodeCopy(setup: Y.Doc, body: Readonly<Record<string, unknown>>) {
  if (body.codeId === undefined) return body;
  const code = readDowntimeCodes(setup).find((c) => c.id === body.codeId);
  if (!code)
    throw new ModelError('invalid-input', `Downtime code ${String(body.codeId)} not found`);
  return { ...body, ...downtimeCodeCopy(code) };
}

/** A row of the part in the shift report bundle (REST reads, the CSV). */
export interface BundleDowntimeEntry {
  id: string;
  codeId: string;
  /** The code's name, group and charge as they were when the entry was recorded. */
  codeName: string;
  codeGroup: 'operational' | 'breakdown' | 'safety-weather' | 'client-standby' | 'mob-demob';
  chargeable: boolean;
  startTime: string;
  endTime: string;
  /** End minus start in hours, an end before the start being the next day. */
  hours: number;
  holeId: string | null;
  notes: string | null;
}

/** Downtime and standby of a shift, on the timesheet's time axis: the part's descriptor. */
export const downtimePart = definePart(
  {
    root: 'downtime',
    what: 'Downtime entry',
    undoNoun: 'downtime',
    history: {
      group: 'Downtime',
      fields: {
        codeName: { label: 'Code' },
        codeGroup: { label: 'Group' },
        startTime: { label: 'Start' },
        endTime: { label: 'End' },
        holeId: { label: 'Hole' },
      },
      entryName: (text) => `downtime${text('codeName') ? `: ${text('codeName')}` : ''}`,
    },
    bundleList: 'downtimeEntries',
    csvSection: 'DOWNTIME',
    rest: {
      path: 'downtime-entries',
      tag: 'Downtime',
      rules: { chargeable: z.boolean({ error: 'must be true or false' }).nullish() },
      fromSetup: withCodeCopy,
    },
    lateEditPart: 'downtime',
    title: 'Downtime',
    sectionName: 'downtime',
    countLabel: 'Downtime Entries',
    rowNoun: 'Downtime entry',
  },
  {
    newId: () => DowntimeEntryIds.create(),
    read: (id: DowntimeEntryId, raw): DowntimeEntry => {
      const stored = storedSchema.parse(raw);
      return {
        id,
        ...stored,
        codeId: stored.codeId as DowntimeCodeId,
        holeId: stored.holeId as HoleId | null,
        hours: downtimeHours(stored),
      };
    },
    inputSchema: downtimeEntryInputSchema,
    patchSchema: downtimeEntryPatchSchema,
    // The row as read without when it was stored; the bundle lists its hole and notes after the hours.
    bundleRow: ({
      createdAt: _stored,
      holeId,
      notes,
      ...row
    }: DowntimeEntry): BundleDowntimeEntry => ({
      ...row,
      holeId,
      notes,
    }),
    csvColumns: [
      textColumn('id'),
      textColumn('codeName', 'code'),
      textColumn('codeGroup', 'group'),
      booleanColumn('chargeable'),
      textColumn('startTime'),
      textColumn('endTime'),
      hoursColumn('hours'),
      textColumn('holeId'),
      textColumn('notes'),
    ],
  },
  {
    sheet: {
      columns: [
        'Code',
        'Group',
        'Charged',
        'Start',
        'End',
        ['Hours', 'numeric'],
        'Hole ID',
        'Notes',
      ],
      row: (d: DowntimeEntry) => [
        dash(d.codeName),
        DOWNTIME_GROUP_LABELS[d.codeGroup],
        d.chargeable ? 'Yes' : 'No',
        timeLabel(d.startTime),
        timeLabel(d.endTime),
        formatHours(d.hours),
        dash(d.holeId),
        dash(d.notes),
      ],
      empty: 'No downtime recorded',
      // The shift's hours on one axis: the timesheet's activities and the downtime.
      totals: (_rows: readonly DowntimeEntry[], plod: { totals: { shiftHours: ShiftHours } }) =>
        shiftHoursLine(plod.totals.shiftHours),
    },
    changes: {
      added: 'Downtime added',
      removed: 'Downtime removed',
      row: (d: DowntimeEntry) => `${d.codeName} ${d.startTime}-${d.endTime} (${round(d.hours)} h)`,
      fields: ['codeName', 'startTime', 'endTime', 'holeId', 'notes'],
      prefix: (was: DowntimeEntry) => `Downtime ${was.codeName}: `,
    },
    totals: () => ({}),
  },
);

/** Record downtime (hours are derived from its times, the midnight rule). */
export const addDowntimeEntry = downtimePart.add;
/** Edit a downtime entry. */
export const updateDowntimeEntry = downtimePart.update;
/** Remove a downtime entry. */
export const removeDowntimeEntry = downtimePart.remove;
/** The downtime entries with their hours. */
export const readDowntime = downtimePart.read;
