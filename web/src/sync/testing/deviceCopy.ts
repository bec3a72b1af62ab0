import type * as Y from 'yjs';
import { IndexeddbPersistence } from 'y-indexeddb';

/**
 * Puts `doc` into a phone's device copy (IndexedDB) of `name`, as another version of Plod left it
 * there, for tests of what the app does when it opens it. `database`: the IndexedDB database name
 * (the document's own name, as the app's persistence uses, unless a test gives each phone its own).
 */
export async function leaveOnPhone(name: string, doc: Y.Doc, database = name): Promise<void> {
  const persistence = new IndexeddbPersistence(database, doc);
  await persistence.whenSynced;
  await persistence.destroy();
}
