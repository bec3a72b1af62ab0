// @plod/model/schema: what the sync layer needs to tell a document's schema version and refuse
// changes to one saved by a newer version of Plod. Zod-free, so it can sit in the app's first bundle.
export type { DocSchema, VersionedDocKind } from '../docs/schema-versions.ts';
export {
  DOC_SCHEMAS,
  MIGRATION_ORIGIN,
  docSchemaOf,
  isNewerDocument,
  needsMigration,
  newerDocumentError,
  newerDocumentMessage,
  schemaVersionOf,
} from '../docs/schema-versions.ts';
// The reports index is written by the server alone (the sync layer opens it without a cross-tab channel).
export { REPORTS_INDEX_DOC_NAME } from '../reports-index/rows.ts';
