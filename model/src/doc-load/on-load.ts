import type * as Y from 'yjs';
import { migrateHolesDoc } from '../holes-doc/holes-doc.ts';
import { META, REPORT_ROOTS } from '../kernel/report-keys.ts';
import { migrateReportDoc } from '../report-doc/migrations.ts';
import { migrateSetupDoc } from '../setup-doc/setup-doc.ts';
import { REPORT_STATUSES, isSubmittedStatus, type ReportStatus } from '../kernel/status.ts';
import type { MigrationResult } from '../docs/migrations.ts';
import type { VersionedDocKind } from '../docs/schema-versions.ts';
import { docSchemaOf, needsMigration, schemaVersionOf } from '../docs/schema-versions.ts';

const MIGRATE: Readonly<Record<VersionedDocKind, (doc: Y.Doc) => MigrationResult>> = {
  report: migrateReportDoc,
  setup: migrateSetupDoc,
  holes: migrateHolesDoc,
};

/** What loading a document did about its schema version. */
export type LoadMigration =
  /** Brought from `from` to `to` (`applied`: the migrations that ran). */
  | { kind: VersionedDocKind; outcome: 'migrated'; from: number; to: number; applied: number[] }
  /** Already current, or empty (version 0: nothing stored yet, checked again when state arrives). */
  | { kind: VersionedDocKind; outcome: 'unchanged'; version: number }
  /** Saved by a newer version of Plod: left exactly as it is. */
  | { kind: VersionedDocKind; outcome: 'newer'; version: number; understands: number }
  /** A device leaves a submitted report to the server, which migrated it when it loaded it. */
  | { kind: VersionedDocKind; outcome: 'left-to-server'; version: number };

function statusOf(doc: Y.Doc): ReportStatus | null {
  const value = doc.getMap(REPORT_ROOTS.meta).get(META.status);
  return REPORT_STATUSES.find((status) => status === value) ?? null;
}

/**
 * Migrates a document as it is loaded, by its name; null for a document without a version (the
 * reports index). Never throws for a newer document: it is reported and left alone.
 *
 * `by: 'device'`: a crew phone's changes to a submitted report are kept aside as late edits for a
 * supervisor, and a migration is nobody's edit, so a device leaves such a report as it is (readers
 * read older layouts); the server migrated it when it loaded it, and the device receives that.
 */
export function migrateOnLoad(
  name: string,
  doc: Y.Doc,
  by: 'server' | 'device',
): LoadMigration | null {
  const schema = docSchemaOf(name);
  if (!schema) return null;
  const { kind } = schema;
  const version = schemaVersionOf(schema, doc);
  if (version > schema.current) {
    return { kind, outcome: 'newer', version, understands: schema.current };
  }
  if (!needsMigration(schema, version)) return { kind, outcome: 'unchanged', version };
  const status = kind === 'report' ? statusOf(doc) : null;
  if (by === 'device' && status !== null && isSubmittedStatus(status)) {
    return { kind, outcome: 'left-to-server', version };
  }
  const { from, to, applied } = MIGRATE[kind](doc);
  return { kind, outcome: 'migrated', from, to, applied };
}
