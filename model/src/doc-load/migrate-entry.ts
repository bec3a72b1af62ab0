// @plod/model/migrate: the migrations of every document kind, run as a document loads. The web app
// loads this on first need (it holds every kind's readers and their schemas).
export type { LoadMigration } from './on-load.ts';
export { migrateOnLoad } from './on-load.ts';
