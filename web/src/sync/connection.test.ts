import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deriveSyncStatus, NETWORK_ENABLED_KEY } from './connection';
import type { ProviderState } from './registry';
import { syncUrlFor, type SyncRuntime } from './runtime';
import { FakeSocket } from './testing/fakeSocket';
import { offlineSyncRuntime } from './testing/runtime';

const connected: ProviderState = { name: 'a', status: 'connected', synced: true };
const base = { enabled: true, browserOnline: true, providers: [connected], pending: 0 };

describe('deriveSyncStatus', () => {
  it('is offline when the person switched sync off, whatever the network says', () => {
    expect(deriveSyncStatus({ ...base, enabled: false })).toBe('offline');
  });

  it('is offline when the browser has no network', () => {
    expect(deriveSyncStatus({ ...base, browserOnline: false })).toBe('offline');
  });

  it('is offline when every open document lost its server connection', () => {
    const lost: ProviderState = { name: 'b', status: 'disconnected', synced: false };
    expect(deriveSyncStatus({ ...base, providers: [lost, { ...lost, name: 'c' }] })).toBe(
      'offline',
    );
  });

  it('is syncing while a document connects, handshakes, or has unacknowledged changes', () => {
    expect(deriveSyncStatus({ ...base, providers: [{ ...connected, status: 'connecting' }] })).toBe(
      'syncing',
    );
    expect(deriveSyncStatus({ ...base, providers: [{ ...connected, synced: false }] })).toBe(
      'syncing',
    );
    expect(deriveSyncStatus({ ...base, pending: 2 })).toBe('syncing');
  });

  it('is online when everything open is connected and in step', () => {
    expect(deriveSyncStatus(base)).toBe('online');
    expect(deriveSyncStatus({ ...base, providers: [] })).toBe('online');
  });
});

describe('syncUrlFor', () => {
  it('uses the page origin, with wss under https', () => {
    expect(syncUrlFor({ protocol: 'https:', host: 'plod.example:8787' })).toBe(
      'wss://plod.example:8787/sync',
    );
    expect(syncUrlFor({ protocol: 'http:', host: 'localhost:8787' })).toBe(
      'ws://localhost:8787/sync',
    );
  });
});

describe('ConnectionController', () => {
  let runtime: SyncRuntime;
  const make = () =>
    offlineSyncRuntime({
      storage: window.localStorage,
      idleCloseMs: 10_000,
    });

  beforeEach(() => {
    window.localStorage.clear();
    FakeSocket.instances.length = 0;
  });
  afterEach(async () => {
    await runtime.dispose();
  });

  it('really disconnects every provider when switched off, and reconnects when switched on', async () => {
    runtime = make();
    const names = ['report:toggle-1', 'report:toggle-2'];
    await Promise.all(names.map((name) => runtime.registry.whenLoaded(name)));
    expect(FakeSocket.instances).toHaveLength(2);
    FakeSocket.instances.forEach((socket) => socket.open());
    expect(runtime.connection.getState().status).toBe('syncing'); // connected, handshake pending

    runtime.connection.setEnabled(false);
    expect(FakeSocket.instances.every((socket) => socket.readyState === FakeSocket.CLOSED)).toBe(
      true,
    );
    expect(runtime.connection.getState()).toMatchObject({ enabled: false, status: 'offline' });
    expect(window.localStorage.getItem(NETWORK_ENABLED_KEY)).toBe('false');

    runtime.connection.setEnabled(true);
    expect(FakeSocket.instances).toHaveLength(4);
    expect(runtime.connection.getState().enabled).toBe(true);
  });

  it('remembers the Offline choice across app starts and opens no socket', async () => {
    window.localStorage.setItem(NETWORK_ENABLED_KEY, 'false');
    runtime = make();
    await runtime.registry.whenLoaded('report:remembered');
    expect(runtime.connection.getState()).toMatchObject({ enabled: false, status: 'offline' });
    expect(FakeSocket.instances).toHaveLength(0);
  });

  it('shows offline once a connection attempt fails, rather than syncing forever', async () => {
    runtime = make();
    await runtime.registry.whenLoaded('report:unreachable');
    expect(runtime.connection.getState().status).toBe('syncing');
    FakeSocket.instances[0]?.fail();
    await Promise.resolve();
    expect(runtime.connection.getState().status).toBe('offline');
  });
});
