import * as Y from 'yjs';
import { META, reportMap, reportRuns } from '../kernel/report-keys.ts';
import type { Actor } from './actor.ts';
import { currentActor } from './actor.ts';
import type { HistorySection, StoredChange, StoredRecord } from './stored.ts';
import { headsIndex } from './heads.ts';
import { entryJson } from '../docs/entry-memo.ts';
import type { TouchedField } from './touched.ts';
import { collectTouched } from './touched.ts';
import { HISTORY_SECTIONS, fieldKey, historyActors, historyLog, readRecords } from './stored.ts';
import type { HistoryFields } from './values.ts';
import { fingerprint, sameHistoryValue, toHistoryValue } from './values.ts';

/**
 * Recording works by difference: the report's roots are read before a change and after it, and
 * whatever differs becomes the record. So a mutation nobody here wrote (a new one, an undo) is
 * recorded like every other, and what is recorded is exactly what changed in the document.
 * Derived values are never stored, so they never appear; stamps are left out.
 */
type Captured = Record<HistorySection, Record<string, unknown>>;

/** Meta keys that stamp a change rather than being one (the status change beside them is recorded). */
const META_STAMPS = new Set<string>([
  META.updatedAt,
  META.schemaVersion,
  META.reportId,
  META.createdAt,
  META.completedAt,
  // Who set the status and when: the history's own record of the status change says both.
  META.statusSetBy,
  META.statusSetAt,
]);
/**
 * Entry fields that say when the entry was made, repeat its id, or keep books beside what a person
 * entered: a run's measurement repeats its inputs (recorded as their own fields) with the length they
 * gave; a hole setup write's time and the writes it replaced.
 */
const ENTRY_STAMPS = new Set(['createdAt', 'addedAt', 'id', 'measure', 'at', 'supersedes']);

/** The origin of a record written in a transaction of its own (after an undo, say). */
export const HISTORY_ORIGIN = Symbol('plod.history');

type PlainEntry = Record<string, unknown>;

function isEntry(value: unknown): value is PlainEntry {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A root map as JSON, each entry's JSON kept until it changes (so an unchanged entry is the same object). */
function mapJson(map: Y.Map<unknown>): PlainEntry {
  const json: PlainEntry = {};
  map.forEach((value, key) => {
    if (value instanceof Y.Map) json[key] = entryJson(value);
    else json[key] = value instanceof Y.AbstractType ? value.toJSON() : value;
  });
  return json;
}

function capture(doc: Y.Doc): Captured {
  const captured = {} as Captured;
  for (const section of HISTORY_SECTIONS) {
    if (section === 'runs') {
      const runs: PlainEntry = {};
      reportRuns(doc).forEach((run) => {
        if (!(run instanceof Y.Map)) return;
        const id: unknown = run.get('id');
        if (typeof id === 'string') runs[id] = entryJson(run);
      });
      captured.runs = runs;
    } else {
      captured[section] = mapJson(reportMap(doc, section));
    }
  }
  return captured;
}

function entryFields(entry: PlainEntry): HistoryFields {
  const fields: HistoryFields = {};
  for (const key of Object.keys(entry).sort()) {
    const value = toHistoryValue(entry[key]);
    // Empty fields are left out: smaller, and read back the same (absent is empty).
    if (!ENTRY_STAMPS.has(key) && value !== null) fields[key] = value;
  }
  return fields;
}

function fieldChange(
  section: HistorySection,
  entryId: string | undefined,
  field: string,
  before: unknown,
  after: unknown,
): StoredChange | null {
  const o = toHistoryValue(before);
  const n = toHistoryValue(after);
  if (sameHistoryValue(o, n)) return null;
  return {
    s: section,
    ...(entryId === undefined ? {} : { e: entryId }),
    f: field,
    ...(o === null ? {} : { o }),
    ...(n === null ? {} : { n }),
  };
}

function diffEntry(
  section: HistorySection,
  id: string,
  before: unknown,
  after: unknown,
  out: StoredChange[],
): void {
  if (!isEntry(before)) {
    if (isEntry(after)) out.push({ s: section, e: id, n: entryFields(after) });
    return;
  }
  if (!isEntry(after)) {
    out.push({ s: section, e: id, o: entryFields(before) });
    return;
  }
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  for (const key of keys) {
    if (ENTRY_STAMPS.has(key)) continue;
    const change = fieldChange(section, id, key, before[key], after[key]);
    if (change) out.push(change);
  }
}

function diff(before: Captured, after: Captured): StoredChange[] {
  const changes: StoredChange[] = [];
  for (const section of HISTORY_SECTIONS) {
    const was = before[section];
    const now = after[section];
    // An entry read as the very same object did not change (entryJson); neither did an equal value.
    const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])]
      .filter((key) => was[key] !== now[key])
      .sort();
    for (const key of keys) {
      if (isEntry(was[key]) || isEntry(now[key])) {
        diffEntry(section, key, was[key], now[key], changes);
      } else if (!(section === 'meta' && META_STAMPS.has(key))) {
        const change = fieldChange(section, undefined, key, was[key], now[key]);
        if (change) changes.push(change);
      }
    }
  }
  return changes;
}

