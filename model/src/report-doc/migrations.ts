import * as Y from 'yjs';
import type { Migration, MigrationResult } from '../docs/migrations.ts';
import { runMigrations } from '../docs/migrations.ts';
import { META, REPORT_MAP_ROOTS, REPORT_ROOTS, REPORT_SCHEMA_VERSION, reportMap } from './keys.ts';

/** The v1 flag on each crew entry that version 2 replaced with one register. */
export const V1_IS_PRIMARY_KEY = 'isPrimary';

/**
 * Report migrations in order. Version 1 kept a flag per crew assignment, so two phones could both set
 * one; version 2 keeps one register naming the primary assignment. The earliest flagged driller (by id,
 * the same on every replica) becomes primary, and the flags are removed.
 */
export const REPORT_MIGRATIONS: readonly Migration[] = [
  {
    version: 2,
    description: 'primary driller flag per assignment -> one primaryAssignmentId register',
    up(doc) {
      const crew = reportMap(doc, 'crew');
      const meta = reportMap(doc, 'meta');
      const flagged: string[] = [];
      crew.forEach((entry, id) => {
        if (!(entry instanceof Y.Map)) return;
        if (entry.get(V1_IS_PRIMARY_KEY) === true && entry.get('role') !== 'offsider')
          flagged.push(id);
        if (entry.has(V1_IS_PRIMARY_KEY)) entry.delete(V1_IS_PRIMARY_KEY);
      });
      const first = flagged.sort()[0];
      if (first !== undefined && !meta.has(META.primaryAssignmentId)) {
        meta.set(META.primaryAssignmentId, first);
      }
    },
  },
];

/** Bring a report document to the current schema version (run on load, in web and server alike). */
export function migrateReportDoc(doc: Y.Doc): MigrationResult {
  return runMigrations(
    doc,
    REPORT_ROOTS.meta,
    REPORT_MAP_ROOTS,
    REPORT_MIGRATIONS,
    REPORT_SCHEMA_VERSION,
  );
}
