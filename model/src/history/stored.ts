import type * as Y from 'yjs';
import { REPORT_ROOTS } from '../kernel/report-keys.ts';
import type { Actor } from './actor.ts';
import { isActor } from './actor.ts';
import type { HistoryFields, HistoryValue } from './values.ts';
import { readHistoryFields, readHistoryValue } from './values.ts';

/**
 * The history lives in two roots of the report document of its own, apart from REPORT_ROOTS (which
 * hold the plod's data): an append-only Y.Array of records and a map of the actors they name. Root
 * types never conflict, and concurrent appends merge into one order that is the same on every
 * replica and puts every record after all the records its writer had seen.
 */
export const HISTORY_ROOTS = { log: 'history', actors: 'historyActors' } as const;

/** A part of the report a change is in: the name of its root in REPORT_ROOTS. */
export type HistorySection = keyof typeof REPORT_ROOTS;
export const HISTORY_SECTIONS = Object.keys(REPORT_ROOTS) as HistorySection[];

/**
 * One change as stored: section, entry id (entries only), field (a field's change only), old and
 * new (absent when empty; an added or removed entry keeps its fields as the new or old value), and,
 * for a field's change, the ids of the records holding the changes of the same field its writer
 * had seen last (the field's heads), which is how a change made without seeing another is found.
 */
export interface StoredChange {
  s: HistorySection;
  e?: string;
  f?: string;
  o?: HistoryValue | HistoryFields;
  n?: HistoryValue | HistoryFields;
  p?: string[];
}

/** One record: the changes of one report mutation (or one REST write, one merge), by one author. */
export interface StoredRecord {
  id: string;
  /** Epoch milliseconds, by the writer's clock. */
  at: number;
  /** Key of the actor in the actors root; absent when nobody was named. */
  by?: string;
  note?: string;
  ch: StoredChange[];
}

export function historyLog(doc: Y.Doc): Y.Array<unknown> {
  return doc.getArray(HISTORY_ROOTS.log);
}

export function historyActors(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap(HISTORY_ROOTS.actors);
}

/** The key a field's changes share: section, entry and field. */
export function fieldKey(
  section: string,
  entryId: string | null | undefined,
  field: string,
): string {
  return `${section}\u0001${entryId ?? ''}\u0001${field}`;
}

const SECTIONS = new Set<string>(HISTORY_SECTIONS);

function optionalText(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function readChange(raw: unknown): StoredChange | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const value = raw as Record<string, unknown>;
  if (typeof value.s !== 'string' || !SECTIONS.has(value.s)) return null;
  const change: StoredChange = { s: value.s as HistorySection };
  const entry = optionalText(value.e);
  const field = optionalText(value.f);
  if (entry !== undefined) change.e = entry;
  if (field !== undefined) {
    change.f = field;
    if ('o' in value) change.o = readHistoryValue(value.o);
    if ('n' in value) change.n = readHistoryValue(value.n);
    change.p = Array.isArray(value.p) ? value.p.filter((p) => typeof p === 'string') : [];
    return change;
  }
  // An entry added or removed: its fields.
  if (entry === undefined) return null;
  const fields = readHistoryFields(value.n ?? value.o);
  if (!fields) return null;
  if ('n' in value) change.n = fields;
  else {
    change.o = fields;
    // A removal names what its device had seen of the row (older removals do not).
    if (Array.isArray(value.p)) change.p = value.p.filter((p) => typeof p === 'string');
  }
  return change;
}

/** Epoch milliseconds a Date can hold. */
function isTime(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= 8.64e15;
}

/** A stored record read leniently: a damaged or forged one that cannot be read is left out. */
export function readRecord(raw: unknown): StoredRecord | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const value = raw as Record<string, unknown>;
  if (typeof value.id !== 'string' || !isTime(value.at) || !Array.isArray(value.ch)) return null;
  const changes = value.ch.map(readChange).filter((c): c is StoredChange => c !== null);
  const record: StoredRecord = { id: value.id, at: value.at, ch: changes };
  const by = optionalText(value.by);
  const note = optionalText(value.note);
  if (by !== undefined) record.by = by;
  if (note !== undefined) record.note = note;
  return record;
}

/** Every readable record, in the merged order (the same on every replica). */
export function readRecords(doc: Y.Doc): StoredRecord[] {
  return historyLog(doc)
    .toArray()
    .map(readRecord)
    .filter((r): r is StoredRecord => r !== null);
}

/** The actor stored under a key, or null. */
export function readActor(doc: Y.Doc, key: string | undefined): Actor | null {
  if (key === undefined) return null;
  const stored = historyActors(doc).get(key);
  if (!isActor(stored)) return null;
  const { kind, name, deviceId, deviceName } = stored;
  return { kind, name, deviceId, deviceName };
}
