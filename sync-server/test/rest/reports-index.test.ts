import { describe, expect, it } from 'vitest';
import { REPORTS_INDEX_DOC_NAME, readReportsIndex } from '@plod/model';
import type { ReportsIndexRow } from '@plod/model';
import Database from 'better-sqlite3';
import { ReportTable } from '../../src/projections/report-table.ts';
import { SqliteSql } from '../../src/app-db/app-sql.ts';
import { rebuildProjection } from '../../src/projections/projector.ts';
import {
  connectClient,
  mapOf,
  startServer,
  startedAround,
  synced,
  waitFor,
  type TestServer,
} from '../helpers.ts';
import { demoApi, type Api } from './helpers.ts';

async function indexRows(api: Api): Promise<ReportsIndexRow[]> {
  await api.server.rest.projector.flush();
  await api.server.rest.projector.index?.idle();
  return api.server.rest.docs.manager.read(REPORTS_INDEX_DOC_NAME, readReportsIndex);
}

describe('reports index projector hook', () => {
  let api: Api;
  startedAround(demoApi, (started) => (api = started), 'test');

  it('sets a row for each report as it is projected, and updates it with every change', async () => {
    const id = await api.report({ date: '2025-07-01', shiftType: 'night' });
    let rows = await indexRows(api);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id, status: 'active', date: '2025-07-01', shiftType: 'night' });
    expect(rows[0]?.site).toBeTruthy();

    await api.call('PATCH', `/api/shift-summaries/${id}`, { operator: 'Sam', hoursWorked: 10 });
    await api.call('PUT', `/api/shift-summaries/${id}`, { status: 'sent' });
    rows = await indexRows(api);
    expect(rows[0]).toMatchObject({ id, status: 'sent', operator: 'Sam', hours: 10 });
  });

  it('keeps soft-deleted reports (Deleted tab) and drops reports that cleanup removed', async () => {
    const kept = await api.report({ date: '2025-07-02' });
    const gone = await api.report({ date: '2025-07-01' });
    await api.call('DELETE', `/api/shift-summaries/${gone}`);
    expect((await indexRows(api)).find((r) => r.id === gone)?.status).toBe('deleted');

    // Clean up as if the deletion were a year old.
    await api.server.rest.cleanup.cleanup(undefined, Date.now() + 366 * 86_400_000);
    expect((await indexRows(api)).map((r) => r.id)).toEqual([kept]);
  });

  it('replaces the whole index after a rebuild', async () => {
    const id = await api.report({ date: '2025-07-03' });
    await indexRows(api);
    // A rebuild from an empty store empties the index; a rebuild from the real one restores it.
    const table = new ReportTable(new SqliteSql(new Database(':memory:')));
    const { projector } = api.server.rest;
    await rebuildProjection(api.server.store, table, projector.index);
    expect((await indexRows(api)).map((r) => r.id)).toEqual([id]);
  });
});

describe('reports index over the relay', () => {
  let server: TestServer;
  startedAround(
    () => startServer(),
    (started) => (server = started),
    'test',
  );

  it('reaches a device live as reports are created elsewhere', async () => {
    const client = connectClient(server.url, REPORTS_INDEX_DOC_NAME);
    const seen = new Promise<void>((resolve) => {
      client.doc.on('update', () => {
        if (readReportsIndex(client.doc).length > 0) resolve();
      });
    });
    const res = await fetch(`${server.http}/api/shift-summaries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ date: '2025-07-04', shiftType: 'day' }),
    });
    const { id } = (await res.json()) as { id: string };
    await seen;
    expect(readReportsIndex(client.doc)[0]?.id).toBe(id);
    client.destroy();
  });

  it('is read-only to devices: a row a device writes is never applied or stored', async () => {
    const forger = connectClient(server.url, REPORTS_INDEX_DOC_NAME, { durability: true });
    const watcher = connectClient(server.url, REPORTS_INDEX_DOC_NAME);
    await Promise.all([synced(forger), synced(watcher)]);
    forger.doc.getMap('forged').set('row', 'fake report');
    // Same socket, after the update: once the watcher sees this presence, the server read the update.
    forger.provider.awareness.setLocalStateField('user', 'forger');
    await waitFor(
      () => watcher.provider.awareness.getStates().has(forger.doc.clientID),
      'presence after the forged update',
    );
    const late = connectClient(server.url, REPORTS_INDEX_DOC_NAME);
    await synced(late);
    expect(mapOf(late.doc, 'forged')).toEqual({});
    expect(mapOf(watcher.doc, 'forged')).toEqual({});
    expect(forger.tracker?.pending).toBe(1);
    for (const client of [forger, watcher, late]) client.destroy();
  });
});
