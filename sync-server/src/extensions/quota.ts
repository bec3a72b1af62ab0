import { CloseCode } from '../close-codes.ts';
import type { RelayHooks } from '../relay/hooks.ts';

/** How much one device may send (PLOD_UPDATES_PER_DEVICE_HOUR, PLOD_BYTES_PER_DEVICE_DAY). */
export interface SyncQuota {
  /** Updates one device may send to one document in an hour. */
  updatesPerHour: number;
  /** Bytes of updates one device may send in a day, all documents together. */
  bytesPerDay: number;
  now?: () => number;
}

/**
 * Generous for a real shift: a phone sends one update per saved change (a busy twelve-hour shift
 * is a few thousand, a few MB with its reconnections), far from an update a second for an hour or
 * a 7 MiB update sent again and again.
 */
export const DEFAULT_SYNC_QUOTA: SyncQuota = {
  updatesPerHour: 3_600,
  bytesPerDay: 32 * 1024 * 1024,
};

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Windows kept before the expired ones are swept. */
const SWEEP_ABOVE = 10_000;

interface Window {
  start: number;
  used: number;
}

/** Counts per key in fixed windows: at most `limit` in each window of `length` ms. */
class Windows {
  private readonly windows = new Map<string, Window>();
  constructor(private readonly length: number) {}

  /** Adds `amount` to the key's window; false (nothing added) when it would pass `limit`. */
  take(key: string, amount: number, limit: number, now: number): boolean {
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.length) {
      window = { start: now, used: 0 };
      this.windows.set(key, window);
      if (this.windows.size > SWEEP_ABOVE) this.sweep(now);
    }
    if (window.used + amount > limit) return false;
    window.used += amount;
    return true;
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) {
      if (now - window.start >= this.length) this.windows.delete(key);
    }
  }
}

/**
 * Caps what one device sends over /sync: updates per document per hour, and bytes per day. An update
 * past either is refused before anything else looks at it: the socket is closed with 4430 and a
 * reason, nothing of the update is kept, and its edits stay on the device. Sockets without a device
 * (supervisors' sessions) count by their session; a development socket with neither is not counted.
 * A sync's empty answer (2 bytes) is not an update.
 */
export function quotaExtension(quota: SyncQuota = DEFAULT_SYNC_QUOTA): RelayHooks {
  const now = quota.now ?? Date.now;
  const updates = new Windows(HOUR_MS);
  const bytes = new Windows(DAY_MS);
  return {
    name: 'quota',
    beforeApply: ({ docName, update, grant }) => {
      const who = grant.device ? `device:${grant.device.deviceId}` : grant.subject;
      if (who === undefined || update.byteLength <= 2) return 'apply';
      const at = now();
      if (!bytes.take(who, update.byteLength, quota.bytesPerDay, at)) {
        return {
          refuse: CloseCode.QuotaExceeded,
          reason: `This device sent more than ${quota.bytesPerDay} bytes today`,
        };
      }
      if (!updates.take(`${who}\n${docName}`, 1, quota.updatesPerHour, at)) {
        return {
          refuse: CloseCode.QuotaExceeded,
          reason: `This device sent more than ${quota.updatesPerHour} updates to this plod this hour`,
        };
      }
      return 'apply';
    },
  };
}
