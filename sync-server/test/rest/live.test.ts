import { afterEach, describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import { addTimesheetEntry, readReport, reportDocName, updateShiftDetails } from '@plod/model';
import type { ReportId } from '@plod/model';
import { connectClient, startServer } from '../helpers.ts';
import type { TestClient, TestServer } from '../helpers.ts';

async function until(check: () => boolean, timeoutMs = 1000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const json = (server: TestServer, method: string, path: string, body?: unknown) =>
  fetch(`${server.http}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('REST and live clients share the documents', () => {
  let server: TestServer;
  let client: TestClient;
  afterEach(async () => {
    client.destroy();
    await server.close();
  });

  it('shows a REST write to a connected WebsocketProvider within a second', async () => {
    server = await startServer();
    const created = await json(server, 'POST', '/api/shift-summaries', { date: '2025-04-01' });
    const { id } = (await created.json()) as { id: ReportId };
    client = connectClient(server.url, reportDocName(id));
    await until(() => client.provider.synced);
    await json(server, 'POST', `/api/timesheet-entries?shiftSummaryId=${id}`, {
      startTime: '06:00',
      endTime: '09:30',
      activity: 'drilling',
    });
    const started = Date.now();
    await until(() => readReport(client.doc).timesheet.length === 1);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(readReport(client.doc).timesheet[0]?.hours).toBe(3.5);
  });

  it('includes a client edit in the next REST read once the client is synced', async () => {
    server = await startServer();
    const created = await json(server, 'POST', '/api/shift-summaries', { date: '2025-04-02' });
    const { id } = (await created.json()) as { id: ReportId };
    client = connectClient(server.url, reportDocName(id), { durability: true });
    await until(() => client.provider.synced);
    const doc: Y.Doc = client.doc;
    updateShiftDetails(doc, { shiftType: 'night', level: 'L2' });
    addTimesheetEntry(doc, { startTime: '18:00', endTime: '20:00', activity: 'setup' });
    await until(() => client.tracker?.pending === 0, 2000);
    const summary = (await (await json(server, 'GET', `/api/shift-summaries/${id}`)).json()) as {
      shiftType: string;
      hoursWorked: number;
    };
    expect(summary.shiftType).toBe('night');
    expect(summary.hoursWorked).toBe(2);
    const list = (await (await json(server, 'GET', '/api/shift-summaries')).json()) as {
      id: string;
      shiftType: string;
    }[];
    expect(list.find((row) => row.id === id)?.shiftType).toBe('night');
  });
});
