import { z } from 'zod';
import { depth, strictName } from '../strict/strict.ts';
import { lenient, lenientId } from '../docs/lenient.ts';
import type { HoleId } from '../ids/ids.ts';
import type { BitChange, BitChangeId } from './bit.ts';
import { BIT_ACTIONS, BitChangeIds, bitChangeInputSchema, bitChangePatchSchema } from './bit.ts';
import { formatDepth } from '../format/format.ts';
import { round } from '../part-kit/change-lines.ts';
import { fixedColumn, textColumn } from '../part-kit/csv-columns.ts';
import { definePart } from '../part-kit/define-part.ts';
import { dash } from '../part-kit/sheet-table.ts';
import type { BitMetres } from './bit-metres.ts';

const storedSchema = z.object({
  bitSerial: lenient(z.string(), ''),
  holeId: lenientId<HoleId>(''),
  action: lenient(z.enum(BIT_ACTIONS), 'in'),
  depth: lenient(z.number().min(0), 0),
  notes: lenient(z.string().nullable(), null),
  createdAt: lenient(z.string().nullable(), null),
});

/** A row of the part in the shift report bundle (REST reads, the CSV). */
export interface BundleBitChange {
  id: string;
  /** The bit's serial as the register keys it (trimmed, upper case). */
  bitSerial: string;
  holeId: string;
  action: 'in' | 'out';
  /** Metres down the hole. */
  depth: number;
  notes: string | null;
}

/** Bits put in and pulled out of holes on a shift (metres per bit derived): the part's descriptor. */
export const bitChangesPart = definePart(
  {
    root: 'bitChanges',
    what: 'Bit change',
    undoNoun: 'bit change',
    history: {
      group: 'Bits',
      fields: {
        bitSerial: { label: 'Bit' },
        holeId: { label: 'Hole' },
        depth: { label: 'Depth', unit: 'm' },
      },
      entryName: (text) =>
        `bit ${text('bitSerial') ?? ''} ${text('action') === 'out' ? 'out' : 'in'}`.trim(),
    },
    bundleList: 'bitChanges',
    csvSection: 'BIT CHANGES',
    rest: {
      path: 'bit-changes',
      tag: 'Bits',
      rules: {
        bitSerial: strictName.nullish(),
        holeId: strictName.nullish(),
        depth: depth.nullish(),
      },
    },
    lateEditPart: 'bitChanges',
    title: 'Bits',
    sectionName: 'bits',
  },
  {
    newId: () => BitChangeIds.create(),
    read: (id: BitChangeId, raw): BitChange => ({ id, ...storedSchema.parse(raw) }),
    inputSchema: bitChangeInputSchema,
    patchSchema: bitChangePatchSchema,
    // The row as read, without when it was stored.
    bundleRow: ({ createdAt: _stored, ...row }: BitChange): BundleBitChange => row,
    csvColumns: [
      textColumn('id'),
      textColumn('bitSerial'),
      textColumn('holeId'),
      textColumn('action'),
      fixedColumn('depth', 2),
      textColumn('notes'),
    ],
  },
  {
    sheet: {
      columns: ['Bit', 'Hole ID', 'Change', ['Depth (m)', 'numeric'], 'Notes'],
      order: (rows: readonly BitChange[]) =>
        rows.slice().sort((a, b) => a.holeId.localeCompare(b.holeId) || a.depth - b.depth),
      row: (c: BitChange) => [
        c.bitSerial,
        c.holeId,
        c.action === 'in' ? 'Bit in' : 'Bit out',
        formatDepth(c.depth),
        dash(c.notes),
      ],
      empty: 'No bit changes recorded yet',
      // Metres per bit come from the plod's runs and its bit changes (bit-metres.ts).
      totals: (_rows: readonly BitChange[], plod: { bitMetres: readonly BitMetres[] }) =>
        plod.bitMetres.length === 0
          ? null
          : `Metres per bit: ${plod.bitMetres
              .map((m) => `${m.bitSerial} on ${m.holeId} ${formatDepth(m.metres)} m`)
              .join(' · ')}`,
    },
    changes: {
      added: 'Bit change added',
      removed: 'Bit change removed',
      row: (c: BitChange) => `${c.bitSerial} ${c.action} on ${c.holeId} at ${round(c.depth)} m`,
      fields: ['bitSerial', 'holeId', 'action', 'depth', 'notes'],
      prefix: (was: BitChange) => `Bit ${was.bitSerial}: `,
    },
    totals: () => ({}),
  },
);

/** Record a bit going in or coming out of a hole. */
export const addBitChange = bitChangesPart.add;
/** Remove a bit change. */
export const removeBitChange = bitChangesPart.remove;
/** The plod's bit changes. */
export const readBitChanges = bitChangesPart.read;
