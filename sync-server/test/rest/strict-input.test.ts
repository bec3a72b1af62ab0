import { afterEach, describe, expect, it } from 'vitest';
import { demoSiteId, startSecureServer } from '../auth/helpers.ts';
import type { As, Reply, SecureServer } from '../auth/helpers.ts';

const UNKNOWN = '01a20000-0000-7000-8000-000000000000';

describe('strict input at the REST boundary', () => {
  let server: SecureServer | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });

  /** Sends each body and expects 400 `{ message, issues }` naming the field. */
  const refused = async (
    as: As,
    method: string,
    path: string,
    bodies: Record<string, unknown>[],
  ): Promise<void> => {
    for (const body of bodies) {
      const res: Reply = (await server?.call(as, method, path, body)) ?? {
        status: 0,
        body: null,
        headers: new Headers(),
      };
      const field = Object.keys(body).at(-1) ?? '';
      expect([path, body, res.status]).toEqual([path, body, 400]);
      expect(res.body).toMatchObject({
        message: expect.stringContaining(field),
        issues: expect.arrayContaining([expect.objectContaining({ path: [field] })]),
      });
    }
  };

  it('refuses out-of-range, textual, fractional and oversized values, and stores none of them', async () => {
    server = await startSecureServer();
    const live = server;
    const boss = await live.signIn();
    const siteId = await demoSiteId(live, boss);
    const report = await live.call(boss, 'POST', '/api/shift-summaries', {
      date: '2025-10-01',
      siteId,
    });
    const id = (report.body as { id: string }).id;

    // Ranges the SPEC gives: dip -90..90, azimuth 0..360; depths and rates finite, not negative.
    await refused(boss, 'POST', '/api/hole-config', [
      { holeId: 'DH-9', dip: -1000 },
      { holeId: 'DH-9', azimuth: 400 },
      { holeId: 'DH-9', targetDepth: -5 },
      { holeId: 'DH-9', targetDepth: 1e308 },
      // Numbers are never read from text.
      { holeId: 'DH-9', targetDepth: 'abc' },
      { holeId: 'DH-9', targetDepth: 'NaN' },
      { holeId: 'DH-9', targetDepth: '150' },
    ]);
    expect(((await live.call(boss, 'GET', '/api/hole-configs')).body as unknown[]).length).toBe(1);
    await refused(boss, 'POST', `/api/survey-entries?shiftSummaryId=${id}`, [
      { dip: 91 },
      { depth: '12' },
    ]);
    await refused(boss, 'POST', `/api/hire-tools-usage?shiftSummaryId=${id}`, [
      { toolName: 'Pump', ratePerHour: -1 },
      // Counts are whole numbers.
      { toolName: 'Pump', quantity: 2.5 },
    ]);
    await refused(boss, 'PATCH', `/api/shift-summaries/${id}`, [
      { holesCompleted: 1.5 },
      { totalDepthDrilled: -3 },
      { hoursWorked: 'eight' },
    ]);
    const summary = (await live.call(boss, 'GET', `/api/shift-summaries/${id}`)).body;
    expect(summary).toMatchObject({ holesCompleted: 0, totalDepthDrilled: 0, hoursWorked: 0 });
    expect((await live.call(boss, 'GET', `/api/survey-entries/${id}`)).body).toEqual([]);

    // Cleanup days 1..365, answering 400 outside (never an ignored 200).
    await refused(boss, 'PUT', `/api/sites/${siteId}`, [
      { autoCleanupDays: -5 },
      { autoCleanupDays: 366 },
      { autoCleanupDays: '30' },
    ]);
    const kept = await live.call(boss, 'PUT', `/api/sites/${siteId}`, { autoCleanupDays: 45 });
    expect(kept.body).toMatchObject({ autoCleanupDays: 45 });

    // Names: at most 200 characters; bidirectional controls are dropped.
    await refused(boss, 'POST', '/api/sites', [
      { siteName: 'x'.repeat(100_000) },
      { siteName: 'x'.repeat(201) },
    ]);
    const named = await live.call(boss, 'POST', '/api/sites', { siteName: 'North\u202E tip' });
    expect(named.body).toMatchObject({ siteName: 'North tip' });
    const rig = await live.call(boss, 'POST', '/api/rigs', {
      rigName: '\u2066Rig\u2069 9',
      siteId,
    });
    expect(rig.body).toMatchObject({ rigName: 'Rig 9' });
    // A query date that is no date is refused, not read as no filter.
    const badDate = await live.call(boss, 'GET', '/api/shift-summaries?from=2026-13-45');
    expect(badDate.status).toBe(400);
    expect(badDate.body).toMatchObject({ message: expect.stringContaining('from') });
  });

  it('refuses references to sites, rigs and crew members that do not exist', async () => {
    server = await startSecureServer();
    const live = server;
    const boss = await live.signIn();
    const device = await live.join();
    const rigs = (await live.call(boss, 'GET', '/api/rigs')).body as { id: string }[];
    for (const body of [{ siteId: UNKNOWN }, { rigId: UNKNOWN }]) {
      const res = await live.call(device, 'POST', '/api/shift-summaries', {
        date: '2025-10-02',
        ...body,
      });
      expect([body, res.status]).toEqual([body, 404]);
      expect(res.body).toEqual({ message: expect.stringContaining(UNKNOWN) });
    }
    const list = (await live.call(boss, 'GET', '/api/shift-summaries')).body as unknown[];
    expect(list).toEqual([]);
    const report = await live.call(device, 'POST', '/api/shift-summaries', { date: '2025-10-02' });
    const id = (report.body as { id: string }).id;
    const moved = await live.call(device, 'PATCH', `/api/shift-summaries/${id}`, {
      siteId: UNKNOWN,
    });
    expect(moved.status).toBe(404);
    const rigMoved = await live.call(boss, 'PUT', `/api/rigs/${rigs[0]?.id ?? ''}`, {
      siteId: UNKNOWN,
    });
    expect(rigMoved.status).toBe(404);
    const assigned = await live.call(device, 'POST', `/api/crew-assignments?shiftSummaryId=${id}`, {
      crewMemberId: UNKNOWN,
      crewMemberName: 'Nobody',
      role: 'driller',
    });
    expect(assigned.status).toBe(404);
    expect((await live.call(device, 'GET', `/api/shift-summaries/${id}/crew`)).body).toEqual([]);
  });

  it('neutralises full-width formula triggers in the CSV export', async () => {
    server = await startSecureServer();
    const boss = await server.signIn();
    const report = await server.call(boss, 'POST', '/api/shift-summaries', {
      date: '2025-10-03',
      notes: '＝HYPERLINK("http://evil.example","open")',
      operator: '＋1 555',
    });
    const id = (report.body as { id: string }).id;
    const csv = String(
      (await server.call(boss, 'GET', `/api/shift-summaries/${id}/export-csv`)).body,
    );
    expect(csv).toContain(`"'＝HYPERLINK(""http://evil.example"",""open"")"`);
    expect(csv).toContain("'＋1 555");
  });
});
