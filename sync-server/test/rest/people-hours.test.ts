import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { startedAround } from '../helpers.ts';
import { PEOPLE_HOURS_MESSAGES } from '@plod/model';
import type { BundleCrewAssignment } from '@plod/model';
import { type Api, demoApi } from './helpers.ts';
import { startSecureServer } from '../auth/helpers.ts';
import type { SecureServer } from '../auth/helpers.ts';
import { PAY_PERIOD_MESSAGE } from '../../src/routes/people-hours.ts';

let api: Api;
startedAround(demoApi, (started) => (api = started), 'test');

async function assign(report: string, crewMemberName: string, extra: object = {}) {
  const res = await api.call('POST', '/api/crew-assignments', {
    shiftSummaryId: report,
    crewMemberName,
    role: 'offsider',
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as BundleCrewAssignment;
}

async function change(report: string, id: string, body: object) {
  return api.call('PUT', `/api/crew-assignments/${id}?shiftSummaryId=${report}`, body);
}

/** A night shift with two people, a day shift with one of them, and a plod outside the period. */
async function payPeriod() {
  const night = await api.report({
    date: '2026-04-01',
    shiftType: 'night',
    startTime: '18:00',
    endTime: '06:00',
  });
  const ann = await assign(night, 'Ann Lee', { role: 'driller', isPrimary: true });
  await change(night, ann.id, { finishTime: '04:30', breakHours: 0.5, travelHours: 1 });
  await assign(night, 'Bo Ray');
  const day = await api.report({ date: '2026-04-02' });
  await assign(day, 'ann lee', { breakHours: 1 });
  const later = await api.report({ date: '2026-04-20' });
  await assign(later, 'Ann Lee');
  return { night, day, later };
}

describe("people's hours on crew assignments", () => {
  it('takes start, finish, break, travel and notes, and answers with the hours', async () => {
    const report = await api.report({ shiftType: 'night', startTime: '18:00', endTime: '06:00' });
    const ann = await assign(report, 'Ann Lee');
    expect(ann).toMatchObject({
      startTime: '18:00',
      finishTime: '06:00',
      breakHours: 0,
      hours: 12,
    });
    const res = await change(report, ann.id, {
      finishTime: '02:00',
      breakHours: 0.5,
      travelHours: 1.5,
      hoursNotes: 'Left for the clinic',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      startTime: '18:00',
      finishTime: '02:00',
      breakHours: 0.5,
      hours: 7.5,
      travelHours: 1.5,
      paidHours: 9,
      hoursNotes: 'Left for the clinic',
    });
    const listed = await api.call('GET', `/api/crew-assignments/${report}`);
    expect((listed.body as BundleCrewAssignment[])[0]).toMatchObject({ hours: 7.5, paidHours: 9 });
  });

  it('answers 400 with a message for a break longer than the span or negative travel', async () => {
    const report = await api.report();
    const ann = await assign(report, 'Ann Lee', { startTime: '16:00' });
    const longBreak = await change(report, ann.id, { breakHours: 3 });
    expect(longBreak.status).toBe(400);
    expect(longBreak.body).toMatchObject({ message: PEOPLE_HOURS_MESSAGES.breakTooLong });
    const travel = await change(report, ann.id, { travelHours: -1 });
    expect(travel.status).toBe(400);
    expect((travel.body as { message: string }).message).toContain(
      PEOPLE_HOURS_MESSAGES.negativeTravel,
    );
    const text = await change(report, ann.id, { travelHours: '1' });
    expect(text.status).toBe(400);
  });
});

describe("people's hours for a pay period", () => {
  it('exports one row per person per shift, then totals per person, as CSV', async () => {
    const { night, day, later } = await payPeriod();
    const res = await api.call('GET', '/api/people-hours.csv?from=2026-04-01&to=2026-04-15');
    expect(res.status).toBe(200);
    expect(res.res.headers.get('content-disposition')).toContain(
      'PLOD_People_Hours_2026-04-01_2026-04-15.csv',
    );
    const text = res.body as string;
    expect(text).not.toContain(later);
    const [rowsPart, totalsPart] = text.split('\r\n\r\n');
    const rows = parse(rowsPart ?? '', { from_line: 2, columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r['Plod ID'], r.Person, r.Start, r.Finish, r.Hours])).toEqual([
      [night, 'Ann Lee', '18:00', '04:30', '10.00'],
      [night, 'Bo Ray', '18:00', '06:00', '12.00'],
      [day, 'ann lee', '06:00', '18:00', '11.00'],
    ]);
    expect(rows[0]).toMatchObject({
      Date: '2026-04-01',
      Shift: 'Night',
      Site: 'Demo Site',
      Role: 'Driller',
      'Break (h)': '0.50',
      'Travel (h)': '1.00',
      'Paid hours': '11.00',
    });
    expect(totalsPart?.startsWith('TOTALS PER PERSON\r\n')).toBe(true);
    const totals = parse(totalsPart ?? '', { from_line: 2, columns: true }) as Record<
      string,
      string
    >[];
    expect(totals).toEqual([
      {
        Person: 'Ann Lee',
        Shifts: '2',
        Hours: '21.00',
        'Travel (h)': '1.00',
        'Paid hours': '22.00',
      },
      {
        Person: 'Bo Ray',
        Shifts: '1',
        Hours: '12.00',
        'Travel (h)': '0.00',
        'Paid hours': '12.00',
      },
    ]);
  });

  it('totals two crew members who share a name apart', async () => {
    const member = async () => {
      const body = { memberName: 'Chris Lee', role: 'offsider', siteId: api.siteId };
      const res = await api.call('POST', '/api/crew-members', body);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return (res.body as { id: string }).id;
    };
    const first = await member();
    const second = await member();
    const monday = await api.report({ date: '2026-04-06' });
    await assign(monday, 'Chris Lee', { crewMemberId: first });
    const tuesday = await api.report({ date: '2026-04-07' });
    await assign(tuesday, 'Chris Lee', { crewMemberId: second, breakHours: 2 });
    const wednesday = await api.report({ date: '2026-04-08' });
    await assign(wednesday, 'Chris Lee', { crewMemberId: first });
    const res = await api.call('GET', '/api/people-hours.csv?from=2026-04-06&to=2026-04-08');
    expect(res.status).toBe(200);
    const totalsPart = (res.body as string).split('\r\n\r\n')[1];
    const totals = parse(totalsPart ?? '', { from_line: 2, columns: true }) as Record<
      string,
      string
    >[];
    expect(totals.map((t) => [t.Person, t.Shifts, t.Hours])).toEqual([
      ['Chris Lee', '2', '24.00'],
      ['Chris Lee', '1', '10.00'],
    ]);
  });

  it('exports an XLSX workbook with a sheet of rows and a sheet of totals', async () => {
    await payPeriod();
    const res = await api.server.app.request(
      `/api/people-hours.xlsx?from=2026-04-01&to=2026-04-30&siteId=${api.siteId}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['People hours', 'Totals']);
    const [rows, totals] = workbook.worksheets;
    expect(rows?.rowCount).toBe(5);
    const first = (rows?.getRow(2).values as unknown[]).slice(1);
    expect(first.slice(5, 11)).toEqual(['Ann Lee', 'Driller', '18:00', '04:30', 0.5, 10]);
    expect((totals?.getRow(2).values as unknown[]).slice(1)).toEqual(['Ann Lee', 3, 33, 1, 34]);
  });

  it('answers 400 for a missing or impossible day of the pay period', async () => {
    const missing = await api.call('GET', '/api/people-hours.csv?from=2026-04-01');
    expect(missing.status).toBe(400);
    expect((missing.body as { message: string }).message).toBe(`to: ${PAY_PERIOD_MESSAGE}`);
    const impossible = await api.call(
      'GET',
      '/api/people-hours.xlsx?from=2026-02-30&to=2026-03-01',
    );
    expect(impossible.status).toBe(400);
    const backwards = await api.call('GET', '/api/people-hours.csv?from=2026-03-02&to=2026-03-01');
    expect(backwards.status).toBe(400);
  });
});

describe("people's hours export access", () => {
  let server: SecureServer;
  startedAround(
    () => startSecureServer(),
    (started) => (server = started),
  );

  it('is for supervisors: a crew device gets 403', async () => {
    const device = await server.join('Crew phone');
    const supervisor = await server.signIn();
    const query = '?from=2026-04-01&to=2026-04-30';
    for (const format of ['csv', 'xlsx']) {
      const path = `/api/people-hours.${format}${query}`;
      expect((await server.call(device, 'GET', path)).status).toBe(403);
      expect((await server.call(supervisor, 'GET', path)).status).toBe(200);
    }
  });
});
