import type * as Y from 'yjs';
import type { z } from 'zod';
import type { Fields, RawEntry } from '../docs/entries.ts';
import {
  deleteEntry,
  getEntry,
  insertEntry,
  nowIso,
  readEntries,
  setFields,
} from '../docs/entries.ts';
import { ModelError } from '../errors/errors.ts';
import type { ReportMapRoot } from './keys.ts';
import { reportMap } from './keys.ts';
import { mutateReport } from './mutate.ts';

interface CollectionSpec<T extends { id: string }, I, P, In, PIn> {
  root: ReportMapRoot;
  /** Name used in not-found messages. */
  what: string;
  newId: () => T['id'];
  /** Read one stored entry leniently (fields that do not parse take their defaults). */
  read: (id: T['id'], raw: RawEntry) => T;
  inputSchema: z.ZodType<I, In>;
  patchSchema: z.ZodType<P, PIn>;
  /** The fields stored for a parsed input (derived values are never stored). */
  toFields: (input: I) => Fields;
  patchFields: (patch: P) => Fields;
  /** Checks an entry as it would be after a patch (throws ModelError). */
  check?: (merged: T) => void;
}

export interface ReportCollection<T extends { id: string }, In, PIn> {
  add: (doc: Y.Doc, input: In) => T['id'];
  update: (doc: Y.Doc, id: T['id'], patch: PIn) => void;
  remove: (doc: Y.Doc, id: T['id']) => boolean;
  read: (doc: Y.Doc) => T[];
}

/** The add/update/remove/read operations of a report collection of entries keyed by id. */
export function reportCollection<T extends { id: string }, I, P, In, PIn>(
  spec: CollectionSpec<T, I, P, In, PIn>,
): ReportCollection<T, In, PIn> {
  const readAll = (doc: Y.Doc): T[] =>
    readEntries(reportMap(doc, spec.root)).map(([id, raw]) => spec.read(id as T['id'], raw));
  return {
    read: readAll,
    add(doc, input) {
      const fields = spec.toFields(spec.inputSchema.parse(input));
      const id = spec.newId();
      mutateReport(doc, () =>
        insertEntry(reportMap(doc, spec.root), id, { ...fields, createdAt: nowIso() }),
      );
      return id;
    },
    update(doc, id, patch) {
      const fields = spec.patchFields(spec.patchSchema.parse(patch));
      const entry = getEntry(reportMap(doc, spec.root), id);
      if (!entry) throw new ModelError('not-found', `${spec.what} ${id} not found`);
      if (spec.check) {
        const defined = Object.fromEntries(
          Object.entries(fields).filter(([, v]) => v !== undefined),
        );
        spec.check(spec.read(id, { ...(entry.toJSON() as RawEntry), ...defined }));
      }
      mutateReport(doc, () => setFields(entry, fields));
    },
    remove(doc, id) {
      return mutateReport(doc, () => deleteEntry(reportMap(doc, spec.root), id));
    },
  };
}
