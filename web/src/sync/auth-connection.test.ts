import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SyncAuth, SyncRuntime } from './runtime';
import { FakeSocket } from './testing/fakeSocket';
import { offlineSyncRuntime } from './testing/runtime';

/** Sign-in state as the relay connections see it, changed by hand. */
function handAuth(initial: string | null) {
  let token = initial;
  let supervisor = '';
  let refusals = 0;
  const listeners = new Set<() => void>();
  const auth: SyncAuth = {
    token: () => token,
    identity: () => `${token ?? ''}|${supervisor}`,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refused() {
      refusals += 1;
    },
  };
  return {
    auth,
    setToken(next: string | null) {
      token = next;
      listeners.forEach((listener) => listener());
    },
    setSupervisor(name: string) {
      supervisor = name;
      listeners.forEach((listener) => listener());
    },
    refusals: () => refusals,
  };
}

/** The token a socket offered as its `plod-auth.` subprotocol (null: none), checking the URL has none. */
const tokenOf = (socket: FakeSocket | undefined) => {
  if (!socket) return undefined;
  expect(new URL(socket.url).search).toBe('');
  const protocols = typeof socket.protocols === 'string' ? [socket.protocols] : socket.protocols;
  const offered = protocols.find((protocol) => protocol.startsWith('plod-auth.'));
  if (offered) expect(protocols).toContain('plod');
  return offered ? offered.slice('plod-auth.'.length) : null;
};

describe('relay connections carry the device token', () => {
  let runtime: SyncRuntime;
  beforeEach(() => {
    FakeSocket.instances.length = 0;
  });
  afterEach(async () => {
    await runtime.dispose();
  });

  const make = (auth: SyncAuth) =>
    (runtime = offlineSyncRuntime({
      idleCloseMs: 10_000,
      auth,
    }));

  it('offers the token as a subprotocol (never in the URL) and reconnects with a new one', async () => {
    const hand = handAuth('first-token');
    make(hand.auth);
    runtime.registry.retain('report:token-1'); // a screen shows it
    await runtime.registry.whenLoaded('report:token-1');
    expect(FakeSocket.instances).toHaveLength(1);
    const first = FakeSocket.instances[0];
    expect(first?.url).toBe('ws://test.invalid/sync/report:token-1');
    expect(tokenOf(first)).toBe('first-token');
    first?.open();

    hand.setToken('second-token');
    expect(first?.readyState).toBe(FakeSocket.CLOSED);
    expect(FakeSocket.instances).toHaveLength(2);
    expect(tokenOf(FakeSocket.instances[1])).toBe('second-token');

    // A document opened afterwards uses the new token from the start.
    await runtime.registry.whenLoaded('report:token-2');
    expect(tokenOf(FakeSocket.instances.at(-1))).toBe('second-token');
  });

  it('connects with no token before the device joins, and a supervisor sign-in reconnects', async () => {
    const hand = handAuth(null);
    make(hand.auth);
    runtime.registry.retain('setup'); // a screen shows it
    await runtime.registry.whenLoaded('setup');
    expect(tokenOf(FakeSocket.instances[0])).toBeNull();
    FakeSocket.instances[0]?.open();
    // The session cookie goes with the upgrade by itself: a new connection is what carries it.
    hand.setSupervisor('sam');
    expect(FakeSocket.instances).toHaveLength(2);
    expect(tokenOf(FakeSocket.instances[1])).toBeNull();
  });

  it('asks who it is when the server closes for good (4401), and comes back after a re-join', async () => {
    const hand = handAuth('revoked-token');
    make(hand.auth);
    runtime.registry.retain('report:revoked'); // a screen shows it
    await runtime.registry.whenLoaded('report:revoked');
    const socket = FakeSocket.instances[0];
    socket?.open();
    socket?.onclose?.({ code: 4401, reason: 'device revoked' });
    expect(hand.refusals()).toBe(1);
    // y-websocket does not retry a 44xx close by itself.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(FakeSocket.instances).toHaveLength(1);

    hand.setToken('rejoined-token');
    expect(FakeSocket.instances).toHaveLength(2);
    expect(tokenOf(FakeSocket.instances[1])).toBe('rejoined-token');
  });

  it('closes a document nobody holds when who is here changes, rather than connect as nobody', async () => {
    const hand = handAuth(null);
    make(hand.auth);
    hand.setSupervisor('sam');
    const release = runtime.registry.retain('setup');
    await runtime.registry.whenLoaded('setup');
    FakeSocket.instances[0]?.open();
    release(); // the screen that showed it has gone; it would close after idleCloseMs
    hand.setSupervisor(''); // signed out
    expect(FakeSocket.instances).toHaveLength(1);
    expect(FakeSocket.instances[0]?.readyState).toBe(FakeSocket.CLOSED);
    expect(runtime.registry.providerStates().map((state) => state.name)).not.toContain('setup');
  });

  it('does not reconnect when nothing about who is here changed', async () => {
    const hand = handAuth('steady');
    make(hand.auth);
    await runtime.registry.whenLoaded('report:steady');
    FakeSocket.instances[0]?.open();
    hand.setToken('steady');
    expect(FakeSocket.instances).toHaveLength(1);
  });
});
