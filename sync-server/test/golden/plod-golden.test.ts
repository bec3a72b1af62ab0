import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { defaultDowntimeCodeId, readReportMeta, reportDocName, setReportNotes } from '@plod/model';
import type { ReportId, SiteId } from '@plod/model';
import { startSecureServer } from '../auth/helpers.ts';
import type { As, SecureServer } from '../auth/helpers.ts';
import { connectClient, synced, waitFor } from '../helpers.ts';
import type { TestClient } from '../helpers.ts';
import { readPdf } from '../pdf.ts';

/**
 * The safety net of a redesign: one scripted plod with every part filled (two holes, runs, time
 * entries, survey, maintenance, hire tools, crew, an override, a late edit, history) and what the
 * product makes of it, compared byte for byte with the files in `files/`. A change of these
 * outputs is a change of behaviour: regenerate them (PLOD_UPDATE_GOLDEN=1) only in a commit that
 * says which behaviour changed and why.
 */
const FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'files');
const UPDATE = process.env.PLOD_UPDATE_GOLDEN === '1';

/**
 * Ids, times and today's date differ from run to run: each distinct id becomes `<id-N>` in the
 * order it first appears in the file (so does each history record), each timestamp `<time>`, today `<today>`.
 */
function normalize(text: string): string {
  const ids = new Map<string, string>();
  const records = new Map<string, string>();
  const today = new Date().toISOString().slice(0, 10);
  return (
    text
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, (id) => {
        const key = id.toLowerCase();
        if (!ids.has(key)) ids.set(key, `<id-${ids.size + 1}>`);
        return ids.get(key) ?? id;
      })
      // History records are named `<Yjs client id>.<clock>` (base 36): which client id the server's
      // copy has depends on when it was last loaded, so each record becomes `<record-N>`.
      .replace(/"([0-9a-z]{1,7}\.[0-9a-z]{1,6})(\/\d+)?"/g, (_all, record: string, n = '') => {
        if (!records.has(record)) records.set(record, `<record-${records.size + 1}>`);
        return `"${records.get(record) ?? record}${n}"`;
      })
      .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, '<time>')
      // As printed on the PDF (the server's locale).
      .replace(/\d{1,2}\/\d{1,2}\/\d{4},? \d{1,2}:\d{2}(:\d{2})?( [AP]M)?/g, '<local time>')
      .replaceAll(today, '<today>')
  );
}

function golden(name: string, actual: string): void {
  const file = path.join(FOLDER, name);
  const text = normalize(actual);
  if (UPDATE) {
    writeFileSync(file, text);
    return;
  }
  expect(text, `${name} differs from its golden file`).toBe(readFileSync(file, 'utf8'));
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** Every sheet's cells, row by row, as text. */
async function xlsxCells(body: ArrayBuffer): Promise<string> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body);
  const sheets: Record<string, unknown[][]> = {};
  book.eachSheet((sheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row) => {
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      rows.push(values.map((value) => (value instanceof Date ? value.toISOString() : value)));
    });
    sheets[sheet.name] = rows;
  });
  return json(sheets);
}

