import * as Y from 'yjs';
import {
  DEFAULT_BARREL_TYPE,
  DEFAULT_HOLE_AZIMUTH,
  DEFAULT_HOLE_CONSTANT_STICK_UP,
  DEFAULT_HOLE_DIP,
  DEFAULT_HOLE_TARGET_DEPTH,
  ORI_TOOL_LENGTH_METRES,
} from '../constants/constants.ts';
import { newId } from '../ids/ids.ts';
import type { HoleConfig } from './hole.ts';

/**
 * A hole's setup is kept as writes, never as one entry that phones overwrite. Each write is an
 * immutable entry under its own id (so two phones never write the same key), holding the settings it
 * set and the ids of the writes it replaced: the ones the phone saw as current for those settings.
 * A setting's current writes ("heads") are the writes that set it and that no later write replaced.
 * One head, or heads that agree: that is the value. Heads that differ (two phones set up the same hole
 * apart, or changed one setting apart) are all kept and shown until a person chooses, and the choice is
 * one more write replacing them all, so it holds on every phone. The same set of writes gives the same
 * answer in any merge order, because writes are only ever added.
 */

/** Settings of a hole a person chooses between when phones set them differently. */
export const HOLE_SETTINGS = [
  'targetDepth',
  'dip',
  'azimuth',
  'constantStickUp',
  'hasOriExtension',
  'barrelType',
] as const;
export type HoleSetting = (typeof HOLE_SETTINGS)[number];
export type SettingValue = number | boolean | string;

export interface SetupWrite {
  id: string;
  holeId: string;
  at: string | null;
  /** Ids of the writes this one replaced, for the settings it sets. */
  supersedes: readonly string[];
  values: Readonly<Record<string, SettingValue>>;
}

/** Every value phones gave one setting, with the writes that gave it, earliest write first. */
export interface SettingOption {
  value: SettingValue;
  writeIds: string[];
}

/** A setting whose current values differ: every one is kept until someone chooses. */
export interface SettingConflict {
  setting: HoleSetting;
  options: SettingOption[];
}

/** The type each stored field must have; a field of another type is ignored (lenient reading). */
export type FieldKinds = Readonly<Record<string, 'number' | 'boolean' | 'string'>>;

/** The kinds of a hole's configuration fields, as the register and a report both store them. */
export const HOLE_CONFIG_FIELD_KINDS: FieldKinds = {
  targetDepth: 'number',
  dip: 'number',
  azimuth: 'number',
  constantStickUp: 'number',
  hasOriExtension: 'boolean',
  oriToolLength: 'number',
  barrelType: 'string',
  isComplete: 'boolean',
};

const HOLE_ID = 'holeId';
const AT = 'at';
const SUPERSEDES = 'supersedes';

