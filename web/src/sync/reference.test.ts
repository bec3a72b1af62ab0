import 'fake-indexeddb/auto';
import { HOLES_DOC_NAME, SETUP_DOC_NAME } from '@plod/model';
import { afterEach, describe, expect, it } from 'vitest';
import { DownloadedDocs } from './downloaded';
import type { SyncAuth, SyncRuntime } from './runtime';
import { FakeSocket } from './testing/fakeSocket';
import { offlineSyncRuntime } from './testing/runtime';

function handAuth(joined: boolean) {
  let signedIn = joined;
  const listeners = new Set<() => void>();
  const auth: SyncAuth = {
    token: () => (signedIn ? 'token' : null),
    identity: () => (signedIn ? 'token|' : '|'),
    signedIn: () => signedIn,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refused() {},
  };
  return {
    auth,
    set(next: boolean) {
      signedIn = next;
      listeners.forEach((listener) => listener());
    },
  };
}

const syncPaths = () => FakeSocket.instances.map((s) => new URL(s.url).pathname);

describe('reference data', () => {
  let runtime: SyncRuntime;
  afterEach(async () => {
    await runtime.dispose();
    FakeSocket.instances.length = 0;
  });

  const make = (auth: SyncAuth) =>
    (runtime = offlineSyncRuntime({
      idleCloseMs: 20,
      auth,
    }));

  it('is fetched once the device joins and kept open (and syncing) whatever screen shows', async () => {
    const hand = handAuth(false);
    make(hand.auth);
    expect(runtime.registry.isOpen(SETUP_DOC_NAME)).toBe(false);

    hand.set(true);
    await runtime.registry.whenLoaded(SETUP_DOC_NAME);
    await runtime.registry.whenLoaded(HOLES_DOC_NAME);
    expect(syncPaths()).toEqual(expect.arrayContaining(['/sync/setup', '/sync/holes']));
    // No screen holds them, yet they stay open long past the idle close.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(runtime.registry.isOpen(SETUP_DOC_NAME)).toBe(true);
    expect(runtime.registry.isOpen(HOLES_DOC_NAME)).toBe(true);

    // Signed out and not joined: let go of them like any idle document.
    hand.set(false);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(runtime.registry.isOpen(SETUP_DOC_NAME)).toBe(false);
  });

  it('keeps the hole register open only once the app has time for it; a screen opens it at once', async () => {
    const hand = handAuth(true);
    const waiting: (() => void)[] = [];
    runtime = offlineSyncRuntime({
      idleCloseMs: 20,
      auth: hand.auth,
      holesWhenFree: (open) => {
        waiting.push(open);
        return () => waiting.splice(waiting.indexOf(open), 1);
      },
    });
    await runtime.registry.whenLoaded(SETUP_DOC_NAME);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(runtime.registry.isOpen(SETUP_DOC_NAME)).toBe(true);
    expect(runtime.registry.isOpen(HOLES_DOC_NAME)).toBe(false);

    // A screen reading it meanwhile opens it (and lets it go when done).
    const release = runtime.registry.retain(HOLES_DOC_NAME);
    await runtime.registry.whenLoaded(HOLES_DOC_NAME);
    release();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(runtime.registry.isOpen(HOLES_DOC_NAME)).toBe(false);

    expect(waiting).toHaveLength(1);
    waiting.forEach((open) => open());
    await runtime.registry.whenLoaded(HOLES_DOC_NAME);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(runtime.registry.isOpen(HOLES_DOC_NAME)).toBe(true);
    expect(syncPaths()).toEqual(expect.arrayContaining(['/sync/setup', '/sync/holes']));

    // Signed out: both go.
    hand.set(false);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(runtime.registry.isOpen(HOLES_DOC_NAME)).toBe(false);
    expect(runtime.registry.isOpen(SETUP_DOC_NAME)).toBe(false);
  });
});

describe('DownloadedDocs', () => {
  it('remembers a document had from the server across app starts, and tells listeners once', () => {
    const storage = new Map<string, string>();
    const fake = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
    } as unknown as Storage;
    const first = new DownloadedDocs(fake);
    let heard = 0;
    first.subscribe(() => (heard += 1));
    expect(first.has('setup')).toBe(false);
    first.mark('setup');
    first.mark('setup');
    expect(heard).toBe(1);
    expect(new DownloadedDocs(fake).has('setup')).toBe(true);
    expect(new DownloadedDocs(fake).has('holes')).toBe(false);
  });
});
