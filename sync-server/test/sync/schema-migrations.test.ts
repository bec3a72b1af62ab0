import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  REPORT_SCHEMA_VERSION,
  ReportIds,
  SCHEMA_MARKS_ROOT,
  SETUP_SCHEMA_VERSION,
  readReport,
  readSetup,
  reportDocName,
  schemaVersionOf,
  DOC_SCHEMAS,
} from '@plod/model';
import { V1_CREW, newerReportDoc, v1ReportDoc, v1SetupDoc } from '@plod/model/testing';
import { SqliteStore } from '../../src/store/sqlite-store.ts';
import {
  closedAfterEach,
  connectClient,
  startServer,
  synced,
  tempDir,
  waitFor,
} from '../helpers.ts';
import type { TestClient } from '../helpers.ts';

/** How each document is stored before the server starts: a snapshot only (as after an unload), or log rows. */
type Layout = 'snapshot' | 'log';

/** A data folder whose store already holds these documents, written before any server runs. */
async function seededFolder(docs: Record<string, Y.Doc>, layout: Layout): Promise<string> {
  const dataDir = tempDir();
  const store = new SqliteStore(path.join(dataDir, 'plod.db'));
  for (const [name, doc] of Object.entries(docs)) {
    const state = Y.encodeStateAsUpdate(doc);
    if (layout === 'snapshot') await store.compact(name, state, 0);
    else await store.append([{ docName: name, update: state }]);
  }
  await store.close();
  return dataDir;
}

const primaryFlags = (doc: Y.Doc) =>
  Object.values(doc.getMap('crew').toJSON() as Record<string, Record<string, unknown>>).filter(
    (entry) => 'isPrimary' in entry,
  ).length;

describe('the relay migrates documents as it loads them', () => {
  const { clients, servers } = closedAfterEach();
  const keep = (c: TestClient) => (clients.push(c), c);
  const start = async (dataDir: string) => {
    const server = await startServer({ dataDir });
    servers.push(server);
    return server;
  };

  it('serves a version 1 plod stored as log rows already migrated, and stores the migration', async () => {
    const id = ReportIds.create();
    const name = reportDocName(id);
    const server = await start(await seededFolder({ [name]: v1ReportDoc(id) }, 'log'));
    const client = keep(connectClient(server.url, name, { connect: false }));
    // The first state this client ever holds must be the migrated one.
    const firstSeen: number[] = [];
    client.doc.once('update', () => firstSeen.push(readReport(client.doc).schemaVersion));
    client.provider.connect();
    await synced(client);
    expect(firstSeen).toEqual([REPORT_SCHEMA_VERSION]);
    const snapshot = readReport(client.doc);
    expect(snapshot.primaryAssignmentId).toBe(V1_CREW.bob);
    expect(snapshot.summary.operator).toBe('Bob');
    expect(primaryFlags(client.doc)).toBe(0);

    await server.server.manager.queue.whenCommitted();
    const stored = await server.stored(name);
    expect(readReport(stored).schemaVersion).toBe(REPORT_SCHEMA_VERSION);
    expect(stored.getMap(SCHEMA_MARKS_ROOT).get(String(REPORT_SCHEMA_VERSION))).toBe(true);
    expect(primaryFlags(stored)).toBe(0);
    // REST reads the same plod.
    const crew = await fetch(`${server.http}/api/shift-summaries/${id}/crew`);
    const rows = (await crew.json()) as { id: string; isPrimary: boolean }[];
    expect(rows.filter((row) => row.isPrimary).map((row) => row.id)).toEqual([V1_CREW.bob]);
  });

  it('migrates a plod stored as a snapshot only: the early answer is followed by the migration', async () => {
    const id = ReportIds.create();
    const name = reportDocName(id);
    const server = await start(
      await seededFolder({ [name]: v1ReportDoc(id), setup: v1SetupDoc() }, 'snapshot'),
    );
    const report = keep(connectClient(server.url, name));
    const setup = keep(connectClient(server.url, 'setup'));
    await Promise.all([synced(report), synced(setup)]);
    await waitFor(
      () => readReport(report.doc).schemaVersion === REPORT_SCHEMA_VERSION,
      'the migration reaches the client',
    );
    expect(readReport(report.doc).primaryAssignmentId).toBe(V1_CREW.bob);
    expect(primaryFlags(report.doc)).toBe(0);
    await waitFor(
      () => readSetup(setup.doc).schemaVersion === SETUP_SCHEMA_VERSION,
      'the setup migration reaches the client',
    );
    expect(readSetup(setup.doc).hireTools[0]?.toolName).toBe('Core tray');
  });

  it('leaves a newer plod as it is, still relays its updates, and refuses REST writes with 409', async () => {
    const id = ReportIds.create();
    const name = reportDocName(id);
    const newer = REPORT_SCHEMA_VERSION + 1;
    const seeded = newerReportDoc(id, newer);
    const server = await start(await seededFolder({ [name]: seeded }, 'log'));
    const phone = keep(connectClient(server.url, name, { durability: true }));
    const other = keep(connectClient(server.url, name));
    await Promise.all([synced(phone), synced(other)]);
    // Exactly what was stored: no stamp, no mark of this server's version.
    expect(Y.encodeStateVector(phone.doc)).toEqual(Y.encodeStateVector(seeded));
    expect(schemaVersionOf(DOC_SCHEMAS.report, phone.doc)).toBe(newer);

    // A newer phone changes it: the relay passes it on and stores it.
    phone.doc.getMap('futureLayout').set('drilledMetres', 14);
    await waitFor(() => phone.tracker?.pending === 0, 'the newer phone is acknowledged');
    await waitFor(
      () => other.doc.getMap('futureLayout').get('drilledMetres') === 14,
      'the other phone has it',
    );
    expect((await server.stored(name)).getMap('futureLayout').get('drilledMetres')).toBe(14);

    const write = await fetch(`${server.http}/api/shift-summaries/${id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ notes: 'from an older server' }),
    });
    expect(write.status).toBe(409);
    expect(((await write.json()) as { message: string }).message).toBe(
      `This plod was saved by a newer version of Plod; update the server to change it (schema version ${newer}; this server understands up to ${REPORT_SCHEMA_VERSION})`,
    );
    expect(readReport(phone.doc).notes).toBe('Saved by a newer Plod');
    const read = await fetch(`${server.http}/api/shift-summaries/${id}`);
    expect(read.status).toBe(200);
  });

  it('refuses REST writes to a plod once a newer phone has stamped it, after earlier writes worked', async () => {
    const server = await start(tempDir());
    const created = await fetch(`${server.http}/api/shift-summaries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ date: '2025-03-01', shiftType: 'day' }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const patch = (notes: string) =>
      fetch(`${server.http}/api/shift-summaries/${id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ notes }),
      });
    expect((await patch('before')).status).toBe(200);

    const phone = keep(
      connectClient(server.url, reportDocName(ReportIds.parse(id)), { durability: true }),
    );
    await synced(phone);
    // A newer app migrates the plod on this phone and syncs it.
    phone.doc.transact(() => {
      phone.doc.getMap('meta').set('schemaVersion', REPORT_SCHEMA_VERSION + 1);
      phone.doc.getMap(SCHEMA_MARKS_ROOT).set(String(REPORT_SCHEMA_VERSION + 1), true);
    });
    await waitFor(() => phone.tracker?.pending === 0, 'the stamp is acknowledged');
    expect((await patch('after')).status).toBe(409);
    expect(readReport(phone.doc).notes).toBe('before');
  });
});
