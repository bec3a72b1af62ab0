import * as decoding from 'lib0/decoding';
import { describe, expect, it } from 'vitest';
import { MESSAGE_LATE_EDITS, encodeLateEditsSubscribe, readLateEditsBody } from '@plod/model/sync';
import type { LateEditsState } from '@plod/model/sync';
import { lateEditsExtension } from '../../src/extensions/late-edits.ts';
import type { UpdateHold } from '../../src/late-edits/late-edits.ts';
import type { SyncGrant } from '../../src/sync/grant.ts';

/** A state read the test finishes by hand, in whatever order it likes. */
interface PendingRead {
  resolve(state: LateEditsState): void;
}

function waiting(n: number): LateEditsState {
  return { waiting: n, decided: [] };
}

/** The waiting counts in the state messages a socket was sent, in order. */
function countsOf(sent: Uint8Array[]): number[] {
  return sent.map((message) => {
    const decoder = decoding.createDecoder(message);
    expect(decoding.readVarUint(decoder)).toBe(MESSAGE_LATE_EDITS);
    const body = readLateEditsBody(decoder);
    if (body.kind !== 'state') throw new Error('expected a state message');
    return body.state.waiting;
  });
}

/** The body of a subscription as the relay passes it (the bytes after the message type). */
function subscribeBody(): Uint8Array {
  const decoder = decoding.createDecoder(encodeLateEditsSubscribe());
  decoding.readVarUint(decoder);
  return decoding.readTailAsUint8Array(decoder);
}

describe('late-edit state sent to a phone', () => {
  it('never goes back to an older count when database reads finish out of order', async () => {
    const reads: PendingRead[] = [];
    let changed = () => {};
    const hold: UpdateHold = {
      shouldHold: () => true,
      keep: () => Promise.resolve(),
      state: () => new Promise<LateEditsState>((resolve) => reads.push({ resolve })),
      watch: (listener) => {
        changed = listener;
        return () => {};
      },
    };
    const extension = lateEditsExtension(() => hold);
    const grant: SyncGrant = { access: 'write', device: { deviceId: 'd1', deviceName: 'Phone' } };
    const sent: Uint8Array[] = [];
    const read = extension.onMessage?.({
      docName: 'report:r1',
      grant,
      type: MESSAGE_LATE_EDITS,
      body: subscribeBody(),
      send: (message) => sent.push(message),
      onClose: () => {},
    });
    expect(read).toBe(true);
    // The subscription's read (0 waiting) is still running when an edit is kept (1 waiting).
    changed();
    expect(reads).toHaveLength(2);
    reads[1]?.resolve(waiting(1));
    await Promise.resolve();
    reads[0]?.resolve(waiting(0));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(countsOf(sent)).toEqual([1]);

    // In order, every answer is sent.
    changed();
    reads[2]?.resolve(waiting(2));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(countsOf(sent)).toEqual([1, 2]);
  });
});
