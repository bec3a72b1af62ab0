import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import { encodeDurable } from '@plod/model/sync';
import { pendingKey } from './pending';
import type { SyncRuntime } from './runtime';
import { FakeSocket } from './testing/fakeSocket';
import { offlineSyncRuntime } from './testing/runtime';

const setTitle = (doc: Y.Doc, title: string) => doc.getMap('report').set('title', title);
let seq = 0;
const uniqueName = () => `report:pending-${Date.now()}-${(seq += 1)}`;
const runtimes: SyncRuntime[] = [];

function make(): SyncRuntime {
  const runtime = offlineSyncRuntime({
    storage: window.localStorage,
    idleCloseMs: 20,
  });
  runtimes.push(runtime);
  return runtime;
}

beforeEach(() => {
  window.localStorage.clear();
  FakeSocket.instances.length = 0;
});
afterEach(async () => {
  await Promise.all(runtimes.splice(0).map((runtime) => runtime.dispose()));
});

describe('durable pending count', () => {
  it('counts local edits and keeps the count per document across app starts', async () => {
    const name = uniqueName();
    const first = make();
    first.connection.setEnabled(false);
    await first.registry.whenLoaded(name);
    first.registry.mutate(name, setTitle, 'one');
    first.registry.mutate(name, setTitle, 'two');
    expect(first.connection.getState().pending).toBe(2);
    expect(window.localStorage.getItem(pendingKey(name))).toBe('2');
    await first.dispose();

    // A reload with no signal: the document is opened at start and its count shows at once.
    const second = make();
    expect(second.registry.isOpen(name)).toBe(true);
    expect(second.connection.getState().pending).toBe(2);
  });

  it("does not count the device copy replayed from IndexedDB or the server's updates", async () => {
    const name = uniqueName();
    const first = make();
    first.connection.setEnabled(false);
    await first.registry.whenLoaded(name);
    first.registry.mutate(name, setTitle, 'stored');
    window.localStorage.clear(); // as if acknowledged
    await first.dispose();
    const second = make();
    await second.registry.whenLoaded(name);
    expect(second.connection.getState().pending).toBe(0);
  });

  it('clears once the relay acknowledges the edits as durable, and forgets the stored count', async () => {
    const name = uniqueName();
    const runtime = make();
    await runtime.registry.whenLoaded(name);
    runtime.registry.mutate(name, setTitle, 'edited');
    expect(runtime.connection.getState().pending).toBe(1);
    const socket = FakeSocket.instances.at(-1);
    socket?.open();
    socket?.onmessage?.({ data: encodeDurable(1).slice().buffer });
    expect(runtime.connection.getState().pending).toBe(0);
    expect(window.localStorage.getItem(pendingKey(name))).toBeNull();
  });
});
