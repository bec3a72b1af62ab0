import { ReportIds, reportDocName } from '@plod/model';
import { encodeLateEditsState, type LateEditsProviderLike } from '@plod/model/sync';
import { beforeEach, describe, expect, it } from 'vitest';
import { SeenDecisions, createLateEdits, storedWaitingNames } from './late-edits';

function fakeProvider() {
  const listeners = new Set<(synced: boolean) => void>();
  const provider: LateEditsProviderLike = {
    messageHandlers: [],
    ws: { send: () => {} },
    wsconnected: true,
    synced: true,
    on: (_event, listener) => void listeners.add(listener),
    off: (_event, listener) => void listeners.delete(listener),
  };
  // As y-websocket hands a message over: a lib0 decoder ({ arr, pos }) just past its type (101 is
  // one byte).
  const deliver = (message: Uint8Array) => {
    const type = message[0] ?? -1;
    const decoder = { arr: message, pos: 1 } as never;
    provider.messageHandlers[type]?.(undefined as never, decoder, undefined as never, false, type);
  };
  return { provider, deliver };
}

beforeEach(() => localStorage.clear());

describe('late edits on the phone', () => {
  it('counts what waits for a supervisor, and remembers it across app starts', () => {
    const name = reportDocName(ReportIds.create());
    const fake = fakeProvider();
    const handle = createLateEdits(localStorage)(name, fake.provider);
    expect(handle?.state().waiting).toBe(0);
    fake.deliver(encodeLateEditsState({ waiting: 2, decided: [] }));
    expect(handle?.state().waiting).toBe(2);
    expect(storedWaitingNames(localStorage)).toEqual([name]);

    // The next app start shows the count at once, before the server answers.
    const again = createLateEdits(localStorage)(name, fakeProvider().provider);
    expect(again?.state().waiting).toBe(2);
    fake.deliver(
      encodeLateEditsState({
        waiting: 0,
        decided: [
          { id: 'a', decision: 'discarded', at: new Date().toISOString(), parts: ['notes'] },
        ],
      }),
    );
    expect(storedWaitingNames(localStorage)).toEqual([]);
    handle?.destroy();
    again?.destroy();
  });

  it('is only for plods', () => {
    expect(createLateEdits(localStorage)('setup', fakeProvider().provider)).toBeNull();
  });

  it('remembers which decisions the crew has seen', () => {
    const seen = new SeenDecisions(localStorage);
    seen.add(['a']);
    expect(new SeenDecisions(localStorage).has('a')).toBe(true);
    expect(new SeenDecisions(localStorage).has('b')).toBe(false);
  });
});
