import { describe, expect, it } from 'vitest';
import { DEFAULT_DOWNTIME_CODES, defaultDowntimeCodeId } from '@plod/model';
import type { SiteId } from '@plod/model';
import { withCrewAndSupervisor } from '../auth/helpers.ts';
import { startedAround } from '../helpers.ts';
import { demoApi } from './helpers.ts';
import type { Api } from './helpers.ts';

interface Code {
  id: string;
  siteId: string;
  name: string;
  group: string;
  chargeable: boolean;
}

describe('downtime codes and entries over REST', () => {
  let api: Api;
  startedAround(demoApi, (started) => (api = started));

  it("lists a site's codes, the defaults first of all", async () => {
    const listed = await api.call('GET', `/api/downtime-codes?siteId=${api.siteId}`);
    expect(listed.status).toBe(200);
    const codes = listed.body as Code[];
    expect(codes.map((c) => c.name).sort()).toEqual(
      DEFAULT_DOWNTIME_CODES.map((c) => c.name).sort(),
    );
    expect(codes.find((c) => c.name === 'Client standby')).toMatchObject({
      id: defaultDowntimeCodeId(api.siteId as SiteId, 'client-standby'),
      group: 'client-standby',
      chargeable: true,
    });
  });

  it('adds a code a supervisor names, and an entry copies it', async () => {
    const made = await api.call('POST', '/api/downtime-codes', {
      siteId: api.siteId,
      name: 'Waiting on fuel',
      group: 'operational',
    });
    expect(made.status).toBe(201);
    const code = made.body as Code;
    expect(code).toMatchObject({ name: 'Waiting on fuel', chargeable: false });

    const report = await api.report({ shiftType: 'night', startTime: '18:00', endTime: '06:00' });
    const added = await api.call('POST', `/api/downtime-entries?shiftSummaryId=${report}`, {
      codeId: code.id,
      startTime: '23:30',
      endTime: '01:00',
      holeId: 'DH-7',
      notes: 'truck late',
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      codeId: code.id,
      codeName: 'Waiting on fuel',
      codeGroup: 'operational',
      chargeable: false,
      hours: 1.5,
      holeId: 'DH-7',
      shiftSummaryId: report,
    });

    // Renaming the code later leaves the entry as it was recorded.
    expect((await api.call('PUT', `/api/downtime-codes/${code.id}`, { name: 'Fuel' })).status).toBe(
      200,
    );
    const listed = await api.call('GET', `/api/downtime-entries?shiftSummaryId=${report}`);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([expect.objectContaining({ codeName: 'Waiting on fuel' })]);

    const csv = await api.call('GET', `/api/shift-summaries/${report}/export-csv`);
    expect(String(csv.body)).toContain('DOWNTIME');
    expect(String(csv.body)).toContain('Waiting on fuel');
  });

  it('refuses an entry without an end, or with a code the list does not hold (400)', async () => {
    const report = await api.report();
    const codeId = defaultDowntimeCodeId(api.siteId as SiteId, 'weather');
    const noEnd = await api.call('POST', `/api/downtime-entries?shiftSummaryId=${report}`, {
      codeId,
      startTime: '10:00',
    });
    expect(noEnd.status).toBe(400);
    const badCode = await api.call('POST', `/api/downtime-entries?shiftSummaryId=${report}`, {
      codeId: '01a20000-0000-7000-8000-000000000000',
      startTime: '10:00',
      endTime: '11:00',
    });
    expect(badCode.status).toBe(400);
    expect((badCode.body as { message: string }).message).toMatch(/Downtime code .* not found/);
    const none = await api.call('GET', `/api/downtime-entries?shiftSummaryId=${report}`);
    expect(none.body).toEqual([]);
  });
});

describe('who manages downtime codes', () => {
  it('lets a crew phone read the codes but not manage them (403)', () =>
    withCrewAndSupervisor(async ({ server, phone, siteId }) => {
      const codes = await server.call(phone, 'GET', `/api/downtime-codes?siteId=${siteId}`);
      expect(codes.status).toBe(200);
      const refused = await server.call(phone, 'POST', '/api/downtime-codes', {
        siteId,
        name: 'Crew made',
      });
      expect(refused.status).toBe(403);
      const code = (codes.body as Code[])[0];
      const change = await server.call(phone, 'PUT', `/api/downtime-codes/${code?.id}`, {
        chargeable: true,
      });
      expect(change.status).toBe(403);
    }));
});