/** Fields written with the value they already had: recorded as a change from that value to itself. */
function rewrites(
  changes: readonly StoredChange[],
  touched: ReadonlyMap<string, TouchedField>,
  before: Captured,
  after: Captured,
): StoredChange[] {
  const changed = new Set(
    changes.flatMap((c) => (c.f === undefined ? [] : [fieldKey(c.s, c.e, c.f)])),
  );
  const out: StoredChange[] = [];
  touched.forEach(({ section, entryId, field }, key) => {
    if (changed.has(key)) return;
    if (entryId === null) {
      const value = after[section][field];
      // A root key of a collection is an entry (added or removed: the difference has it).
      if (isEntry(value) || isEntry(before[section][field])) return;
      if (section === 'meta' && META_STAMPS.has(field)) return;
      const kept = toHistoryValue(value);
      out.push({ s: section, f: field, ...(kept === null ? {} : { o: kept, n: kept }) });
      return;
    }
    const entry = after[section][entryId];
    if (!isEntry(entry) || ENTRY_STAMPS.has(field)) return;
    const kept = toHistoryValue(entry[field]);
    out.push({ s: section, e: entryId, f: field, ...(kept === null ? {} : { o: kept, n: kept }) });
  });
  return out.sort((a, b) =>
    fieldKey(a.s, a.e, a.f ?? '') < fieldKey(b.s, b.e, b.f ?? '') ? -1 : 1,
  );
}

/** The key an actor is stored under: short, and the same for the same actor on every replica. */
export function actorKey(actor: Actor, attempt = 0): string {
  const text = JSON.stringify([actor.kind, actor.name, actor.deviceId, actor.deviceName]);
  return fingerprint(attempt === 0 ? text : `${text}#${attempt}`);
}

function sameActor(stored: unknown, actor: Actor): boolean {
  if (typeof stored !== 'object' || stored === null) return false;
  const other = stored as Partial<Actor>;
  return (
    other.kind === actor.kind &&
    other.name === actor.name &&
    other.deviceId === actor.deviceId &&
    other.deviceName === actor.deviceName
  );
}

function rememberActor(doc: Y.Doc, actor: Actor): string {
  const actors = historyActors(doc);
  // A key another actor already holds (a fingerprint collision) moves on to the next one.
  for (let attempt = 0; ; attempt += 1) {
    const key = actorKey(actor, attempt);
    const stored: unknown = actors.get(key);
    if (stored !== undefined && sameActor(stored, actor)) return key;
    if (stored === undefined) {
      actors.set(key, { ...actor });
      return key;
    }
  }
}

function writeRecord(
  doc: Y.Doc,
  changes: StoredChange[],
  note: string | undefined,
  arrived: ReadonlySet<string> | null,
): void {
  if (changes.length === 0) return;
  const heads = headsIndex(doc);
  // Records that arrived in this same transaction (a merged update) are not indexed until it ends.
  const changed: ReadonlyMap<unknown, unknown> | undefined = doc._transaction?.changed;
  if (changed?.has(historyLog(doc))) {
    readRecords(doc).forEach((record) => heads.add(record));
  }
  for (const change of changes) {
    if (change.f === undefined) {
      // A removed row names what its device had seen of it (an added row is new: nothing to see).
      if (change.e !== undefined && change.n === undefined) {
        const seen = heads.entryHeadsOf(change.s, change.e);
        if (seen.length > 0) change.p = seen;
      }
      continue;
    }
    const all = heads.headsOf(fieldKey(change.s, change.e, change.f));
    // A merge accepts what the merged records did: it saw their changes, not the others apart.
    const own = arrived ? all.filter((id) => arrived.has(id)) : [];
    const parents = own.length > 0 ? own : all;
    if (parents.length > 0) change.p = parents;
  }
  const actor = currentActor(doc);
  doc.transact(() => {
    const by = actor ? rememberActor(doc, actor) : undefined;
    // The client and the clock this record's own item is about to take: unique across replicas.
    const id = `${doc.clientID.toString(36)}.${Y.getState(doc.store, doc.clientID).toString(36)}`;
    const record: StoredRecord = {
      id,
      at: Date.now(),
      ...(by === undefined ? {} : { by }),
      ...(note ? { note } : {}),
      ch: changes,
    };
    historyLog(doc).push([record]);
    // Known at once: a second record in this same transaction must see this one.
    heads.add(record);
  }, HISTORY_ORIGIN);
}

