import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { StrictMode, useEffect, useState } from 'react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type * as Y from 'yjs';
import { IndexeddbPersistence } from 'y-indexeddb';
import { WebsocketProvider } from 'y-websocket';
import { useDocSnapshot, useDocument, useMutation, useUnreadDocs } from './hooks';
import { createSyncRuntime, type SyncRuntime, type SyncRuntimeOptions } from './runtime';
import { SyncProvider } from './SyncProvider';
import { holdDeviceCopy } from './testing/deviceCopy';
import { FakeWebSocket } from './testing/fakeSocket';
import { offlineSyncRuntime } from './testing/runtime';

const runtimes: SyncRuntime[] = [];
let seq = 0;
const uniqueName = (prefix: string) => `${prefix}:${Date.now()}-${(seq += 1)}`;

function countingRuntime(extra: SyncRuntimeOptions = {}) {
  const made = { persistences: [] as string[], providers: [] as string[] };
  const runtime = createSyncRuntime({
    serverUrl: 'ws://test.invalid/sync',
    storage: null,
    idleCloseMs: 30,
    createPersistence: (name, doc) => {
      made.persistences.push(name);
      return new IndexeddbPersistence(name, doc);
    },
    createProvider: (name, doc) => {
      made.providers.push(name);
      return new WebsocketProvider('ws://test.invalid/sync', name, doc, {
        connect: false,
        WebSocketPolyfill: FakeWebSocket,
      });
    },
    ...extra,
  });
  runtimes.push(runtime);
  return { runtime, made };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const readTitle = (doc: Y.Doc) => doc.getMap('report').get('title') ?? '';
const setTitle = (doc: Y.Doc, title: string) => doc.getMap('report').set('title', title);

function Title({ name }: { name: string }) {
  const info = useDocument(name);
  const title = useDocSnapshot(name, readTitle);
  return (
    <p>
      {info.status}:{String(title)}
    </p>
  );
}

afterEach(async () => {
  cleanup();
  await Promise.all(runtimes.splice(0).map((runtime) => runtime.dispose()));
});

describe('DocumentRegistry', () => {
  it('tells its listeners of a document first opened by a render only after that render', async () => {
    const { runtime } = countingRuntime();
    const name = uniqueName('report');
    // A status bar that re-renders on every change of the registry's state.
    function Listener() {
      const [changes, setChanges] = useState(0);
      useEffect(() => runtime.registry.onStateChange(() => setChanges((n) => n + 1)), []);
      return <p data-testid="changes">{changes}</p>;
    }
    function Opener() {
      const [open, setOpen] = useState(false);
      return open ? <Title name={name} /> : <button onClick={() => setOpen(true)}>Open</button>;
    }
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      render(
        <SyncProvider runtime={runtime}>
          <Listener />
          <Opener />
        </SyncProvider>,
      );
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Open' }));
        await wait(0);
      });
      expect(Number(screen.getByTestId('changes').textContent)).toBeGreaterThan(0);
      // React forbids updating one component while rendering another.
      expect(errors.mock.calls.map((call) => String(call[0]))).not.toContainEqual(
        expect.stringContaining('Cannot update a component'),
      );
    } finally {
      errors.mockRestore();
    }
  });

  it('keeps a document open while waiting for its device copy, however slow the read', async () => {
    // A device copy that takes longer to read than the idle close (a loaded phone).
    const { runtime } = countingRuntime({
      idleCloseMs: 5,
      createPersistence: (name, doc) => {
        const persistence = new IndexeddbPersistence(name, doc);
        const slow = persistence.whenSynced.then(async (p) => {
          await wait(60);
          return p;
        });
        Object.defineProperty(persistence, 'whenSynced', { value: slow });
        return persistence;
      },
    });
    const name = uniqueName('report');
    await runtime.registry.whenLoaded(name);
    runtime.registry.mutate(name, setTitle, 'after load');
    expect(runtime.registry.read(name, readTitle)).toBe('after load');
  });

  it('opens one persistence and one provider per document under StrictMode double mounting', async () => {
    const { runtime, made } = countingRuntime();
    const name = uniqueName('report');
    render(
      <StrictMode>
        <SyncProvider runtime={runtime}>
          <Title name={name} />
          <Title name={name} />
        </SyncProvider>
      </StrictMode>,
    );
    expect(await screen.findAllByText('ready:')).toHaveLength(2);
    await act(() => wait(60)); // longer than idleCloseMs: StrictMode's unmount must not close it
    expect(made.persistences).toEqual([name]);
    expect(made.providers).toEqual([name]);
    expect(runtime.registry.isOpen(name)).toBe(true);
  });

  it('closes a document shortly after its last screen unmounts', async () => {
    const { runtime } = countingRuntime();
    const name = uniqueName('report');
    const view = render(
      <SyncProvider runtime={runtime}>
        <Title name={name} />
      </SyncProvider>,
    );
    await screen.findByText('ready:');
    view.unmount();
    expect(runtime.registry.isOpen(name)).toBe(true);
    await wait(60);
    expect(runtime.registry.isOpen(name)).toBe(false);
  });

  it('names the documents whose device copy is not read yet, each until its own is', async () => {
    const [quick, slow] = [uniqueName('report'), uniqueName('report')];
    const before = offlineSyncRuntime({
      auth: null,
    });
    await before.registry.whenLoaded(slow);
    before.registry.mutate(slow, setTitle, 'on the phone');
    await before.dispose();
    const release = await holdDeviceCopy(slow);
    onTestFinished(release);
    const { runtime } = countingRuntime();
    function Read({ names }: { names: string[] }) {
      const unread = useUnreadDocs(names);
      return (
        <p>{`${names.length} unread: ${unread.map((n) => (n === slow ? 'slow' : n === quick ? 'quick' : n)).join(',') || 'none'}`}</p>
      );
    }
    render(
      <SyncProvider runtime={runtime}>
        <Read names={[]} />
        <Read names={[quick]} />
        <Read names={[quick, slow]} />
      </SyncProvider>,
    );
    expect(screen.getByText('0 unread: none')).toBeTruthy();
    // The quick one is read although the slow one is still waited for.
    expect(await screen.findByText('1 unread: none')).toBeTruthy();
    expect(screen.getByText('2 unread: slow')).toBeTruthy();
    await release();
    expect(await screen.findByText('2 unread: none')).toBeTruthy();
    expect(runtime.registry.read(slow, readTitle)).toBe('on the phone');
  });

  it('says a change is stored only once every write to the device copy before it has committed', async () => {
    const { runtime } = countingRuntime();
    const name = uniqueName('report');
    runtime.registry.mutate(name, setTitle, 'made a moment ago');
    await runtime.registry.whenLoaded(name);
    // Another write to the phone's copy is still going on (a slow phone's IndexedDB).
    const release = await holdDeviceCopy(name);
    onTestFinished(release);
    let stored = false;
    const storing = runtime.registry.whenStored(name).then(() => {
      stored = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stored).toBe(false);
    await release();
    await storing;
    expect(stored).toBe(true);
  });

  it('re-renders a snapshot when a mutation changes the document', async () => {
    const { runtime } = countingRuntime();
    const name = uniqueName('report');
    function Editor() {
      const rename = useMutation(name, setTitle);
      return <button onClick={() => rename('Hole DH-2025-001')}>Rename</button>;
    }
    render(
      <SyncProvider runtime={runtime}>
        <Title name={name} />
        <Editor />
      </SyncProvider>,
    );
    await screen.findByText('ready:');
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    expect(screen.getByText('ready:Hole DH-2025-001')).toBeTruthy();
  });

  it('returns the same snapshot object until the document changes', async () => {
    const { runtime } = countingRuntime();
    const name = uniqueName('report');
    const readMap = (doc: Y.Doc) => doc.getMap('report').toJSON();
    await runtime.registry.whenLoaded(name);
    const first = runtime.registry.read(name, readMap);
    expect(runtime.registry.read(name, readMap)).toBe(first);
    runtime.registry.mutate(name, setTitle, 'changed');
    expect(runtime.registry.read(name, readMap)).not.toBe(first);
  });

  it("keeps a document's edits on the device across registry re-creation", async () => {
    const name = uniqueName('report');
    const first = countingRuntime().runtime;
    await first.registry.whenLoaded(name);
    first.registry.mutate(name, setTitle, 'Night shift, Rig 7');
    await first.dispose();

    const second = countingRuntime().runtime;
    await second.registry.whenLoaded(name);
    expect(second.registry.read(name, readTitle)).toBe('Night shift, Rig 7');
  });

  it('keeps a document with unsent changes open after its screens let go', async () => {
    const { runtime } = countingRuntime();
    const name = uniqueName('report');
    await runtime.registry.whenLoaded(name);
    runtime.registry.mutate(name, setTitle, 'edited offline');
    expect(runtime.registry.pendingCount()).toBe(1);
    await wait(80);
    expect(runtime.registry.isOpen(name)).toBe(true);
  });
});
