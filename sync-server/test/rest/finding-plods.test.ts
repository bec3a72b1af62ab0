import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { SUMMARY_COLUMNS } from '@plod/model/csv';
import { startedAround } from '../helpers.ts';
import { type Api, demoApi } from './helpers.ts';

let api: Api;
startedAround(demoApi, (started) => (api = started), 'test');

interface Listed {
  id: string;
  operator: string | null;
  date: string | null;
  status: string;
}

async function list(query: string): Promise<{ ids: string[]; total: number; rows: Listed[] }> {
  const res = await api.call('GET', `/api/shift-summaries?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const rows = res.body as Listed[];
  return {
    ids: rows.map((r) => r.id),
    total: Number(res.res.headers.get('X-Total-Count')),
    rows,
  };
}

/** Three plods on the demo site with their drillers and statuses, and one on another site. */
async function seed() {
  const ann = await api.report({
    date: '2026-03-02',
    operator: 'Ann Lee',
    totalDepthDrilled: 12.5,
  });
  const bo = await api.report({ date: '2026-03-05', operator: 'Bo Ray', status: 'sent' });
  const annLater = await api.report({
    date: '2026-03-09',
    operator: 'ann  lee',
    status: 'completed',
  });
  const site = await api.call('POST', '/api/sites', { siteName: 'South Pit' });
  const southId = (site.body as { id: string }).id;
  const south = await api.report({ siteId: southId, rigId: null, date: '2026-03-05' });
  return { ann, bo, annLater, south, southId };
}

describe('finding plods over REST', () => {
  it('filters by dates, site, driller (any case and spacing) and a set of statuses, with a total', async () => {
    const p = await seed();
    expect((await list('from=2026-03-03&to=2026-03-09')).ids).toEqual([p.annLater, p.south, p.bo]);
    expect((await list(`siteId=${p.southId}`)).ids).toEqual([p.south]);
    expect((await list('driller=ANN%20LEE')).ids).toEqual([p.annLater, p.ann]);
    expect((await list('status=sent,completed')).ids).toEqual([p.annLater, p.bo]);
    expect((await list(`rigId=${api.rigId}&status=active`)).ids).toEqual([p.ann]);
    const page = await list('from=2026-03-01&limit=2&offset=1');
    expect(page.total).toBe(4);
    expect(page.ids).toEqual([p.south, p.bo]);
  });

  it('totals the plods the filter lets through per status, without their rows', async () => {
    await seed();
    const totals = async (query: string) => {
      const res = await api.call('GET', `/api/shift-summaries/totals?${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const body = res.body as { statuses: { status: string; count: number; metres: number }[] };
      return body.statuses.map(({ status, count, metres }) => [status, count, metres]);
    };
    expect(await totals('from=2026-03-01')).toEqual([
      ['active', 2, 12.5],
      ['completed', 1, 0],
      ['sent', 1, 0],
    ]);
    expect(await totals('driller=ANN%20LEE&status=active,sent')).toEqual([['active', 1, 12.5]]);
    expect(await totals('from=2027-01-01')).toEqual([]);
    const refused = await api.call('GET', '/api/shift-summaries/totals?to=2026-02-30');
    expect(refused.status).toBe(400);
    expect((refused.body as { message: string }).message).toContain('real date');
  });

  it('refuses a day that does not exist, an unknown status and a backwards range with a message', async () => {
    for (const [query, field, words] of [
      ['from=2026-02-30', 'from', 'real date'],
      ['to=03/09/2026', 'to', 'real date'],
      ['status=sent,lost', 'status', '"lost"'],
      ['from=2026-03-09&to=2026-03-01', 'to', 'after the end date'],
    ] as const) {
      const res = await api.call('GET', `/api/shift-summaries?${query}`);
      expect(res.status, query).toBe(400);
      const body = res.body as { message: string; issues: { path: string[] }[] };
      expect(body.message).toContain(words);
      expect(body.issues[0]?.path).toEqual([field]);
    }
    expect((await api.call('GET', '/api/shift-summaries/export.csv?from=2026-13-01')).status).toBe(
      400,
    );
  });

  it('exports one row per plod as CSV, for the filter', async () => {
    await seed();
    const res = await api.call('GET', '/api/shift-summaries/export.csv?driller=ann%20lee');
    expect(res.status).toBe(200);
    expect(res.res.headers.get('content-disposition')).toMatch(
      /PLOD_Summary_\d{4}-\d{2}-\d{2}\.csv/,
    );
    const records = parse(res.body as string) as string[][];
    // The model's summary columns (their headers are checked in the model's summary CSV test).
    expect(records[0]).toEqual(SUMMARY_COLUMNS.map((column) => column.header));
    expect(records.slice(1).map((r) => [r[0], r[4], r[5], r[8]])).toEqual([
      ['2026-03-09', 'ann  lee', '0.0', 'Completed'],
      ['2026-03-02', 'Ann Lee', '12.5', 'Active'],
    ]);
  });

  it('exports the same rows as an XLSX workbook, metres and hours as numbers', async () => {
    await seed();
    const res = await api.server.app.request('/api/shift-summaries/export.xlsx?status=sent');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet?.rowCount).toBe(2);
    const values = (sheet?.getRow(2).values as unknown[]).slice(1);
    expect(values.slice(0, 5)).toEqual(['2026-03-05', 'Day', 'Demo Site', 'Demo Rig 1', 'Bo Ray']);
    expect(typeof values[5]).toBe('number');
    // No time entries: no hours (the shift's span is not hours worked).
    expect(values[6]).toBe(0);
    expect(values[8]).toBe('Sent');
  });

  it('takes the filter in a site export', async () => {
    const early = await api.report({ date: '2026-03-02', status: 'completed' });
    const late = await api.report({ date: '2026-03-20', status: 'completed' });
    const res = await api.call('GET', `/api/sites/${api.siteId}/completed-reports?from=2026-03-10`);
    expect((res.body as { id: string }[]).map((r) => r.id)).toEqual([late]);
    const csv = await api.call('GET', `/api/sites/${api.siteId}/export-csv?to=2026-03-10`);
    expect(csv.status).toBe(200);
    expect(csv.body as string).toContain(early);
    expect(csv.body as string).not.toContain(late);
  });
});

