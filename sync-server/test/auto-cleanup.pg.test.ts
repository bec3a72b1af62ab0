import { describe, expect, it } from 'vitest';
import { startServer, tempDir } from './helpers.ts';
import type { TestServer } from './helpers.ts';
import { databasePerTest } from './pg/database.ts';

describe('the last automatic cleanup on PostgreSQL (PLOD_DATABASE_URL)', () => {
  const { createDatabase, keepServer } = databasePerTest();

  const last = async (running: TestServer) => {
    const res = await fetch(`${running.http}/api/cleanup-deleted-reports/last`);
    return ((await res.json()) as { last: unknown }).last;
  };

  it('keeps its result in PostgreSQL across a restart', async () => {
    const database = await createDatabase();
    const dataDir = tempDir();
    let server = keepServer(await startServer({ dataDir, databaseUrl: database.url }));
    expect(await last(server)).toBeNull();
    const result = await server.server.rest.autoCleanup.run();
    expect(await last(server)).toEqual(result);
    await server.close();

    server = keepServer(await startServer({ dataDir, databaseUrl: database.url }));
    expect(await last(server)).toEqual(result);
    const { rows } = await database.query<{ result: string }>(
      'SELECT result FROM auto_cleanup_last',
    );
    expect(rows.map((row) => JSON.parse(row.result) as unknown)).toEqual([result]);
  });
});
