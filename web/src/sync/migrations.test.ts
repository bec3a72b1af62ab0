import 'fake-indexeddb/auto';
import {
  REPORT_MIGRATIONS,
  REPORT_SCHEMA_VERSION,
  ReportIds,
  createReport,
  isModelError,
  readReport,
  reportDocName,
  setReportNotes,
  type LoadMigration,
} from '@plod/model';
import { MESSAGE_SYNC } from '@plod/model/sync';
import { V1_CREW, newerReportDoc, v1ReportDoc } from '@plod/model/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { messageYjsSyncStep2 } from 'y-protocols/sync';
import { IndexeddbPersistence } from 'y-indexeddb';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { loadDeviceMigrator } from './migrate';
import { createSyncRuntime, type SyncRuntime } from './runtime';
import { leaveOnPhone } from './testing/deviceCopy';
import { FakeSocket, FakeWebSocket } from './testing/fakeSocket';

const runtimes: SyncRuntime[] = [];
afterEach(async () => {
  await Promise.all(runtimes.splice(0).map((runtime) => runtime.dispose()));
});

// Each test holds its documents open (`retain`), as a screen would: an unheld one closes at once.

/** A phone: its own device storage (IndexedDB databases under its own prefix) and no server. */
function phone(
  storage: string,
  outcomes: (LoadMigration | null)[] = [],
  loads = { count: 0 },
): SyncRuntime {
  const runtime = createSyncRuntime({
    serverUrl: 'ws://test.invalid/sync',
    storage: null,
    auth: null,
    actor: null,
    idleCloseMs: 30,
    createPersistence: (name, doc) => new IndexeddbPersistence(`${storage}/${name}`, doc),
    createProvider: (name, doc) =>
      new WebsocketProvider('ws://test.invalid/sync', name, doc, {
        connect: false,
        WebSocketPolyfill: FakeWebSocket,
        // Two phones are two devices: no shortcut between them through the browser.
        disableBc: true,
      }),
    loadMigrator: async () => {
      loads.count += 1;
      const migrate = await loadDeviceMigrator();
      return (name, doc) => {
        const outcome = migrate(name, doc);
        outcomes.push(outcome);
        return outcome;
      };
    },
  });
  runtimes.push(runtime);
  return runtime;
}

/** Puts `doc` into a phone's device copy of `name`, as an older app left it there. */
const leaveOnDevice = (storage: string, name: string, doc: Y.Doc) =>
  leaveOnPhone(name, doc, `${storage}/${name}`);

/** A variable-length unsigned integer, as the y-websocket protocol writes them. */
function varUint(value: number): number[] {
  const bytes: number[] = [];
  let rest = value;
  while (rest > 0x7f) {
    bytes.push((rest & 0x7f) | 0x80);
    rest >>>= 7;
  }
  bytes.push(rest);
  return bytes;
}

/** The server's answer to a sync step 1: sync step 2 carrying `doc`'s whole state. */
function syncStep2(doc: Y.Doc): ArrayBuffer {
  const update = Y.encodeStateAsUpdate(doc);
  const head = [
    ...varUint(MESSAGE_SYNC),
    ...varUint(messageYjsSyncStep2),
    ...varUint(update.length),
  ];
  const message = new Uint8Array(head.length + update.length);
  message.set(head);
  message.set(update, head.length);
  return message.buffer;
}

let seq = 0;
const storageName = (label: string) => `${label}-${Date.now()}-${(seq += 1)}`;
const primaryFlags = (doc: Y.Doc) =>
  Object.values(doc.getMap('crew').toJSON() as Record<string, Record<string, unknown>>).filter(
    (entry) => 'isPrimary' in entry,
  ).length;

