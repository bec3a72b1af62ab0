import * as decoding from 'lib0/decoding';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { trackDurability } from './durability.ts';
import type { DurabilityProviderLike } from './durability.ts';
import { DurabilityKind, decodeDurability, encodeDurable } from './protocol.ts';

type Handler = DurabilityProviderLike['messageHandlers'][number];

class FakeProvider implements DurabilityProviderLike {
  messageHandlers: Handler[] = [];
  sent: Uint8Array[] = [];
  ws: { send(data: Uint8Array): void } | null = { send: (data) => this.sent.push(data) };
  wsconnected = true;
  synced = false;
  private syncListeners = new Set<(synced: boolean) => void>();
  constructor(readonly doc: Y.Doc) {}
  on(_event: 'sync', listener: (synced: boolean) => void) {
    this.syncListeners.add(listener);
  }
  off(_event: 'sync', listener: (synced: boolean) => void) {
    this.syncListeners.delete(listener);
  }
  setSynced(synced: boolean) {
    this.synced = synced;
    for (const listener of this.syncListeners) listener(synced);
  }
  receive(message: Uint8Array) {
    const decoder = decoding.createDecoder(message);
    const type = decoding.readVarUint(decoder);
    const handler = this.messageHandlers[type];
    if (!handler) throw new Error(`no handler for ${type}`);
    (handler as (encoder: unknown, decoder: decoding.Decoder) => void)(null, decoder);
  }
  barriers(): number[] {
    return this.sent.map((m) => decodeDurability(m)).map((m) => m.seq);
  }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('trackDurability', () => {
  it('counts local updates as pending until the server acknowledges them', async () => {
    const doc = new Y.Doc();
    const provider = new FakeProvider(doc);
    const tracker = trackDurability(provider);
    const seen: number[] = [];
    tracker.onChange((pending) => seen.push(pending));
    provider.setSynced(true);
    doc.getMap('m').set('a', 1);
    doc.getMap('m').set('b', 2);
    expect(tracker.pending).toBe(2);
    await tick();
    expect(provider.barriers()).toEqual([2]);
    provider.receive(encodeDurable(2));
    expect(tracker.pending).toBe(0);
    expect(seen).toEqual([1, 2, 0]);
  });

  it('ignores updates from the provider and waits for sync before sending a barrier', async () => {
    const doc = new Y.Doc();
    const provider = new FakeProvider(doc);
    const tracker = trackDurability(provider, { initialPending: 3 });
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(new Y.Doc()), provider);
    doc.getMap('m').set('x', 1);
    await tick();
    expect(tracker.pending).toBe(4);
    expect(provider.sent).toEqual([]);
    provider.setSynced(true);
    expect(provider.barriers()).toEqual([4]);
    provider.receive(encodeDurable(3));
    expect(tracker.pending).toBe(1);
  });

  it('sends the barrier again after a reconnection', async () => {
    const doc = new Y.Doc();
    const provider = new FakeProvider(doc);
    const tracker = trackDurability(provider);
    provider.setSynced(true);
    doc.getMap('m').set('x', 1);
    await tick();
    provider.setSynced(false);
    provider.setSynced(true);
    expect(provider.barriers()).toEqual([1, 1]);
    tracker.destroy();
    doc.getMap('m').set('y', 1);
    expect(tracker.pending).toBe(1);
  });

  it('rejects malformed durability messages', () => {
    expect(() => decodeDurability(new Uint8Array([100, 7, 1]))).toThrow();
    expect(decodeDurability(encodeDurable(5))).toEqual({ kind: DurabilityKind.Durable, seq: 5 });
  });
});
