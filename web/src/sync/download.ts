import type { SyncRuntime } from './runtime';

export interface DownloadProgress {
  done: number;
  total: number;
}

export interface DownloadResult {
  synced: number;
  failed: string[];
}

/**
 * Offline Setup's Download Data: opens each document and waits for its handshake with the server, so
 * its full state is stored on the device (y-indexeddb) for use with no signal. One at a time, so the
 * progress bar moves steadily and a weak link is not flooded.
 */
export async function downloadDocuments(
  runtime: SyncRuntime,
  names: readonly string[],
  onProgress: (progress: DownloadProgress) => void,
  timeoutMs = 8000,
): Promise<DownloadResult> {
  const failed: string[] = [];
  let done = 0;
  onProgress({ done, total: names.length });
  for (const name of names) {
    await runtime.registry.whenLoaded(name);
    if (!(await runtime.registry.whenServerSynced(name, timeoutMs))) failed.push(name);
    done += 1;
    onProgress({ done, total: names.length });
  }
  return { synced: names.length - failed.length, failed };
}
