/** What Offline Setup says about the phone's storage. */
export interface StorageReport {
  /** Bytes this app stores on the device (IndexedDB, caches), or null where the browser won't say. */
  usage: number | null;
  /** Bytes the browser would let it use. */
  quota: number | null;
  /** True when the browser keeps this app's data under storage pressure (not evicted). */
  persisted: boolean | null;
}

type StorageApi = Pick<StorageManager, 'persist' | 'persisted' | 'estimate'>;

function storageApi(): StorageApi | null {
  return typeof navigator !== 'undefined' && navigator.storage ? navigator.storage : null;
}

/**
 * Asks the browser to keep this app's storage: plods not yet synced live only on the phone, and a
 * phone low on space may otherwise evict them. Asked once the device has joined (the browser
 * grants it more readily to an app in use, and an installed one); harmless to ask again.
 */
export async function requestPersistentStorage(api: StorageApi | null = storageApi()) {
  if (!api?.persist) return false;
  try {
    if (await api.persisted()) return true;
    return await api.persist();
  } catch {
    return false;
  }
}

/** Storage used and whether it is persistent, for Offline Setup. */
export async function readStorageReport(
  api: StorageApi | null = storageApi(),
): Promise<StorageReport> {
  if (!api) return { usage: null, quota: null, persisted: null };
  const [estimate, persisted] = await Promise.all([
    api.estimate ? api.estimate().catch(() => null) : null,
    api.persisted ? api.persisted().catch(() => null) : null,
  ]);
  return { usage: estimate?.usage ?? null, quota: estimate?.quota ?? null, persisted };
}

/** 1536 -> "1.5 KB", 5_300_000 -> "5.1 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