describe('sites', () => {
  it('refuses a duplicate site name with 409 and a message, whatever its case', async () => {
    const first = await api.call('POST', '/api/sites', { siteName: 'North Pit' });
    expect(first.status).toBe(201);
    const again = await api.call('POST', '/api/sites', { siteName: '  north   PIT' });
    expect(again.status).toBe(409);
    expect((again.body as { message: string }).message).toBe(
      'A site named "north   PIT" already exists',
    );
    const rename = await api.call('PUT', `/api/sites/${api.siteId}`, { siteName: 'NORTH PIT' });
    expect(rename.status).toBe(409);
  });

  it('archives a site with plods: they stay readable and exportable, and it can come back', async () => {
    const id = await api.report({ status: 'completed' });
    const removed = await api.call('DELETE', `/api/sites/${api.siteId}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ archived: true, id: api.siteId });
    const sites = (await api.call('GET', '/api/sites')).body as {
      id: string;
      archivedAt: string | null;
    }[];
    expect(sites.find((s) => s.id === api.siteId)?.archivedAt).toEqual(expect.any(String));
    expect((await api.call('GET', '/api/rigs')).body).toHaveLength(1);
    expect((await api.call('GET', `/api/shift-summaries/${id}`)).status).toBe(200);
    const csv = await api.call('GET', `/api/sites/${api.siteId}/export-csv`);
    expect(csv.status).toBe(200);
    expect(csv.body as string).toContain(id);
    const back = await api.call('POST', `/api/sites/${api.siteId}/unarchive`);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ id: api.siteId, archivedAt: null });
  });

  it('deletes a site without plods', async () => {
    const made = await api.call('POST', '/api/sites', { siteName: 'Empty Pit' });
    const id = (made.body as { id: string }).id;
    const removed = await api.call('DELETE', `/api/sites/${id}`);
    expect(removed.body).toMatchObject({ archived: false });
    const sites = (await api.call('GET', '/api/sites')).body as { id: string }[];
    expect(sites.map((s) => s.id)).not.toContain(id);
  });
});

describe('restoring a deleted plod', () => {
  it('brings it back to the status it had, and refuses one that is not deleted', async () => {
    const id = await api.report({ status: 'sent' });
    expect((await api.call('DELETE', `/api/shift-summaries/${id}`)).status).toBe(200);
    expect((await list('status=deleted')).ids).toEqual([id]);
    const restored = await api.call('POST', `/api/shift-summaries/${id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id, status: 'sent' });
    expect((await list('status=sent')).ids).toEqual([id]);
    const again = await api.call('POST', `/api/shift-summaries/${id}/restore`);
    expect(again.status).toBe(409);
    expect((again.body as { message: string }).message).toBe(
      'Only a deleted plod can be restored; this one is sent',
    );
  });
});
