/**
 * Photos kept on this phone until the server has them: their bytes in an IndexedDB database of
 * their own (never in a plod's Yjs document, which holds only the reference), keyed by the
 * attachment id the plod's photo row names.
 */
const DB_NAME = 'plod-photos';
const STORE = 'photos';

/**
 * Where a photo's bytes are: only on this phone (to upload), saved on the server too, or refused
 * by the server (kept here, with its reason, until the person asks to try again).
 */
export type LocalPhotoState = 'on-phone' | 'saved' | 'refused';

export interface LocalPhoto {
  /** The attachment id (the upload's id, and the plod's photo row's attachmentId). */
  id: string;
  reportId: string;
  holeId: string | null;
  fromDepth: number | null;
  toDepth: number | null;
  contentType: string;
  /** The resized JPEG's bytes (kept as an ArrayBuffer: every IndexedDB stores one). */
  data: ArrayBuffer;
  state: LocalPhotoState;
  /** Failed upload attempts so far (the uploader backs off by it). */
  attempts: number;
  /** Why the server refused the upload (state refused), in its words. */
  error?: string | null;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

/** The phone's photo store. */
export class LocalPhotos {
  private db: Promise<IDBDatabase> | null = null;

  constructor(private readonly factory: IDBFactory = indexedDB) {}

  private open(): Promise<IDBDatabase> {
    this.db ??= new Promise((resolve, reject) => {
      const req = this.factory.open(DB_NAME, 1);
      req.onupgradeneeded = () => {
        const store = req.result.createObjectStore(STORE, { keyPath: 'id' });
        store.createIndex('state', 'state');
      };
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error ?? new Error('Cannot open the photo store'));
    });
    return this.db;
  }

  private async store(mode: IDBTransactionMode): Promise<IDBObjectStore> {
    return (await this.open()).transaction(STORE, mode).objectStore(STORE);
  }

  /** Keeps a photo taken on this phone (state on-phone until the server has it). */
  async keep(photo: Omit<LocalPhoto, 'state' | 'attempts'>): Promise<void> {
    const row: LocalPhoto = { ...photo, state: 'on-phone', attempts: 0 };
    await request((await this.store('readwrite')).put(row));
  }

  async get(id: string): Promise<LocalPhoto | null> {
    const row = (await request((await this.store('readonly')).get(id))) as LocalPhoto | undefined;
    return row ?? null;
  }

  /** Every photo kept on this phone, in any state. */
  async all(): Promise<LocalPhoto[]> {
    return (await request((await this.store('readonly')).getAll())) as LocalPhoto[];
  }

  /** The photos the server does not have yet, to upload. */
  async pending(): Promise<LocalPhoto[]> {
    const index = (await this.store('readonly')).index('state');
    return (await request(index.getAll('on-phone'))) as LocalPhoto[];
  }

  /** Records an upload attempt that failed (nothing else changes). */
  async failed(id: string): Promise<void> {
    await this.update(id, (row) => ({ ...row, attempts: row.attempts + 1 }));
  }

  /** The server has the photo: its bytes stay here to show it, marked saved. */
  async saved(id: string): Promise<void> {
    await this.update(id, (row) => ({ ...row, state: 'saved', error: null }));
  }

  /** The server refused the photo (too large, not an image...): kept, no longer uploaded. */
  async refused(id: string, error: string): Promise<void> {
    await this.update(id, (row) => ({ ...row, state: 'refused', error }));
  }

  /** A refused photo is to be uploaded again, from a fresh start. */
  async retry(id: string): Promise<void> {
    await this.update(id, (row) =>
      row.state === 'refused' ? { ...row, state: 'on-phone', attempts: 0, error: null } : row,
    );
  }

  async remove(id: string): Promise<void> {
    await request((await this.store('readwrite')).delete(id));
  }

  private async update(id: string, change: (row: LocalPhoto) => LocalPhoto): Promise<void> {
    const store = await this.store('readwrite');
    const row = (await request(store.get(id))) as LocalPhoto | undefined;
    if (row) await request(store.put(change(row)));
  }
}
