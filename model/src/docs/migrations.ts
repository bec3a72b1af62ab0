import type * as Y from 'yjs';
import { ModelError } from '../errors/errors.ts';
import {
  MIGRATION_ORIGIN,
  SCHEMA_MARKS_ROOT,
  SCHEMA_VERSION_KEY,
  storedSchemaVersion,
} from './schema-versions.ts';

export { SCHEMA_VERSION_KEY, storedSchemaVersion };

/**
 * A migration turns a document of version - 1 into `version`, inside one transaction. Every replica
 * runs it on its own copy (each phone after loading, the server after loading from its store), often
 * on the same old state and apart, and their writes then merge. So a step must be idempotent, must
 * decide only from document state (never the clock, randomness or the device), so every replica
 * writes the same values, and must write plain values into existing maps: a new nested Y.Map or
 * Y.Array made under one key on two replicas is two objects, and the merge keeps one of them whole.
 * Readers keep reading the previous layout too: an older app may still write it until it updates.
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

/**
 * Run the pending migrations in order, then stamp the version (the meta key, and a mark that no
 * merge can lose). An empty document (not yet synced) is left untouched: stamping a version on it
 * could claim a shape that the state arriving later does not have. A current one is not written to.
 * Throws `unsupported-schema-version` for a document newer than `currentVersion`.
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
  if (from === currentVersion) return { from, to: from, applied: [] };
  const applied: number[] = [];
  doc.transact(() => {
    for (const migration of migrations) {
      if (migration.version > from && migration.version <= currentVersion) {
        migration.up(doc);
        applied.push(migration.version);
      }
    }
    doc.getMap(metaRoot).set(SCHEMA_VERSION_KEY, currentVersion);
    doc.getMap(SCHEMA_MARKS_ROOT).set(String(currentVersion), true);
  }, MIGRATION_ORIGIN);
  return { from, to: currentVersion, applied };
}
