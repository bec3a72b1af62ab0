import type * as Y from 'yjs';
import type { LoadMigration } from '@plod/model/migrate';

/** Migrates one document on this device (see docs/architecture.md, "Schema versions"). */
export type Migrator = (name: string, doc: Y.Doc) => LoadMigration | null;

/** Loads the migrator; the registry runs it after a device copy loads and after each server sync. */
export type LoadMigrator = () => Promise<Migrator>;

let loading: Promise<Migrator> | null = null;

/**
 * The model's migrations, loaded on first need: they carry every document kind's readers and their
 * schemas, which the reports list (the first screen) does without.
 */
export const loadDeviceMigrator: LoadMigrator = () => {
  loading ??= import('@plod/model/migrate').then(
    ({ migrateOnLoad }): Migrator =>
      (name, doc) =>
        migrateOnLoad(name, doc, 'device'),
    (error: unknown) => {
      // Tried again next time (a chunk that failed to load); the document opens as stored meanwhile.
      loading = null;
      throw error;
    },
  );
  return loading;
};
