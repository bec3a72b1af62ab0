import 'fake-indexeddb/auto';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { Awareness, applyAwarenessUpdate, encodeAwarenessUpdate } from 'y-protocols/awareness';
import { WebsocketProvider } from 'y-websocket';
import { usePresence } from './presence';
import { createSyncRuntime, type SyncRuntime } from './runtime';
import { SyncProvider } from './SyncProvider';
import { FakeWebSocket } from './testing/fakeSocket';

const runtimes: SyncRuntime[] = [];

function makeRuntime(): SyncRuntime {
  const runtime = createSyncRuntime({
    serverUrl: 'ws://test.invalid/sync',
    storage: null,
    idleCloseMs: 60_000,
    createProvider: (name, doc) =>
      new WebsocketProvider('ws://test.invalid/sync', name, doc, {
        connect: false,
        WebSocketPolyfill: FakeWebSocket,
      }),
  });
  runtimes.push(runtime);
  return runtime;
}

/** Presence another phone announces, as the relay would deliver it. */
function remotePresence(target: Awareness, name: string, screenName: string): void {
  const other = new Awareness(new Y.Doc());
  other.setLocalState({ name, screen: screenName });
  applyAwarenessUpdate(target, encodeAwarenessUpdate(other, [other.clientID]), 'relay');
  other.destroy();
}

function Peers({ doc }: { doc: string }) {
  const peers = usePresence(doc, 'Sam phone', 'Run Sheets');
  return <p data-testid="peers">{peers.map((p) => `${p.name} · ${p.screen}`).join(', ')}</p>;
}

afterEach(async () => {
  cleanup();
  await Promise.all(runtimes.splice(0).map((runtime) => runtime.dispose()));
});

describe('usePresence', () => {
  it('shows presence that arrived while no screen was listening (a newcomer gets it on connect)', async () => {
    const runtime = makeRuntime();
    const doc = 'report:0192a7c4-0000-7000-8000-0000000000aa';
    const first = render(
      <SyncProvider runtime={runtime}>
        <Peers doc={doc} />
      </SyncProvider>,
    );
    expect(screen.getByTestId('peers').textContent).toBe('');
    first.unmount();

    // Between screens (or before the first screen subscribes) the relay sends who is here.
    remotePresence(runtime.registry.entry(doc).provider.awareness, 'Alex phone', 'Crew Assignment');

    render(
      <SyncProvider runtime={runtime}>
        <Peers doc={doc} />
      </SyncProvider>,
    );
    expect(await screen.findByText('Alex phone · Crew Assignment')).toBeTruthy();
  });

  it('lists a peer who arrives while the screen is open, and announces this screen', async () => {
    const runtime = makeRuntime();
    const doc = 'report:0192a7c4-0000-7000-8000-0000000000ab';
    render(
      <SyncProvider runtime={runtime}>
        <Peers doc={doc} />
      </SyncProvider>,
    );
    const awareness = runtime.registry.entry(doc).provider.awareness;
    expect(awareness.getLocalState()).toEqual({ name: 'Sam phone', screen: 'Run Sheets' });
    act(() => remotePresence(awareness, 'Alex phone', 'Crew Assignment'));
    expect(await screen.findByText('Alex phone · Crew Assignment')).toBeTruthy();
  });
});