function valuesOf(raw: Record<string, unknown>, kinds: FieldKinds): Record<string, SettingValue> {
  const values: Record<string, SettingValue> = {};
  for (const [field, kind] of Object.entries(kinds)) {
    const value = raw[field];
    if (typeof value === kind && (kind !== 'number' || Number.isFinite(value))) {
      values[field] = value as SettingValue;
    }
  }
  return values;
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** The writes stored in a root map keyed by write id (malformed entries skipped). */
export function readSetupWrites(root: Y.Map<unknown>, kinds: FieldKinds): SetupWrite[] {
  const writes: SetupWrite[] = [];
  root.forEach((entry, id) => {
    if (!(entry instanceof Y.Map)) return;
    const raw = entry.toJSON() as Record<string, unknown>;
    const holeId = raw[HOLE_ID];
    if (typeof holeId !== 'string' || holeId === '') return;
    const at = raw[AT];
    writes.push({
      id,
      holeId,
      at: typeof at === 'string' ? at : null,
      supersedes: stringList(raw[SUPERSEDES]),
      values: valuesOf(raw, kinds),
    });
  });
  return writes;
}

/**
 * Entries of the layout before setup writes (one entry per hole, keyed by its label) read as one
 * write each, with a fixed id so later writes can replace them.
 */
export function readLegacyWrites(
  root: Y.Map<unknown>,
  kinds: FieldKinds,
  idPrefix: string,
  atField: string,
): SetupWrite[] {
  const writes: SetupWrite[] = [];
  root.forEach((entry, holeId) => {
    if (!(entry instanceof Y.Map)) return;
    const raw = entry.toJSON() as Record<string, unknown>;
    const at = raw[atField];
    writes.push({
      id: `${idPrefix}${holeId}`,
      holeId,
      at: typeof at === 'string' ? at : null,
      supersedes: [],
      values: valuesOf(raw, kinds),
    });
  });
  return writes;
}

/** Add a write (a new id unless one is given, e.g. a write copied from another document). */
export function insertSetupWrite(
  root: Y.Map<unknown>,
  write: Omit<SetupWrite, 'id'> & { id?: string },
): string {
  const id = write.id ?? newId<string>();
  if (root.has(id)) return id;
  const entry = new Y.Map<unknown>();
  entry.set(HOLE_ID, write.holeId);
  if (write.at !== null) entry.set(AT, write.at);
  if (write.supersedes.length > 0) entry.set(SUPERSEDES, [...write.supersedes]);
  for (const [field, value] of Object.entries(write.values)) entry.set(field, value);
  root.set(id, entry);
  return id;
}

/** Writes that set `field` and that no other write setting it replaced, ordered by id. */
export function fieldHeads(writes: readonly SetupWrite[], field: string): SetupWrite[] {
  const setting = writes.filter((w) => w.values[field] !== undefined);
  const replaced = new Set(setting.flatMap((w) => w.supersedes));
  return setting.filter((w) => !replaced.has(w.id)).sort((a, b) => compareIds(a.id, b.id));
}

/** Ids of the current writes of any of these fields: what a new write of them replaces. */
export function headIds(writes: readonly SetupWrite[], fields: readonly string[]): string[] {
  const ids = new Set<string>();
  for (const field of fields) for (const head of fieldHeads(writes, field)) ids.add(head.id);
  return [...ids].sort(compareIds);
}

/** The distinct current values of a field, each with its writes, earliest write first. */
export function fieldOptions(writes: readonly SetupWrite[], field: string): SettingOption[] {
  const options: SettingOption[] = [];
  for (const head of fieldHeads(writes, field)) {
    const value = head.values[field] as SettingValue;
    const option = options.find((o) => o.value === value);
    if (option) option.writeIds.push(head.id);
    else options.push({ value, writeIds: [head.id] });
  }
  return options;
}

/** Settings whose current values differ. */
export function settingConflicts(writes: readonly SetupWrite[]): SettingConflict[] {
  return HOLE_SETTINGS.flatMap((setting) => {
    const options = fieldOptions(writes, setting);
    return options.length > 1 ? [{ setting, options }] : [];
  });
}

/**
 * The value a field shows: its one current value, or while phones disagree the earliest write's
 * (ids are time-ordered UUIDv7, so every phone picks the same one), or the fallback when never set.
 */
export function fieldValue<T extends SettingValue>(
  writes: readonly SetupWrite[],
  field: string,
  fallback: T,
): T {
  const first = fieldOptions(writes, field)[0];
  return first === undefined ? fallback : (first.value as T);
}

/** A hole's configuration from its writes (the new-hole defaults for what no write set). */
export function resolveHoleConfig(writes: readonly SetupWrite[]): Omit<HoleConfig, 'holeId'> {
  return {
    targetDepth: fieldValue(writes, 'targetDepth', DEFAULT_HOLE_TARGET_DEPTH),
    dip: fieldValue(writes, 'dip', DEFAULT_HOLE_DIP),
    azimuth: fieldValue(writes, 'azimuth', DEFAULT_HOLE_AZIMUTH),
    constantStickUp: fieldValue(writes, 'constantStickUp', DEFAULT_HOLE_CONSTANT_STICK_UP),
    hasOriExtension: fieldValue(writes, 'hasOriExtension', false),
    oriToolLength: fieldValue(writes, 'oriToolLength', ORI_TOOL_LENGTH_METRES),
    barrelType: fieldValue(writes, 'barrelType', DEFAULT_BARREL_TYPE),
  };
}

/** Earliest `at` of the writes (when the hole was first set up). */
export function earliestAt(writes: readonly SetupWrite[]): string | null {
  return writes.reduce<string | null>(
    (min, w) => (w.at !== null && (min === null || w.at < min) ? w.at : min),
    null,
  );
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
