import { describe, expect, it, vi } from 'vitest';
import { formatBytes, readStorageReport, requestPersistentStorage } from './storage';

function fakeStorage(persisted: boolean, grant: boolean) {
  return {
    persisted: vi.fn(async () => persisted),
    persist: vi.fn(async () => grant),
    estimate: vi.fn(async () => ({ usage: 5_300_000, quota: 2_000_000_000 })),
  };
}

describe('persistent storage', () => {
  it('asks the browser to keep storage when it is not yet persistent', async () => {
    const api = fakeStorage(false, true);
    expect(await requestPersistentStorage(api)).toBe(true);
    expect(api.persist).toHaveBeenCalledOnce();
  });

  it('does not ask again once storage is persistent', async () => {
    const api = fakeStorage(true, true);
    expect(await requestPersistentStorage(api)).toBe(true);
    expect(api.persist).not.toHaveBeenCalled();
  });

  it('reports a refusal, and a browser without the API, as not persistent', async () => {
    expect(await requestPersistentStorage(fakeStorage(false, false))).toBe(false);
    expect(await requestPersistentStorage(null)).toBe(false);
  });

  it('reads storage used, quota and persistence for Offline Setup', async () => {
    expect(await readStorageReport(fakeStorage(true, true))).toEqual({
      usage: 5_300_000,
      quota: 2_000_000_000,
      persisted: true,
    });
    expect(await readStorageReport(null)).toEqual({ usage: null, quota: null, persisted: null });
  });

  it('formats bytes the way a person reads them', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5_300_000)).toBe('5.1 MB');
    expect(formatBytes(2_000_000_000)).toBe('1.9 GB');
  });
});
