import * as encoding from 'lib0/encoding';
import * as syncProtocol from 'y-protocols/sync';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { MESSAGE_SYNC } from '@plod/model/sync';
import { EarlySocket, isEmptyStep1 } from './early-socket.ts';

function step1(doc: Y.Doc): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_SYNC);
  syncProtocol.writeSyncStep1(encoder, doc);
  return encoding.toUint8Array(encoder);
}

describe('EarlySocket', () => {
  const withState = new Y.Doc();
  withState.getMap('m').set('x', 1);

  it('recognizes only an exact step 1 with the empty state vector', () => {
    expect(isEmptyStep1(step1(new Y.Doc()))).toBe(true);
    expect(isEmptyStep1(step1(withState))).toBe(false);
    expect(isEmptyStep1(new Uint8Array([...step1(new Y.Doc()), 0]))).toBe(false);
    expect(isEmptyStep1(new Uint8Array([0, 0]))).toBe(false);
    expect(isEmptyStep1(new Uint8Array([255, 255, 255]))).toBe(false);
  });

  it('answers a fresh first step 1 at once and queues the rest, handed over in order', () => {
    const sent: Uint8Array[] = [];
    let builds = 0;
    const early = new EarlySocket(
      new Uint8Array([7]),
      (m) => sent.push(m),
      () => (builds += 1),
      1_000,
      () => {},
    );
    early.handleMessage(Buffer.from(step1(new Y.Doc())), true);
    early.handleMessage(Buffer.from([1, 2]), true);
    early.handleMessage(Buffer.from(step1(new Y.Doc())), true);
    early.handleMessage('text', false);
    expect(early.answered).toBe(true);
    expect(sent).toHaveLength(1);
    expect(builds).toBe(1);
    const seen: unknown[] = [];
    early.handOver((data) => seen.push(data));
    early.handleMessage(Buffer.from([9]), true);
    expect(seen.map((d) => (d instanceof Uint8Array ? [...d] : d))).toEqual([
      [1, 2],
      [...step1(new Y.Doc())],
      'text',
      [9],
    ]);
  });

  it('does not answer a client that has state, or one whose first message is something else', () => {
    const sent: Uint8Array[] = [];
    // Answers go to `sent`; nothing else is watched.
    const sending = () =>
      new EarlySocket(
        new Uint8Array([7]),
        (m) => sent.push(m),
        () => {},
        1_000,
        () => {},
      );
    const a = sending();
    a.handleMessage(Buffer.from(step1(withState)), true);
    const b = sending();
    b.handleMessage(Buffer.from([1, 0]), true);
    b.handleMessage(Buffer.from(step1(new Y.Doc())), true);
    expect(sent).toHaveLength(0);
    expect(a.answered || b.answered).toBe(false);
  });

  it('gives up past the queue bound', () => {
    let overflowed = false;
    const early = new EarlySocket(
      new Uint8Array([7]),
      () => {},
      () => {},
      10,
      () => (overflowed = true),
    );
    early.handleMessage(Buffer.alloc(11), true);
    expect(overflowed).toBe(true);
  });
});
