import * as decoding from 'lib0/decoding';
import { describe, expect, it } from 'vitest';
import {
  MESSAGE_LATE_EDITS,
  encodeLateEditsState,
  encodeLateEditsSubscribe,
  readLateEditsBody,
  trackLateEdits,
  type LateEditsProviderLike,
  type LateEditsState,
} from './late-edits.ts';

function body(message: Uint8Array) {
  const decoder = decoding.createDecoder(message);
  expect(decoding.readVarUint(decoder)).toBe(MESSAGE_LATE_EDITS);
  return readLateEditsBody(decoder);
}

const STATE: LateEditsState = {
  waiting: 1,
  decided: [{ id: 'e1', decision: 'discarded', at: '2026-01-02T03:04:05.000Z', parts: ['runs'] }],
};

describe('late-edit messages', () => {
  it('round-trip a subscription and a state', () => {
    expect(body(encodeLateEditsSubscribe())).toEqual({ kind: 'subscribe' });
    expect(body(encodeLateEditsState(STATE))).toEqual({ kind: 'state', state: STATE });
  });

  it('refuse an unknown kind and a state that is not one', () => {
    expect(() => body(new Uint8Array([MESSAGE_LATE_EDITS, 7]))).toThrow(RangeError);
    const bad = encodeLateEditsState({ waiting: -1, decided: [] });
    expect(() => body(bad)).toThrow(RangeError);
  });
});

/** A provider stand-in that records what is sent and lets a test deliver messages. */
function fakeProvider() {
  const sent: Uint8Array[] = [];
  const syncListeners = new Set<(synced: boolean) => void>();
  const provider: LateEditsProviderLike = {
    messageHandlers: [],
    ws: { send: (data) => void sent.push(data) },
    wsconnected: true,
    synced: false,
    on: (_event, listener) => void syncListeners.add(listener),
    off: (_event, listener) => void syncListeners.delete(listener),
  };
  const deliver = (message: Uint8Array) => {
    const decoder = decoding.createDecoder(message);
    const type = decoding.readVarUint(decoder);
    provider.messageHandlers[type]?.(undefined as never, decoder, undefined as never, false, type);
  };
  const sync = () => syncListeners.forEach((listener) => listener(true));
  return { provider, sent, deliver, sync };
}

describe('trackLateEdits', () => {
  it('subscribes once synced, after every reconnection, and keeps the latest state', () => {
    const fake = fakeProvider();
    const tracker = trackLateEdits(fake.provider);
    expect(fake.sent).toEqual([]);
    fake.sync();
    expect(fake.sent.map(body)).toEqual([{ kind: 'subscribe' }]);
    const seen: LateEditsState[] = [];
    tracker.onChange((state) => seen.push(state));
    fake.deliver(encodeLateEditsState(STATE));
    expect(tracker.state).toEqual(STATE);
    expect(seen).toEqual([STATE]);
    fake.sync();
    expect(fake.sent).toHaveLength(2);
    tracker.destroy();
  });
});