describe('migrations on a phone', () => {
  it('migrate an old plod once its device copy loads, keep it migrated, and count nothing as unsent', async () => {
    const id = ReportIds.create();
    const name = reportDocName(id);
    const storage = storageName('phone');
    await leaveOnDevice(storage, name, v1ReportDoc(id));

    const outcomes: (LoadMigration | null)[] = [];
    const first = phone(storage, outcomes);
    first.registry.retain(name);
    await first.registry.whenLoaded(name);
    expect(first.registry.info(name).status).toBe('ready');
    const report = first.registry.read(name, readReport);
    expect(report.schemaVersion).toBe(REPORT_SCHEMA_VERSION);
    expect(report.primaryAssignmentId).toBe(V1_CREW.bob);
    expect(primaryFlags(first.registry.entry(name).doc)).toBe(0);
    expect(outcomes).toMatchObject([
      { outcome: 'migrated', from: 1, applied: REPORT_MIGRATIONS.map((m) => m.version) },
    ]);
    // A migration is no person's change: nothing waits for the server.
    expect(first.registry.pendingCount()).toBe(0);
    await first.dispose();

    // The device copy holds the migration: the next start has nothing to do, and does not even
    // load the migrations (every kind's readers, with zod).
    const again: (LoadMigration | null)[] = [];
    const loads = { count: 0 };
    const second = phone(storage, again, loads);
    second.registry.retain(name);
    await second.registry.whenLoaded(name);
    expect(second.registry.info(name).status).toBe('ready');
    expect(again).toEqual([]);
    expect(loads.count).toBe(0);
    expect(second.registry.read(name, readReport).primaryAssignmentId).toBe(V1_CREW.bob);
  });

  it('end in one state when two phones migrate the same old plod offline and then merge', async () => {
    const id = ReportIds.create();
    const name = reportDocName(id);
    const [storageA, storageB] = [storageName('a'), storageName('b')];
    // The same old plod, synced to both phones before they updated the app.
    const old = v1ReportDoc(id);
    await leaveOnDevice(storageA, name, old);
    await leaveOnDevice(storageB, name, old);
    const a = phone(storageA);
    const b = phone(storageB);
    a.registry.retain(name);
    b.registry.retain(name);
    await Promise.all([a.registry.whenLoaded(name), b.registry.whenLoaded(name)]);
    const docA = a.registry.entry(name).doc;
    const docB = b.registry.entry(name).doc;
    // Each migrated on its own, so each holds writes the other lacks.
    expect(Y.encodeStateVector(docA)).not.toEqual(Y.encodeStateVector(docB));

    // Back online, the relay passes each phone's state to the other.
    Y.applyUpdate(docB, Y.encodeStateAsUpdate(docA, Y.encodeStateVector(docB)));
    Y.applyUpdate(docA, Y.encodeStateAsUpdate(docB, Y.encodeStateVector(docA)));
    expect(Y.encodeStateAsUpdate(docA)).toEqual(Y.encodeStateAsUpdate(docB));
    const merged = a.registry.read(name, readReport);
    expect(b.registry.read(name, readReport)).toEqual(merged);
    expect(merged.schemaVersion).toBe(REPORT_SCHEMA_VERSION);
    expect(merged.primaryAssignmentId).toBe(V1_CREW.bob);
    expect(primaryFlags(docA)).toBe(0);
  });

  it("migrate an old plod that arrives with the server's state, and send the migration", async () => {
    const id = ReportIds.create();
    const name = reportDocName(id);
    const outcomes: (LoadMigration | null)[] = [];
    const loads = { count: 0 };
    const runtime = phone(storageName('fresh'), outcomes, loads);
    runtime.registry.retain(name);
    await runtime.registry.whenLoaded(name);
    // An empty document has nothing to migrate: the migrations are not loaded for it.
    expect(loads.count).toBe(0);
    const socket = FakeSocket.instances.filter((s) => s.url.endsWith(`/${name}`)).at(-1);
    if (!socket) throw new Error('the phone did not connect');
    socket.open();
    const sentBefore = socket.sent.length;

    // The server answers the phone's sync step 1 with a plod an older app created.
    socket.onmessage?.({ data: syncStep2(v1ReportDoc(id)) });

    await expect
      .poll(() => runtime.registry.read(name, readReport).schemaVersion)
      .toBe(REPORT_SCHEMA_VERSION);
    expect(runtime.registry.read(name, readReport).primaryAssignmentId).toBe(V1_CREW.bob);
    expect(outcomes.at(-1)).toMatchObject({ outcome: 'migrated', from: 1 });
    expect(loads.count).toBeGreaterThan(0);
    // The migration goes to the server like any update.
    expect(socket.sent.length).toBeGreaterThan(sentBefore);
  });

  it('open a plod saved by a newer version read-only: nothing migrated, every change refused', async () => {
    const id = ReportIds.create();
    const name = reportDocName(id);
    const storage = storageName('newer');
    const newer = newerReportDoc(id, REPORT_SCHEMA_VERSION + 1);
    await leaveOnDevice(storage, name, newer);
    const outcomes: (LoadMigration | null)[] = [];
    const runtime = phone(storage, outcomes);
    runtime.registry.retain(name);
    await runtime.registry.whenLoaded(name);
    expect(runtime.registry.info(name).newerSchema).toBe(true);
    // A newer document is left as it is: the migrations are not even loaded.
    expect(outcomes).toEqual([]);
    const doc = runtime.registry.entry(name).doc;
    const before = Y.encodeStateVector(doc);

    let refused: unknown = null;
    try {
      runtime.registry.mutate(name, setReportNotes, 'written over');
    } catch (error) {
      refused = error;
    }
    expect(isModelError(refused, 'unsupported-schema-version')).toBe(true);
    expect((refused as Error).message).toContain(
      'This plod was saved by a newer version of Plod; update the app to change it',
    );
    expect(Y.encodeStateVector(doc)).toEqual(before);
    expect(runtime.registry.read(name, readReport).notes).toBe('Saved by a newer Plod');
  });

  it('turn a plod read-only the moment a phone on a newer app stamps it', async () => {
    const id = ReportIds.create();
    const name = reportDocName(id);
    const runtime = phone(storageName('live'));
    runtime.registry.retain(name);
    await runtime.registry.whenLoaded(name);
    runtime.registry.mutate(name, createReport, { id });
    runtime.registry.mutate(name, setReportNotes, 'before');
    expect(runtime.registry.info(name).newerSchema).toBe(false);

    // A crewmate's phone, on a newer app, migrates the plod; its update arrives over the network.
    const entry = runtime.registry.entry(name);
    const crewmate = new Y.Doc();
    Y.applyUpdate(crewmate, Y.encodeStateAsUpdate(entry.doc));
    crewmate.transact(() => {
      crewmate.getMap('meta').set('schemaVersion', REPORT_SCHEMA_VERSION + 1);
      crewmate.getMap('schemaVersions').set(String(REPORT_SCHEMA_VERSION + 1), true);
    });
    Y.applyUpdate(
      entry.doc,
      Y.encodeStateAsUpdate(crewmate, Y.encodeStateVector(entry.doc)),
      entry.provider,
    );
    expect(runtime.registry.info(name).newerSchema).toBe(true);
    expect(() => runtime.registry.mutate(name, setReportNotes, 'after')).toThrow(
      /newer version of Plod/,
    );
    expect(runtime.registry.read(name, readReport).notes).toBe('before');
  });
});