interface Recording {
  note: string | undefined;
  /** Values shown before the change for fields whose stored value was empty (see noteShownBefore). */
  shown: Map<string, unknown>;
}
const recordings = new WeakMap<Y.Doc, Recording>();

export interface RecordOptions {
  /** Said beside the record, e.g. "Merged a late edit from Phone 12". */
  note?: string;
  /**
   * `fn` brings in edits made elsewhere with their own records (a late edit merged): the record
   * accepts them. A field's change names as seen the records of it that came in (not changes made
   * apart from them, which it never saw: a conflict between them stays open), and a field written
   * with the value it held is not a change of the merge's own (the merged write lost to another).
   */
  merge?: boolean;
}

/**
 * Says what a field of a report root showed before this change while it stored nothing: a summary
 * override's derived value (a Total Depth of 8.3 worked out from the runs). A change of that field
 * from empty is then recorded from the value people saw (8.3 -> 12.5, not empty -> 12.5). Called by
 * a mutation inside the recording (`recordReportChanges`); outside one it does nothing.
 */
export function noteShownBefore(
  doc: Y.Doc,
  section: HistorySection,
  field: string,
  value: unknown,
): void {
  const recording = recordings.get(doc);
  const key = fieldKey(section, undefined, field);
  if (recording && !recording.shown.has(key)) recording.shown.set(key, value);
}

function showOldValues(changes: StoredChange[], shown: ReadonlyMap<string, unknown>): void {
  if (shown.size === 0) return;
  for (const change of changes) {
    if (change.f === undefined || change.e !== undefined || change.o !== undefined) continue;
    const value = toHistoryValue(shown.get(fieldKey(change.s, undefined, change.f)));
    if (value !== null) change.o = value;
  }
}

/**
 * Runs `fn` and records what it changed in the report as one history record by the document's
 * current actor. Nested calls (a mutation inside another, a screen's several mutations in one save)
 * make one record. Inside a transaction the record joins it; outside one (around an UndoManager's
 * undo, which needs its own transaction) the record follows in a transaction of its own.
 */
export function recordReportChanges<T>(doc: Y.Doc, fn: () => T, options: RecordOptions = {}): T {
  const outer = recordings.get(doc);
  if (outer) {
    outer.note ??= options.note;
    return fn();
  }
  const recording: Recording = { note: options.note, shown: new Map() };
  const before = capture(doc);
  const known = options.merge ? new Set(readRecords(doc).map((record) => record.id)) : null;
  // Writes are read from the transactions fn makes: those that end inside fn, and the one it runs in.
  const touched = new Map<string, TouchedField>();
  const already = new Map<string, TouchedField>();
  if (doc._transaction) collectTouched(doc, doc._transaction, already);
  const onTransaction = (transaction: Y.Transaction) => collectTouched(doc, transaction, touched);
  doc.on('afterTransaction', onTransaction);
  recordings.set(doc, recording);
  try {
    return fn();
  } finally {
    recordings.delete(doc);
    doc.off('afterTransaction', onTransaction);
    if (doc._transaction) collectTouched(doc, doc._transaction, touched);
    already.forEach((_, key) => touched.delete(key));
    const after = capture(doc);
    const changes = diff(before, after);
    if (!known) changes.push(...rewrites(changes, touched, before, after));
    const arrived = known
      ? new Set(
          readRecords(doc)
            .map((record) => record.id)
            .filter((id) => !known.has(id)),
        )
      : null;
    showOldValues(changes, recording.shown);
    // A change that failed halfway still changed the document: what it changed is recorded.
    writeRecord(doc, changes, recording.note, arrived);
  }
}

/**
 * Records that a removed entry row stays removed, having seen every change of it made apart from
 * its removal ("Keep deleted"): the row's removal conflict is settled. Nothing else changes.
 */
export function recordKeptRemoved(doc: Y.Doc, section: HistorySection, entryId: string): void {
  doc.transact(() => {
    reportMap(doc, 'meta').set(META.updatedAt, new Date().toISOString());
    writeRecord(doc, [{ s: section, e: entryId, o: {} }], 'Kept deleted', null);
  });
}
