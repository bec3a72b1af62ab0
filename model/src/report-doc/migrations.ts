import * as Y from 'yjs';
import type { Migration, MigrationResult } from '../docs/migrations.ts';
import { runMigrations } from '../docs/migrations.ts';
import { readReportHoles } from '../hole/report-hole-doc.ts';
import { nextRunContext } from '../run/run.ts';
import { RUN_MEASURE_KEY, runIndex, storedMeasure } from '../run/run-store.ts';
import {
  META,
  REPORT_MAP_ROOTS,
  REPORT_ROOTS,
  REPORT_SCHEMA_VERSION,
  reportMap,
  reportRuns,
} from '../kernel/report-keys.ts';

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
  {
    version: 3,
    description: 'each run records what it measured; hole setups become per-device writes',
    up(doc) {
      // Until now a run's length followed its place in the merged chain, so a merge could change it.
      // Each run now records the length it has today (and what it was worked out from), so nothing a
      // crew has seen moves again. The holes' old entries stay where they are and are read as each
      // hole's first setup write (hole/report-hole-doc.ts).
      const runs = reportRuns(doc);
      for (const hole of readReportHoles(doc)) {
        hole.runs.forEach((run, i) => {
          if (run.recorded) return;
          const entry = runs.get(runIndex(doc, run.id));
          if (!(entry instanceof Y.Map)) return;
          const context = nextRunContext(hole.runs.slice(0, i), hole);
          entry.set(RUN_MEASURE_KEY, storedMeasure(run, { length: run.length, context }));
        });
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
