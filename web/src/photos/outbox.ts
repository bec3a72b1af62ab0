import { ApiError, apiFetch } from '../auth';
import { LocalPhotos, type LocalPhoto } from './local-photos';
import { PhotoUploader, type SendResult } from './uploader';

/** Answers that will not change by sending the same photo again: shown, with a Retry button. */
const REFUSALS = new Set([400, 403, 409, 413, 415, 422]);

/** Sends one photo to /api/attachments (multipart, under its own id). */
export async function sendPhoto(photo: LocalPhoto): Promise<SendResult> {
  const form = new FormData();
  form.set('file', new Blob([photo.data], { type: photo.contentType }), `${photo.id}.jpg`);
  form.set('id', photo.id);
  form.set('shiftSummaryId', photo.reportId);
  if (photo.holeId) form.set('holeId', photo.holeId);
  if (photo.fromDepth !== null) form.set('fromDepth', String(photo.fromDepth));
  if (photo.toDepth !== null) form.set('toDepth', String(photo.toDepth));
  try {
    await apiFetch('/api/attachments', { method: 'POST', body: form });
    return { kind: 'saved' };
  } catch (error) {
    if (error instanceof ApiError) {
      // A 404 is a plod the server has not had yet (made offline): it will, once it syncs.
      return error.status !== null && REFUSALS.has(error.status)
        ? { kind: 'refused', message: error.serverMessage }
        : { kind: 'retry', message: error.message };
    }
    throw error;
  }
}

let outbox: { store: LocalPhotos; uploader: PhotoUploader } | null = null;

/** This phone's photo outbox and its uploader: one per page, made when first asked for. */
export function photoOutbox(): { store: LocalPhotos; uploader: PhotoUploader } {
  if (!outbox) {
    const store = new LocalPhotos();
    outbox = { store, uploader: new PhotoUploader({ store, send: sendPhoto, online: false }) };
  }
  return outbox;
}
