import type * as Y from 'yjs';
import { z } from 'zod';
import { nowIso } from '../docs/entries.ts';
import { lenient } from '../docs/lenient.ts';
import { ModelError } from '../errors/errors.ts';
import { roundTo } from '../format/numbers.ts';
import { mutateHoles } from './holes-doc.ts';
import { HOLES_ROOTS } from '../kernel/holes-keys.ts';
import type { BitInput, BitPatch, RegisteredBit } from '../bit/bit.ts';
import {
  BIT_SIZES,
  BIT_STATUSES,
  bitInputSchema,
  bitPatchSchema,
  bitSerialSchema,
} from '../bit/bit.ts';

/**
 * The bit register, a root of the hole register document ('holes'): bits are shared across plods
 * like holes, and crews and supervisors may both write that document, so it needs no document of
 * its own. Each field of a bit is one plain value under the key `{serial}|{field}`, the serial
 * normalised (trimmed, upper case). Two phones that register one serial apart write the same keys,
 * so the merge holds one bit, each field the value Yjs keeps for its key (the same on every
 * replica); a field changed on one phone and another field on the other keeps both changes.
 */
const SEPARATOR = '|';
const FIELDS = ['size', 'matrix', 'status', 'registeredAt'] as const;

const storedSchema = z.object({
  size: lenient(z.enum(BIT_SIZES), 'Other'),
  matrix: lenient(z.string(), ''),
  status: lenient(z.enum(BIT_STATUSES), 'spare'),
  registeredAt: lenient(z.string().nullable(), null),
});

function bitsMap(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap(HOLES_ROOTS.bits);
}

function key(serial: string, field: string): string {
  return `${serial}${SEPARATOR}${field}`;
}

/** Every registered bit, sorted by serial. A bit is registered once its size is stored. */
export function readBitRegister(doc: Y.Doc): RegisteredBit[] {
  const raw = new Map<string, Record<string, unknown>>();
  bitsMap(doc).forEach((value, k) => {
    const at = k.lastIndexOf(SEPARATOR);
    if (at <= 0) return;
    const serial = k.slice(0, at);
    const fields = raw.get(serial) ?? {};
    fields[k.slice(at + 1)] = value;
    raw.set(serial, fields);
  });
  return [...raw.entries()]
    .filter(([, fields]) => fields.size !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([serial, fields]) => ({ serial, ...storedSchema.parse(fields) }));
}

/** The registered bit of a serial (as typed), or undefined. */
export function findBit(doc: Y.Doc, serial: string): RegisteredBit | undefined {
  const parsed = bitSerialSchema.safeParse(serial);
  if (!parsed.success) return undefined;
  const size = bitsMap(doc).get(key(parsed.data, 'size'));
  if (size === undefined) return undefined;
  return readBitRegister(doc).find((bit) => bit.serial === parsed.data);
}

function write(doc: Y.Doc, serial: string, values: Record<string, string>): void {
  const map = bitsMap(doc);
  for (const [field, value] of Object.entries(values)) {
    // A save writes only what changed: an equal write could win a merge over a crewmate's change.
    if (map.get(key(serial, field)) !== value) map.set(key(serial, field), value);
  }
}

/** Register a bit; refuses a serial this register already holds. Returns the normalised serial. */
export function registerBit(doc: Y.Doc, input: BitInput): string {
  const bit = bitInputSchema.parse(input);
  if (findBit(doc, bit.serial)) {
    throw new ModelError('duplicate-bit', `Bit ${bit.serial} is already registered`);
  }
  mutateHoles(doc, () =>
    write(doc, bit.serial, {
      size: bit.size,
      matrix: bit.matrix,
      status: bit.status,
      registeredAt: nowIso(),
    }),
  );
  return bit.serial;
}

/** Change a registered bit's size, matrix or status. */
export function updateBit(doc: Y.Doc, serial: string, patch: BitPatch): RegisteredBit {
  const bit = findBit(doc, serial);
  if (!bit) throw new ModelError('not-found', `Bit ${serial} not found`);
  const parsed = bitPatchSchema.parse(patch);
  const values: Record<string, string> = {};
  for (const [field, value] of Object.entries(parsed))
    if (value !== undefined) values[field] = value;
  mutateHoles(doc, () => write(doc, bit.serial, values));
  return findBit(doc, bit.serial) ?? bit;
}

/** Take a bit off the register (a supervisor's right); false when it was not registered. */
export function removeBit(doc: Y.Doc, serial: string): boolean {
  const bit = findBit(doc, serial);
  if (!bit) return false;
  mutateHoles(doc, () => {
    for (const field of FIELDS) bitsMap(doc).delete(key(bit.serial, field));
  });
  return true;
}

const METRES_ROOT = HOLES_ROOTS.bitMetres;

/**
 * Record the metres a plod's bits drilled (from bitMetresOfPlod, summed per bit) in the register, so
 * a phone can show each bit's life-to-date metres over every plod that published there without
 * opening them. One plain value per (plod, bit): only devices showing that plod write it, each what it
 * derived from the plod's merged state, so it converges once the plod has. Writes nothing unchanged.
 */
export function publishBitMetres(
  doc: Y.Doc,
  reportId: string,
  metres: ReadonlyMap<string, number>,
): void {
  const map = doc.getMap<unknown>(METRES_ROOT);
  const prefix = `${reportId}${SEPARATOR}`;
  const stale = [...map.keys()].filter(
    (k) => k.startsWith(prefix) && !metres.has(k.slice(prefix.length)),
  );
  const changed = [...metres].filter(([serial, m]) => map.get(`${prefix}${serial}`) !== m);
  if (stale.length === 0 && changed.length === 0) return;
  doc.transact(() => {
    for (const k of stale) map.delete(k);
    for (const [serial, m] of changed) map.set(`${prefix}${serial}`, m);
  });
}

/** Each bit's metres summed over the plods that published them (publishBitMetres). */
export function readPublishedBitMetres(doc: Y.Doc): Map<string, number> {
  const totals = new Map<string, number>();
  doc.getMap<unknown>(METRES_ROOT).forEach((value, k) => {
    const at = k.indexOf(SEPARATOR);
    if (at <= 0 || typeof value !== 'number' || !Number.isFinite(value)) return;
    const serial = k.slice(at + 1);
    totals.set(serial, roundTo((totals.get(serial) ?? 0) + value, 3));
  });
  return totals;
}
