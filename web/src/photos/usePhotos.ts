import { useEffect, useState, useSyncExternalStore } from 'react';
import { apiFetch } from '../auth';
import { useConnection } from '../sync';
import { photoOutbox } from './outbox';
import type { PhotoUploadStatus } from './uploader';

/**
 * Runs the photo uploader from a plod's screens (not from the crew's list, whose download budget
 * it would not fit): it reads the outbox once, and sends what waits whenever the app is online; it
 * keeps running after the plod's screens close, until the app is closed.
 */
export function usePhotoUploads(): void {
  const { enabled, browserOnline } = useConnection();
  const online = enabled && browserOnline;
  useEffect(() => {
    const { uploader } = photoOutbox();
    void uploader.load();
    uploader.setOnline(online);
  }, [online]);
}

/** What this phone holds of each photo it took, by attachment id. */
export function usePhotoStatuses(): ReadonlyMap<string, PhotoUploadStatus> {
  const { uploader } = photoOutbox();
  return useSyncExternalStore(uploader.subscribe, uploader.getSnapshot);
}

/** Object URLs of photos already read on this page, by attachment id. */
const urls = new Map<string, string>();

async function photoUrl(attachmentId: string): Promise<string | null> {
  const known = urls.get(attachmentId);
  if (known) return known;
  const kept = await photoOutbox()
    .store.get(attachmentId)
    .catch(() => null);
  let blob: Blob | null = kept ? new Blob([kept.data], { type: kept.contentType }) : null;
  if (!blob) {
    try {
      blob = await (await apiFetch(`/api/attachments/${encodeURIComponent(attachmentId)}`)).blob();
    } catch {
      return null;
    }
  }
  const url = URL.createObjectURL(blob);
  urls.set(attachmentId, url);
  return url;
}

export type PhotoUrl = { kind: 'loading' } | { kind: 'ready'; url: string } | { kind: 'missing' };

/**
 * A photo to show: its bytes on this phone when it holds them, else the server's (a photo another
 * phone took, or one this phone has dropped once saved). Missing until either has it; asked again
 * when `retryKey` changes (e.g. the photo was saved, or the app came online).
 */
export function usePhotoUrl(attachmentId: string, retryKey: string = ''): PhotoUrl {
  const [found, setFound] = useState<{ id: string; key: string; url: string | null } | null>(null);
  useEffect(() => {
    let live = true;
    void photoUrl(attachmentId).then((url) => {
      if (live) setFound({ id: attachmentId, key: retryKey, url });
    });
    return () => {
      live = false;
    };
  }, [attachmentId, retryKey]);
  if (found?.id !== attachmentId) return { kind: 'loading' };
  if (found.url) return { kind: 'ready', url: found.url };
  return found.key === retryKey ? { kind: 'missing' } : { kind: 'loading' };
}
