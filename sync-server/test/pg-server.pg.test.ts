import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { tempDir, waitFor } from './helpers.ts';
import { databasePerTest, storedDoc } from './pg/database.ts';
import { spawnServer } from './process.ts';
import { expectAcknowledgedIn, expectServedAfterRestart, streamingWriters } from './writers.ts';
import type { ServerProcess } from './process.ts';

const ROOM = 'report:on-postgres';

async function json(url: string, init?: RequestInit): Promise<unknown> {
  const res = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json', ...init?.headers },
  });
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${res.status}`);
  return res.json();
}

describe('the server on PostgreSQL (PLOD_DATABASE_URL)', () => {
  const { clients, keepServer, createDatabase } = databasePerTest<ServerProcess>();

  const start = async (env: Record<string, string>) => keepServer(await spawnServer(env));

  it('keeps every update it acknowledged when killed, and serves them after a restart', async () => {
    const database = await createDatabase();
    const env = { PLOD_DATABASE_URL: database.url, PLOD_DATA_DIR: tempDir() };
    const first = await start(env);
    const stream = await streamingWriters(first.url, ROOM, ['a', 'b'], {
      clients,
      upTo: 20_000,
      pause: () => new Promise((resolve) => setImmediate(resolve)),
    });
    await stream.untilAcknowledged(500, {
      message: 'five hundred acknowledged per client',
      timeoutMs: 20_000,
    });
    first.child.kill('SIGKILL');
    const acknowledged = stream.acknowledged();
    await stream.stop();
    expect(await first.exited).toBe('SIGKILL');

    // Everything acknowledged is in PostgreSQL.
    const reloaded = await storedDoc(database.url, ROOM);
    expectAcknowledgedIn(reloaded.getMap('m'), stream.writers, acknowledged);

    // A restarted server on the same database serves it; the writers reconnect by themselves.
    const second = await start({ ...env, PORT: String(first.port) });
    await expectServedAfterRestart(second.url, ROOM, stream.writers, clients);
    // Two server starts, a kill and its own waits of up to 50 s: the file's 30 s is too short.
  }, 90_000);

  it('keeps the documents in PostgreSQL and only the app’s own tables in the data folder', async () => {
    const database = await createDatabase();
    const dataDir = tempDir();
    const first = await start({ PLOD_DATABASE_URL: database.url, PLOD_DATA_DIR: dataDir });
    const http = `http://127.0.0.1:${first.port}`;
    const [site] = (await json(`${http}/api/sites`)) as { id: string }[];
    const created = (await json(`${http}/api/shift-summaries`, {
      method: 'POST',
      body: JSON.stringify({ siteId: site?.id, date: '2025-04-01', operator: 'Pat Driller' }),
    })) as { id: string };
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const stored = await database.query<{ doc_name: string }>(
      'SELECT doc_name FROM yjs_updates UNION SELECT doc_name FROM yjs_snapshots',
    );
    expect(stored.rows.map((row) => row.doc_name)).toContain(`report:${created.id}`);
    const appDb = new Database(path.join(dataDir, 'plod.db'), { readonly: true });
    const tables = appDb
      .prepare<[], string>(`SELECT name FROM sqlite_master WHERE type = 'table'`)
      .pluck()
      .all();
    appDb.close();
    expect(tables.filter((name) => name.startsWith('yjs_'))).toEqual([]);
    // The report projections are app tables on PostgreSQL too.
    expect(tables).not.toContain('report_projection');
    const projected = await database.query<{ id: string; operator: string }>(
      'SELECT id, operator FROM report_projection',
    );
    expect(projected.rows).toEqual([{ id: created.id, operator: 'Pat Driller' }]);

    // A server with an empty data folder finds the report in PostgreSQL and lists it again.
    const emptyDir = tempDir();
    const second = await start({ PLOD_DATABASE_URL: database.url, PLOD_DATA_DIR: emptyDir });
    const listed = async () =>
      (
        (await json(`http://127.0.0.1:${second.port}/api/shift-summaries`)) as {
          id: string;
          operator: string | null;
        }[]
      ).find((row) => row.id === created.id);
    await waitFor(async () => (await listed()) !== undefined, 'the report listed again');
    expect((await listed())?.operator).toBe('Pat Driller');
    expect(fs.existsSync(path.join(emptyDir, 'plod.db'))).toBe(true);
  });

  it('refuses to start (exit 1) when PostgreSQL cannot be reached', async () => {
    const database = await createDatabase();
    const unreachable = new URL(database.url);
    unreachable.port = '1';
    await expect(
      spawnServer({ PLOD_DATABASE_URL: unreachable.toString(), PLOD_DATA_DIR: tempDir() }),
    ).rejects.toThrow('server exited early: 1');
  });
});
