import type { SyncRuntime } from './runtime';

// Plods kept on the phone without opening them: their whole state, fetched for many at once over
// REST, is written straight into each plod's local database in the form y-indexeddb reads when the
// plod is opened (a database named as the document, an auto-keyed object store 'updates' holding
// Yjs updates, and an empty 'custom' store). No document, socket or provider per plod: a phone that
// lists 25 plods makes one request.

/** The most plods one request asks for (the server's limit). */
export const KEEP_AT_MOST = 50;

/** The stores y-indexeddb makes on a database's first open (lib0/indexeddb createStores). */
function createStores(db: IDBDatabase): void {
  if (!db.objectStoreNames.contains('updates')) {
    db.createObjectStore('updates', { autoIncrement: true });
  }
  if (!db.objectStoreNames.contains('custom')) db.createObjectStore('custom');
}

/** Adds one Yjs update to the document's y-indexeddb database (made if the phone has none). */
export function storeUpdate(name: string, update: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onupgradeneeded = () => createStores(request.result);
    request.onerror = () => reject(request.error ?? new Error(`cannot open ${name}`));
    request.onsuccess = () => {
      const db = request.result;
      try {
        const transaction = db.transaction(['updates'], 'readwrite');
        transaction.objectStore('updates').add(update);
        transaction.oncomplete = () => {
          db.close();
          resolve();
        };
        transaction.onerror = () => {
          db.close();
          reject(transaction.error ?? new Error(`cannot write ${name}`));
        };
      } catch (error) {
        db.close();
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
  });
}

function decodeBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

interface StatesAnswer {
  states: { id: string; update: string }[];
  missing: string[];
}

function isStatesAnswer(value: unknown): value is StatesAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const { states, missing } = value as Partial<StatesAnswer>;
  return Array.isArray(states) && Array.isArray(missing);
}

/**
 * Fetches the named plods' states in one request and stores each on the phone, marking it as had
 * from the server (its card stops saying it is not here). Resolves with the ids stored; any failure
 * (no signal, a refusal) stores nothing more and is tried again on a later list load.
 */
export async function keepPlods(
  runtime: Pick<SyncRuntime, 'downloaded'>,
  ids: readonly string[],
  docNameOf: (id: string) => string,
  fetchStates: (path: string) => Promise<Response>,
): Promise<string[]> {
  const asked = ids.slice(0, KEEP_AT_MOST);
  if (asked.length === 0) return [];
  const response = await fetchStates(
    `/api/shift-summaries/states?ids=${asked.map(encodeURIComponent).join(',')}`,
  );
  if (!response.ok) return [];
  const answer: unknown = await response.json();
  if (!isStatesAnswer(answer)) return [];
  const stored: string[] = [];
  for (const { id, update } of answer.states) {
    if (!asked.includes(id)) continue;
    const name = docNameOf(id);
    await storeUpdate(name, decodeBase64(update));
    runtime.downloaded.mark(name);
    stored.push(id);
  }
  return stored;
}
