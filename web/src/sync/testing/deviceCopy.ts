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

/**
 * Keeps the device copy (IndexedDB database) `database` busy with a read-write transaction, so the
 * app's first read of it waits: a phone slower to read a plod than to draw a screen. Resolves once
 * the hold is in place, with the function that lets go (once; later calls do nothing).
 */
export async function holdDeviceCopy(database: string): Promise<() => Promise<void>> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(database);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error(`could not open ${database}`));
  });
  // y-indexeddb's store of updates: its first read is a transaction on it, queued behind this one.
  const transaction = db.transaction(['updates'], 'readwrite');
  const store = transaction.objectStore('updates');
  const finished = new Promise<void>((resolve) => {
    transaction.oncomplete = () => resolve();
  });
  let held = true;
  // A transaction stays open while it has a request in flight.
  const keepBusy = () => {
    if (!held) return;
    store.count().onsuccess = keepBusy;
  };
  keepBusy();
  return async () => {
    if (!held) return;
    held = false;
    await finished;
    db.close();
  };
}
