import type * as Y from 'yjs';
import { ModelError } from '../errors/errors.ts';
import { HOLES_ROOTS, HOLES_SCHEMA_VERSION } from '../kernel/holes-keys.ts';
import { REPORT_MAP_ROOTS, REPORT_ROOTS, REPORT_SCHEMA_VERSION } from '../kernel/report-keys.ts';
import { SETUP_ROOTS, SETUP_SCHEMA_VERSION } from '../kernel/setup-keys.ts';
import { classifyDocName } from './doc-names.ts';

// Zod-free on purpose: the web app's sync layer (in its first bundle) checks every document's version
// as it loads and changes, and refuses changes to one saved by a newer version of Plod.

/** The meta key a document's version is stamped under (what every version of Plod reads). */
export const SCHEMA_VERSION_KEY = 'schemaVersion';

/**
 * A root map holding one key per version a replica migrated the document to (`'3': true`). The meta
 * key is one register, so when two app versions migrate one document apart, the lower stamp could be
 * the one that survives the merge; keys of a map are never lost, so the highest version any replica
 * reached is always known.
 */
export const SCHEMA_MARKS_ROOT = 'schemaVersions';

/** The origin of a migration's transaction: no person's change (not undone, not counted as unsent). */
export const MIGRATION_ORIGIN = Symbol('plod.migration');

function versionNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
}

/**
 * The document's schema version: the highest version stamped on it (the meta key or any mark); a
 * document with content but no stamp is version 1 (the first shape had none); an empty one is 0.
 */
export function storedSchemaVersion(
  doc: Y.Doc,
  metaRoot: string,
  roots: readonly string[],
): number {
  let version = versionNumber(doc.getMap(metaRoot).get(SCHEMA_VERSION_KEY)) ?? 0;
  if (doc.share.has(SCHEMA_MARKS_ROOT)) {
    for (const key of doc.getMap(SCHEMA_MARKS_ROOT).keys()) {
      version = Math.max(version, versionNumber(Number(key)) ?? 0);
    }
  }
  if (version > 0) return version;
  const hasContent = roots.some((root) => doc.share.has(root) && doc.getMap(root).size > 0);
  return hasContent ? 1 : 0;
}

/** The kinds of document that carry a schema version. */
export type VersionedDocKind = 'report' | 'setup' | 'holes';

export interface DocSchema {
  kind: VersionedDocKind;
  /** The version this code writes and understands. */
  current: number;
  metaRoot: string;
  /** Roots whose content tells an old unstamped document (version 1) from an empty one (0). */
  contentRoots: readonly string[];
}

/**
 * Every versioned kind. The reports index (`reports-index`) has none: the server alone writes it, from
 * its own projections, and devices read its rows leniently, so a new row shape adds fields.
 */
export const DOC_SCHEMAS: Readonly<Record<VersionedDocKind, DocSchema>> = {
  report: {
    kind: 'report',
    current: REPORT_SCHEMA_VERSION,
    metaRoot: REPORT_ROOTS.meta,
    contentRoots: REPORT_MAP_ROOTS,
  },
  setup: {
    kind: 'setup',
    current: SETUP_SCHEMA_VERSION,
    metaRoot: SETUP_ROOTS.meta,
    contentRoots: Object.values(SETUP_ROOTS),
  },
  holes: {
    kind: 'holes',
    current: HOLES_SCHEMA_VERSION,
    metaRoot: HOLES_ROOTS.meta,
    contentRoots: Object.values(HOLES_ROOTS),
  },
};

/** The schema of a document by its name, or null for one without a version. */
export function docSchemaOf(name: string): DocSchema | null {
  const { kind } = classifyDocName(name);
  return kind === 'unknown' ? null : DOC_SCHEMAS[kind];
}

/** The stored version of a document of a known schema (see storedSchemaVersion). */
export function schemaVersionOf(schema: DocSchema, doc: Y.Doc): number {
  return storedSchemaVersion(doc, schema.metaRoot, schema.contentRoots);
}

/**
 * True when the document is stored at an older version than this code writes, so its migrations
 * have something to do: an empty one (0) has nothing to bring up, a current one is done, a newer one
 * is left alone. Zod-free, so a device loads the migrations (every kind's readers) only when due.
 */
export function needsMigration(schema: DocSchema, version: number): boolean {
  return version > 0 && version < schema.current;
}

/**
 * True when the document was saved by a newer version of Plod than this code: some replica stamped a
 * version above the one this code understands. Such a document is shown as it is and never changed
 * here (its new layout could mean something this code would write over).
 */
export function isNewerDocument(name: string, doc: Y.Doc): boolean {
  const schema = docSchemaOf(name);
  return schema !== null && schemaVersionOf(schema, doc) > schema.current;
}

const SUBJECT: Readonly<Record<VersionedDocKind, string>> = {
  report: 'This plod',
  setup: 'The setup (sites, rigs, crew and hire tools)',
  holes: 'The hole register',
};

/** What a person is told about a newer document: update the app (a device) or the server. */
export function newerDocumentMessage(kind: VersionedDocKind, reader: 'app' | 'server'): string {
  return `${SUBJECT[kind]} was saved by a newer version of Plod; update the ${reader} to change it`;
}

/** The refusal of a change to a newer document (REST answers it with 409). */
export function newerDocumentError(
  schema: DocSchema,
  version: number,
  reader: 'app' | 'server',
): ModelError {
  return new ModelError(
    'unsupported-schema-version',
    `${newerDocumentMessage(schema.kind, reader)} (schema version ${version}; this ${reader} understands up to ${schema.current})`,
  );
}
