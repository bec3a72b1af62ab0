import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../src/store/sqlite-store.ts';
import { postgresTables } from '../pg/app-tables.ts';
import { databasePerTest } from '../pg/database.ts';
import { projectionServer, projectionsSuite } from './projections-suite.ts';

projectionsSuite(postgresTables());

describe('reports projection with PLOD_DATABASE_URL', () => {
  const { createDatabase, keepServer } = databasePerTest();

  it('keeps its rows in PostgreSQL, none in plod.db', async () => {
    const database = await createDatabase();
    const t = await projectionServer({ databaseUrl: database.url });
    keepServer(t.server);
    const ids: string[] = [];
    for (const date of ['2025-08-01', '2025-08-02']) {
      ids.push((await t.call('POST', '/api/shift-summaries', { date })).body.id);
    }
    const listed = (await (await t.server.app.request('/api/shift-summaries')).json()) as {
      id: string;
    }[];
    expect(listed.map((row) => row.id)).toEqual([...ids].reverse());
    const { rows } = await database.query<{ id: string }>(
      'SELECT id FROM report_projection ORDER BY sort_key',
    );
    expect(rows.map((row) => row.id)).toEqual(ids);
    const file = new Database(path.join(t.dataDir, DATABASE_FILE), { readonly: true });
    try {
      const tables = file
        .prepare<[], { name: string }>(`SELECT name FROM sqlite_master WHERE type = 'table'`)
        .all()
        .map((table) => table.name);
      expect(tables).not.toContain('report_projection');
    } finally {
      file.close();
    }
  });
});
