import type * as Y from 'yjs';
import { ModelError } from '../errors/errors.ts';

/**
 * A migration turns a document of version - 1 into `version`, inside one transaction. Replicas may run
 * the same migration concurrently on the same old state, so each step must be idempotent and must
 * decide only from document state (never from the clock or randomness), so both replicas write the same.
 */
export interface Migration {
  version: number;
  description: string;
  up: (doc: Y.Doc) => void;
}

export interface MigrationResult {
  from: number;
  to: number;
  applied: number[];
}

export const SCHEMA_VERSION_KEY = 'schemaVersion';

/** The stored schema version: a document with content but no version is version 1; an empty one is 0. */
export function storedSchemaVersion(
  doc: Y.Doc,
  metaRoot: string,
  roots: readonly string[],
): number {
  const value = doc.getMap(metaRoot).get(SCHEMA_VERSION_KEY);
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  const hasContent = roots.some((root) => doc.share.has(root) && doc.getMap(root).size > 0);
  return hasContent ? 1 : 0;
}

/**
 * Run the pending migrations in order. An empty document (not yet synced) is left untouched: stamping a
 * version on it could claim a shape that the state arriving later does not have.
 */
export function runMigrations(
  doc: Y.Doc,
  metaRoot: string,
  roots: readonly string[],
  migrations: readonly Migration[],
  currentVersion: number,
): MigrationResult {
  const from = storedSchemaVersion(doc, metaRoot, roots);
  if (from === 0) return { from, to: 0, applied: [] };
  if (from > currentVersion) {
    throw new ModelError(
      'unsupported-schema-version',
      `Document schema version ${from} is newer than this app understands (${currentVersion})`,
    );
  }
  const applied: number[] = [];
  doc.transact(() => {
    for (const migration of migrations) {
      if (migration.version > from && migration.version <= currentVersion) {
        migration.up(doc);
        applied.push(migration.version);
      }
    }
    if (from < currentVersion) doc.getMap(metaRoot).set(SCHEMA_VERSION_KEY, currentVersion);
  });
  return { from, to: currentVersion, applied };
}