describe('a plod with every part, as the product shows and exports it', () => {
  let server: SecureServer;
  let boss: As & { kind: 'supervisor' };
  let id: ReportId;
  const clients: TestClient[] = [];

  const ok = async (as: As, method: string, url: string, body?: unknown) => {
    const reply = await server.call(as, method, url, body);
    if (reply.status >= 300) {
      throw new Error(`${method} ${url}: ${reply.status} ${JSON.stringify(reply.body)}`);
    }
    return reply.body;
  };
  const download = async (url: string) => {
    const res = await fetch(`${server.http}${url}`, { headers: { cookie: boss.cookie } });
    expect(res.status, url).toBe(200);
    return res;
  };

  beforeAll(async () => {
    server = await startSecureServer();
    boss = await server.signIn();
    const phone = await server.join('Rig 7 phone');
    const sites = (await ok(boss, 'GET', '/api/sites')) as { id: string }[];
    const rigs = (await ok(boss, 'GET', '/api/rigs')) as { id: string }[];
    const siteId = sites[0]?.id;
    const rigId = rigs[0]?.id;

    const created = (await ok(phone, 'POST', '/api/shift-summaries', {
      siteId,
      rigId,
      date: '2025-06-02',
      shiftType: 'day',
      startTime: '06:00',
      endTime: '18:00',
      operator: 'Pat, "the driller"',
      notes: 'Dry start\nwater at 10:00',
    })) as { id: ReportId };
    id = created.id;
    const q = `?shiftSummaryId=${id}`;

    await ok(phone, 'POST', '/api/crew-assignments', {
      shiftSummaryId: id,
      crewMemberName: 'Alex Driller',
      role: 'driller',
      isPrimary: true,
    });
    await ok(phone, 'POST', '/api/crew-assignments', {
      shiftSummaryId: id,
      crewMemberName: 'Sam Offsider',
      role: 'offsider',
      isPrimary: false,
      startTime: '05:30',
      breakHours: 0.5,
      travelHours: 1.25,
      hoursNotes: 'Drove the water truck',
    });
    for (const [holeId, targetDepth] of [
      ['DH-G-001', 120],
      ['DH-G-002', 80],
    ] as const) {
      await ok(phone, 'POST', '/api/hole-config', {
        siteId,
        holeId,
        targetDepth,
        constantStickUp: 0.5,
        dip: -60,
        azimuth: 90,
      });
    }
    // Core recovery recorded on two runs of DH-G-001, none on the third.
    for (const [stickUp, recoveredLength] of [
      [0.3, 3.1],
      [0.4, 2.45],
      [0.2, null],
    ] as const) {
      await ok(phone, 'POST', `/api/run-sheet-entries${q}`, {
        holeId: 'DH-G-001',
        stickUp,
        ...(recoveredLength !== null && { recoveredLength }),
      });
    }
    await ok(phone, 'POST', `/api/run-sheet-entries${q}`, {
      holeId: 'DH-G-002',
      stickUp: 0.5,
      notes: '=SUM(A1)',
    });
    await ok(phone, 'POST', `/api/run-sheet-entries${q}`, { holeId: 'DH-G-002', stickUp: 0.1 });
    for (const [startTime, endTime, activity, notes] of [
      ['06:00', '06:30', 'travel', 'to site, via camp'],
      ['06:30', '12:00', 'drilling', null],
      ['12:00', '12:30', 'break', null],
      ['12:30', '17:30', 'drilling', null],
      ['17:30', '18:00', 'maintenance', 'grease'],
    ] as const) {
      await ok(phone, 'POST', `/api/timesheet-entries${q}`, {
        startTime,
        endTime,
        activity,
        notes,
      });
    }
    await ok(phone, 'POST', `/api/survey-entries${q}`, {
      holeId: 'DH-G-001',
      depth: 12.5,
      azimuth: 90.5,
      dip: -59.5,
      magneticTotal: 57000,
    });
    await ok(phone, 'POST', `/api/survey-entries${q}`, {
      holeId: 'DH-G-002',
      depth: 6,
      azimuth: 91,
      dip: -60,
    });
    await ok(phone, 'POST', `/api/maintenance-entries${q}`, {
      description: 'Hydraulic hose, rod handler',
      timeSpent: 1.5,
      status: 'pending',
    });
    await ok(phone, 'POST', `/api/hire-tools-usage${q}`, {
      toolName: 'Pump',
      quantity: 2,
      hours: 3,
      ratePerHour: 12.5,
    });
    await ok(phone, 'POST', `/api/downtime-entries${q}`, {
      codeId: defaultDowntimeCodeId(siteId as SiteId, 'client-standby'),
      startTime: '18:00',
      endTime: '18:30',
      holeId: 'DH-G-002',
      notes: 'geologist late, "core" check',
    });
    const mud = (await ok(boss, 'POST', '/api/consumables', {
      siteId,
      name: 'Drilling mud, bentonite',
      unit: 'bag',
      price: 24.5,
    })) as { id: string };
    await ok(phone, 'POST', `/api/consumable-entries${q}`, {
      consumableId: mud.id,
      quantity: 3,
      holeId: 'DH-G-001',
      notes: 'lost circulation at 9 m',
    });
    await ok(phone, 'POST', '/api/bits', { serial: 'nq-g-1', size: 'NQ', matrix: '7-9' });
    await ok(phone, 'POST', `/api/bit-changes${q}`, {
      bitSerial: 'NQ-G-1',
      holeId: 'DH-G-001',
      action: 'in',
      depth: 0,
    });
    await ok(phone, 'POST', `/api/bit-changes${q}`, {
      bitSerial: 'NQ-G-1',
      holeId: 'DH-G-001',
      action: 'out',
      depth: 5,
      notes: 'worn, "glazed"',
    });
    // A core tray photo's reference (its bytes are an attachment, never in the plod).
    await ok(phone, 'POST', `/api/photos${q}`, {
      attachmentId: '01936b2c-0000-7000-8000-00000000a001',
      holeId: 'DH-G-001',
      fromDepth: 0,
      toDepth: 6,
      caption: 'Tray 1',
      contentType: 'image/jpeg',
      bytes: 412345,
      width: 1600,
      height: 1200,
      takenAt: '2025-03-01T09:15:00.000Z',
    });
    // A supervisor's override of the derived metres.
    await ok(boss, 'PATCH', `/api/shift-summaries/${id}`, { totalDepthDrilled: 14 });

    // A second phone holds the plod, goes offline and edits it; the first submits meanwhile.
    const late = await server.join('Offsider tablet');
    const room = reportDocName(id);
    const tablet = connectClient(server.url, room, {
      durability: true,
      params: { token: late.token },
      doc: new Y.Doc(),
    });
    clients.push(tablet);
    await synced(tablet);
    tablet.provider.disconnect();
    setReportNotes(tablet.doc, 'Core lost at 40 m');
    await ok(phone, 'PUT', `/api/shift-summaries/${id}`, { status: 'sent' });
    tablet.provider.connect();
    await waitFor(() => tablet.tracker?.pending === 0, 'the late edit acknowledged');
    expect(readReportMeta(tablet.doc).notes).toBe('Core lost at 40 m');
    // About forty requests and a socket: room for a machine busy with other tests.
  }, 60_000);
  afterAll(async () => {
    for (const client of clients.splice(0)) client.destroy();
    await server.close();
  });

  it('reads the same through REST (the plod and its bundle of parts)', async () => {
    golden('summary.json', json(await ok(boss, 'GET', `/api/shift-summaries/${id}`)));
    const q = `?shiftSummaryId=${id}`;
    const parts: Record<string, unknown> = {};
    parts.crew = await ok(boss, 'GET', `/api/shift-summaries/${id}/crew`);
    for (const part of [
      'run-sheet-entries',
      'timesheet-entries',
      'survey-entries',
      'maintenance-entries',
      'hire-tools-usage',
      'downtime-entries',
      'consumable-entries',
      'bit-changes',
      'photos',
    ]) {
      parts[part] = await ok(boss, 'GET', `/api/${part}${q}`);
    }
    parts.bits = await ok(boss, 'GET', '/api/bits');
    golden('parts.json', json(parts));
  });

  it('exports the same sectioned CSV, site CSV, summary CSV and XLSX', async () => {
    golden('report.csv', await (await download(`/api/shift-summaries/${id}/export-csv`)).text());
    const sites = (await ok(boss, 'GET', '/api/sites')) as { id: string }[];
    golden('site.csv', await (await download(`/api/sites/${sites[0]?.id}/export-csv`)).text());
    golden('summary.csv', await (await download('/api/shift-summaries/export.csv')).text());
    const xlsx = await download('/api/shift-summaries/export.xlsx');
    golden('summary-xlsx.json', await xlsxCells(await xlsx.arrayBuffer()));
  });

  it('prints the same PDF text', async () => {
    const pdf = await download(`/api/shift-summaries/${id}/pdf`);
    const read = await readPdf(new Uint8Array(await pdf.arrayBuffer()));
    golden('report-pdf.json', json({ pages: read.pages, text: read.text, figures: read.figures }));
  });

  it('keeps the same history and late edit', async () => {
    golden('history.json', json(await ok(boss, 'GET', `/api/shift-summaries/${id}/history`)));
    golden('late-edits.json', json(await ok(boss, 'GET', '/api/late-edits/sessions')));
  });

  it('describes the same API (OpenAPI document)', async () => {
    golden('openapi.json', json(await ok(boss, 'GET', '/api/openapi.json')));
  });
});
