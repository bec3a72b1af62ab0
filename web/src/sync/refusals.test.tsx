import 'fake-indexeddb/auto';
import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { reportDocName } from '@plod/model';
import type { ReportId } from '@plod/model';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SyncIndicator } from '../components/SyncIndicator';
import { SyncRefusedNotes } from '../components/SyncRefusedNotes';
import { SyncRefusals } from './refusals';
import type { SyncRuntime } from './runtime';
import { SyncProvider } from './SyncProvider';
import { FakeSocket } from './testing/fakeSocket';
import { testSyncRuntime } from './testing/runtime';

const runtimes: SyncRuntime[] = [];
afterEach(async () => {
  cleanup();
  await Promise.all(runtimes.splice(0).map((runtime) => runtime.dispose()));
});

/** y-websocket's sync step 2 with an empty update: the server's state has arrived. */
const SYNC_STEP_2 = new Uint8Array([0, 1, 2, 0, 0]);

function socketFor(name: string): FakeSocket {
  const socket = FakeSocket.instances.filter((s) => s.url.endsWith(`/${name}`)).at(-1);
  if (!socket) throw new Error(`no socket for ${name}`);
  return socket;
}

describe('SyncRefusals', () => {
  it('tries a refusal that passes with time again, once per refusal, and forgets it on a sync', () => {
    vi.useFakeTimers();
    try {
      const retried: string[] = [];
      const refusals = new SyncRefusals((name) => retried.push(name), 1000);
      refusals.refused('report-a', 4430, 'This device sent more than 600 updates');
      refusals.refused('report-b', 4409, 'This plod is approved');
      refusals.refused('setup', 4401, 'revoked');
      expect(refusals.list().map((r) => [r.name, r.code])).toEqual([
        ['report-a', 4430],
        ['report-b', 4409],
      ]);
      vi.advanceTimersByTime(999);
      expect(retried).toEqual([]);
      vi.advanceTimersByTime(1);
      // A rule's refusal would be refused again: it is not retried.
      expect(retried).toEqual(['report-a']);
      vi.advanceTimersByTime(5000);
      expect(retried).toEqual(['report-a']);
      const before = refusals.list();
      refusals.synced('report-a');
      expect(refusals.list()).not.toBe(before);
      expect(refusals.list().map((r) => r.name)).toEqual(['report-b']);
      refusals.destroy();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a connection the server refuses', () => {
  it('is said in words on every screen until the plod syncs again', async () => {
    const runtime = testSyncRuntime();
    runtimes.push(runtime);
    const id = '01a22000-0000-7000-8000-000000000430' as ReportId;
    const name = reportDocName(id);
    const release = runtime.registry.subscribe(name, () => undefined);
    await runtime.registry.whenLoaded(name);
    // Another plod of the phone's syncs as usual: the phone is online.
    const other = reportDocName('01a22000-0000-7000-8000-000000000431' as ReportId);
    const releaseOther = runtime.registry.subscribe(other, () => undefined);
    await runtime.registry.whenLoaded(other);
    const router = createMemoryRouter([
      {
        path: '*',
        element: (
          <>
            <SyncIndicator />
            <SyncRefusedNotes />
          </>
        ),
      },
    ]);
    render(
      <MantineProvider>
        <SyncProvider runtime={runtime}>
          <RouterProvider router={router} />
        </SyncProvider>
      </MantineProvider>,
    );
    expect(screen.queryByTestId('sync-refused')).toBeNull();

    socketFor(other).open();
    socketFor(other).receive(SYNC_STEP_2);
    socketFor(name).open();
    socketFor(name).refuse(4430, 'This device sent more than 600 updates to this plod this hour');
    const note = await screen.findByTestId('sync-refused');
    expect(note.textContent).toContain('The server is taking no more changes from this phone');
    expect(note.textContent).toContain(
      'Changes to this plod: This device sent more than 600 updates to this plod this hour. They stay on this phone and are sent again in a few minutes.',
    );
    expect(screen.getByRole('link', { name: 'this plod' }).getAttribute('href')).toBe(
      `/plods/${id}`,
    );
    // The badge beside it does not say the changes are on their way.
    expect(screen.getByTestId('sync-indicator').textContent).toBe('Not accepted');

    // The retry connects again; the server takes the plod: the note goes.
    runtime.registry.reconnect(name);
    const again = socketFor(name);
    again.open();
    again.receive(SYNC_STEP_2);
    await vi.waitFor(() => expect(screen.queryByTestId('sync-refused')).toBeNull());
    expect(screen.getByTestId('sync-indicator').textContent).not.toBe('Not accepted');
    release();
    releaseOther();
  });
});
