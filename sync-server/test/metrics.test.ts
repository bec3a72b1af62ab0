import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addHoleToReport, reportDocName, setStatus } from '@plod/model';
import type { HoleId, ReportId } from '@plod/model';
import type { PackedEntries } from '../src/store/document-store.ts';
import { MemoryStore } from '../src/store/memory-store.ts';
import { startSecureServer } from './auth/helpers.ts';
import { connectClient, startServer, synced, tempDir, waitFor } from './helpers.ts';
import type { TestClient, TestServer } from './helpers.ts';

const TOKEN = 'scrape-me-7Hq2-Lp9x-Zt4w';

/** The value of one sample (`name` with its labels, as printed), or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function scrape(server: TestServer, token: string | null = TOKEN) {
  const res = await fetch(`${server.http}/metrics`, {
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** Fails its first `failures` appends, as a store that lost its database for a moment. */
class FlakyStore extends MemoryStore {
  constructor(private failures: number) {
    super();
  }
  override async appendPacked(packed: PackedEntries): Promise<number[]> {
    if (this.failures > 0) {
      this.failures -= 1;
      throw new Error('database unreachable');
    }
    return super.appendPacked(packed);
  }
}

describe('GET /metrics', () => {
  const servers: TestServer[] = [];
  const clients: TestClient[] = [];
  afterEach(async () => {
    for (const client of clients.splice(0)) client.destroy();
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  const keep = <T extends TestServer>(server: T) => {
    servers.push(server);
    return server;
  };

  it('answers only the bearer token, in Prometheus text, with what the relay did', async () => {
    const server = keep(await startServer({ metricsToken: TOKEN }));
    const missing = await scrape(server, null);
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe('Bearer realm="plod-metrics"');
    expect((await scrape(server, 'scrape-me-7Hq2-Lp9x-Zt4X')).status).toBe(401);
    const before = await scrape(server);
    expect(before.status).toBe(200);
    expect(before.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(sample(before.text, 'plod_sockets')).toBe(0);
    expect(sample(before.text, 'plod_updates_total')).toBe(0);
    expect(before.text).toContain('# TYPE plod_store_commit_seconds histogram');

    const client = connectClient(server.url, 'report:metrics', { durability: true });
    clients.push(client);
    await synced(client);
    for (let i = 1; i <= 20; i++) client.doc.getMap('m').set(`k${i}`, i);
    await waitFor(() => client.tracker?.pending === 0, 'writes acknowledged');

    const { text } = await scrape(server);
    expect(sample(text, 'plod_sockets')).toBe(1);
    expect(sample(text, 'plod_documents_open')).toBe(server.server.manager.openDocuments);
    expect(sample(text, 'plod_documents_open')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'plod_updates_total')).toBeGreaterThanOrEqual(20);
    const commits = sample(text, 'plod_store_commit_seconds_count') ?? 0;
    expect(commits).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'plod_store_commit_seconds_bucket{le="+Inf"}')).toBe(commits);
    expect(sample(text, 'plod_store_commit_seconds_sum')).toBeGreaterThan(0);
    const buckets = [
      ...text.matchAll(/^plod_store_commit_seconds_bucket\{le="[^"]+"\} (\d+)$/gm),
    ].map((match) => Number(match[1]));
    expect(buckets).toEqual([...buckets].sort((a, b) => a - b));
    expect(sample(text, 'plod_store_errors_total{operation="append"}')).toBe(0);
    expect(sample(text, 'plod_late_edits_waiting')).toBe(0);

    client.provider.disconnect();
    await waitFor(async () => sample((await scrape(server)).text, 'plod_sockets') === 0);
  });

  it('is off (404) while no token is set, whatever the request carries', async () => {
    // The web app's fallback (index.html for any other path) does not answer for it either.
    const webDir = tempDir();
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Plod</title>');
    const server = keep(await startServer({ webDir }));
    expect((await fetch(`${server.http}/somewhere`)).status).toBe(200);
    const res = await scrape(server, 'anything-at-all-long-enough');
    expect(res.status).toBe(404);
    expect(JSON.parse(res.text)).toEqual({
      message: 'Metrics are off: set PLOD_METRICS_TOKEN to turn them on',
    });
  });

  it('counts failed store calls, and the updates once a retry commits them', async () => {
    const server = keep(await startServer({ metricsToken: TOKEN, store: new FlakyStore(2) }));
    const client = connectClient(server.url, 'report:flaky', { durability: true });
    clients.push(client);
    await synced(client);
    client.doc.getMap('m').set('kept', true);
    await waitFor(() => client.tracker?.pending === 0, 'the update committed after retries');
    const { text } = await scrape(server);
    expect(sample(text, 'plod_store_errors_total{operation="append"}')).toBe(2);
    expect(sample(text, 'plod_updates_total')).toBeGreaterThanOrEqual(1);
  });

  it('shows the late edits waiting for a supervisor, and none once discarded', async () => {
    const server = keep(await startSecureServer({ metricsToken: TOKEN }));
    const boss = await server.signIn();
    const created = await server.call(boss, 'POST', '/api/shift-summaries', { date: '2025-06-02' });
    const room = reportDocName((created.body as { id: ReportId }).id);
    const phoneDevice = await server.join('Night phone');
    const tabletDevice = await server.join('Day tablet');
    const phone = connectClient(server.url, room, {
      durability: true,
      params: { token: phoneDevice.token },
    });
    const tablet = connectClient(server.url, room, {
      durability: true,
      params: { token: tabletDevice.token },
    });
    clients.push(phone, tablet);
    await Promise.all([synced(phone), synced(tablet)]);
    // The phone edits offline while the tablet submits the plod: its edit is kept aside.
    phone.provider.disconnect();
    addHoleToReport(phone.doc, { holeId: 'DH-9' as HoleId, targetDepth: 90, constantStickUp: 0.5 });
    setStatus(tablet.doc, 'sent');
    await waitFor(() => tablet.tracker?.pending === 0, 'submitted');
    phone.provider.connect();
    await waitFor(() => phone.tracker?.pending === 0, 'the late edit kept');
    expect(sample((await scrape(server)).text, 'plod_late_edits_waiting')).toBe(1);

    const [held] = (await server.call(boss, 'GET', '/api/late-edits')).body as { id: string }[];
    expect((await server.call(boss, 'DELETE', `/api/late-edits/${held?.id}`)).status).toBe(204);
    expect(sample((await scrape(server)).text, 'plod_late_edits_waiting')).toBe(0);
  });
});
