import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN, demoApi } from './helpers.ts';
import type { Api } from './helpers.ts';

interface Ctx {
  api: Api;
  report: string;
  assignment: string;
  timesheet: string;
  run: string;
  memberId: string;
  toolId: string;
}

interface Case {
  name: string;
  ok: (c: Ctx) => [string, string, unknown?, number?];
  bad?: (c: Ctx) => [string, string, unknown?];
  unknown?: (c: Ctx) => [string, string, unknown?];
}

const ts = { startTime: '06:00', endTime: '08:00', activity: 'drilling' };
const survey = { holeId: 'DH001', depth: 50, azimuth: 10, dip: -60, method: 'magnetic' };
const maint = { description: 'Greased rods', timeSpent: 0.5 };
const tool = { toolName: 'Pump', quantity: 1, hours: 2, ratePerHour: 10 };

const CASES: Case[] = [
  {
    name: 'GET /api/shift-summaries',
    ok: () => ['GET', '/api/shift-summaries?status=active'],
    bad: () => ['GET', '/api/shift-summaries?status=lost'],
  },
  {
    name: 'GET /api/plods',
    ok: () => ['GET', '/api/plods'],
    bad: () => ['GET', '/api/plods?limit=0'],
  },
  {
    name: 'POST /api/shift-summaries',
    ok: (c) => ['POST', '/api/shift-summaries', { siteId: c.api.siteId, date: '2025-03-02' }, 201],
    bad: () => ['POST', '/api/shift-summaries', { shiftType: 'evening' }],
  },
  {
    name: 'GET /api/shift-summaries/{id}',
    ok: (c) => ['GET', `/api/shift-summaries/${c.report}`],
    unknown: () => ['GET', `/api/shift-summaries/${UNKNOWN}`],
  },
  {
    name: 'PUT /api/shift-summaries/{id}',
    ok: (c) => ['PUT', `/api/shift-summaries/${c.report}`, { notes: 'ok' }],
    bad: (c) => ['PUT', `/api/shift-summaries/${c.report}`, { date: 'yesterday' }],
    unknown: () => ['PUT', `/api/shift-summaries/${UNKNOWN}`, { notes: 'x' }],
  },
  {
    name: 'PATCH /api/shift-summaries/{id}',
    ok: (c) => ['PATCH', `/api/shift-summaries/${c.report}`, { operator: 'Pat' }],
    bad: (c) => ['PATCH', `/api/shift-summaries/${c.report}`, { hoursWorked: -1 }],
    unknown: () => ['PATCH', `/api/shift-summaries/${UNKNOWN}`, {}],
  },
  {
    name: 'GET /api/shift-summaries/{id}/crew',
    ok: (c) => ['GET', `/api/shift-summaries/${c.report}/crew`],
    unknown: () => ['GET', `/api/shift-summaries/${UNKNOWN}/crew`],
  },
  {
    name: 'GET /api/shift-summaries/{id}/export-csv',
    ok: (c) => ['GET', `/api/shift-summaries/${c.report}/export-csv`],
    unknown: () => ['GET', `/api/shift-summaries/${UNKNOWN}/export-csv`],
  },
  {
    name: 'GET /api/timesheet-entries',
    ok: (c) => ['GET', `/api/timesheet-entries?shiftSummaryId=${c.report}`],
    bad: () => ['GET', '/api/timesheet-entries?shiftSummaryId=nope'],
    unknown: () => ['GET', `/api/timesheet-entries?shiftSummaryId=${UNKNOWN}`],
  },
  {
    name: 'GET /api/timesheet-entries/{id}',
    ok: (c) => ['GET', `/api/timesheet-entries/${c.report}`],
    unknown: () => ['GET', `/api/timesheet-entries/${UNKNOWN}`],
  },
  {
    name: 'POST /api/timesheet-entries',
    ok: (c) => ['POST', '/api/timesheet-entries', { ...ts, shiftSummaryId: c.report }, 201],
    bad: (c) => [
      'POST',
      '/api/timesheet-entries',
      { ...ts, startTime: '6am', shiftSummaryId: c.report },
    ],
    unknown: () => ['POST', '/api/timesheet-entries', { ...ts, shiftSummaryId: UNKNOWN }],
  },
  {
    name: 'PUT /api/timesheet-entries/{id}',
    ok: (c) => [
      'PUT',
      `/api/timesheet-entries/${c.timesheet}?shiftSummaryId=${c.report}`,
      { notes: 'n' },
    ],
    bad: (c) => [
      'PUT',
      `/api/timesheet-entries/${c.timesheet}?shiftSummaryId=${c.report}`,
      { activity: 'napping' },
    ],
    unknown: (c) => [
      'PUT',
      `/api/timesheet-entries/${UNKNOWN}?shiftSummaryId=${c.report}`,
      { notes: 'n' },
    ],
  },
  {
    name: 'DELETE /api/timesheet-entries/{id}',
    ok: (c) => ['DELETE', `/api/timesheet-entries/${c.timesheet}?shiftSummaryId=${c.report}`],
    bad: (c) => ['DELETE', `/api/timesheet-entries/${c.timesheet}`],
    unknown: (c) => ['DELETE', `/api/timesheet-entries/${UNKNOWN}?shiftSummaryId=${c.report}`],
  },
  {
    name: 'GET /api/timesheets',
    ok: (c) => ['GET', `/api/timesheets?shiftId=${c.report}`],
    unknown: () => ['GET', `/api/timesheets?shiftSummaryId=${UNKNOWN}`],
  },
  {
    name: 'POST /api/survey-entries',
    ok: (c) => ['POST', `/api/survey-entries?shiftSummaryId=${c.report}`, survey, 201],
    bad: (c) => [
      'POST',
      `/api/survey-entries?shiftSummaryId=${c.report}`,
      { ...survey, method: 'guess' },
    ],
    unknown: () => ['POST', `/api/survey-entries?shiftSummaryId=${UNKNOWN}`, survey],
  },
  {
    name: 'GET /api/survey-entries/{id}',
    ok: (c) => ['GET', `/api/survey-entries/${c.report}`],
    unknown: () => ['GET', `/api/survey-entries/${UNKNOWN}`],
  },
  {
    name: 'POST /api/maintenance-entries',
    ok: (c) => ['POST', `/api/maintenance-entries?shiftSummaryId=${c.report}`, maint, 201],
    bad: (c) => [
      'POST',
      `/api/maintenance-entries?shiftSummaryId=${c.report}`,
      { description: '' },
    ],
    unknown: () => ['POST', `/api/maintenance-entries?shiftSummaryId=${UNKNOWN}`, maint],
  },
  {
    name: 'GET /api/maintenance-entries',
    ok: () => ['GET', '/api/maintenance-entries'],
    unknown: () => ['GET', `/api/maintenance-entries/${UNKNOWN}`],
  },
  {
    name: 'POST /api/hire-tools-usage',
    ok: (c) => ['POST', `/api/hire-tools-usage?shiftSummaryId=${c.report}`, tool, 201],
    bad: (c) => [
      'POST',
      `/api/hire-tools-usage?shiftSummaryId=${c.report}`,
      { ...tool, toolName: '' },
    ],
    unknown: () => ['POST', `/api/hire-tools-usage?shiftSummaryId=${UNKNOWN}`, tool],
  },
  {
    name: 'GET /api/hire-tools-usage/{id}',
    ok: (c) => ['GET', `/api/hire-tools-usage/${c.report}`],
    unknown: () => ['GET', `/api/hire-tools-usage/${UNKNOWN}`],
  },
  {
    name: 'POST /api/run-sheet-entries',
    ok: (c) => [
      'POST',
      `/api/run-sheet-entries?shiftSummaryId=${c.report}`,
      { holeId: 'DH001' },
      201,
    ],
    bad: (c) => [
      'POST',
      `/api/run-sheet-entries?shiftSummaryId=${c.report}`,
      { holeId: 'DH001', stickUp: 'abc' },
    ],
    unknown: () => [
      'POST',
      `/api/run-sheet-entries?shiftSummaryId=${UNKNOWN}`,
      { holeId: 'DH001' },
    ],
  },
  {
    name: 'GET /api/run-sheet-entries',
    ok: (c) => ['GET', `/api/run-sheet-entries?reportId=${c.report}&holeId=DH001`],
    unknown: () => ['GET', `/api/run-sheet-entries?shiftSummaryId=${UNKNOWN}`],
  },
  {
    name: 'GET /api/run-sheet-entries/shift/{id}',
    ok: (c) => ['GET', `/api/run-sheet-entries/shift/${c.report}`],
    unknown: () => ['GET', `/api/run-sheet-entries/shift/${UNKNOWN}`],
  },
  {
    name: 'PUT /api/run-sheet-entries/{id}',
    ok: (c) => [
      'PUT',
      `/api/run-sheet-entries/${c.run}?shiftSummaryId=${c.report}`,
      { notes: 'n' },
    ],
    bad: (c) => [
      'PUT',
      `/api/run-sheet-entries/${c.run}?shiftSummaryId=${c.report}`,
      { stickUp: -1 },
    ],
    unknown: (c) => [
      'PUT',
      `/api/run-sheet-entries/${UNKNOWN}?shiftSummaryId=${c.report}`,
      { notes: 'n' },
    ],
  },
  { name: 'GET /api/runs', ok: () => ['GET', '/api/runs?holeId=DH001'] },
  {
    name: 'POST /api/hole-numbers',
    ok: () => ['POST', '/api/hole-numbers', { year: 2026 }],
    bad: () => ['POST', '/api/hole-numbers', { year: '2026' }],
  },
  {
    name: 'POST /api/runs',
    ok: (c) => [
      'POST',
      `/api/runs?shiftSummaryId=${c.report}`,
      { holeId: 'DH001', rodsCount: 1, stickUp: 0.5 },
      201,
    ],
    bad: (c) => [
      'POST',
      `/api/runs?shiftSummaryId=${c.report}`,
      { holeId: 'DH001', stickUp: '0.5' },
    ],
    unknown: () => [
      'POST',
      `/api/runs?shiftSummaryId=${UNKNOWN}`,
      { holeId: 'DH001', stickUp: 0.5 },
    ],
  },
  {
    name: 'GET /api/crew-assignments/{id}',
    ok: (c) => ['GET', `/api/crew-assignments/${c.report}`],
    unknown: () => ['GET', `/api/crew-assignments/${UNKNOWN}`],
  },
  {
    name: 'POST /api/crew-assignments',
    ok: (c) => [
      'POST',
      '/api/crew-assignments',
      { shiftSummaryId: c.report, crewMemberName: 'Jordan Offsider', role: 'offsider' },
      201,
    ],
    bad: (c) => [
      'POST',
      '/api/crew-assignments',
      { shiftSummaryId: c.report, crewMemberName: 'X', role: 'cook' },
    ],
    unknown: () => [
      'POST',
      '/api/crew-assignments',
      { shiftSummaryId: UNKNOWN, crewMemberName: 'X' },
    ],
  },
  {
    name: 'PUT /api/crew-assignments/{id}/primary',
    ok: (c) => ['PUT', `/api/crew-assignments/${c.assignment}/primary?shiftSummaryId=${c.report}`],
    bad: (c) => ['PUT', `/api/crew-assignments/${c.assignment}/primary`],
    unknown: (c) => ['PUT', `/api/crew-assignments/${UNKNOWN}/primary?shiftSummaryId=${c.report}`],
  },
  {
    name: 'PUT /api/crew-assignments/{id}',
    ok: (c) => [
      'PUT',
      `/api/crew-assignments/${c.assignment}`,
      { shiftSummaryId: c.report, isPrimary: true },
    ],
    bad: (c) => [
      'PUT',
      `/api/crew-assignments/${c.assignment}`,
      { shiftSummaryId: c.report, role: 'cook' },
    ],
    unknown: (c) => ['PUT', `/api/crew-assignments/${UNKNOWN}`, { shiftSummaryId: c.report }],
  },
  { name: 'GET /api/hole-ids', ok: () => ['GET', '/api/hole-ids'] },
  {
    name: 'POST /api/hole-ids',
    ok: () => ['POST', '/api/hole-ids', { holeId: 'DH-2025-001' }, 201],
    bad: () => ['POST', '/api/hole-ids', { holeId: ' ' }],
    unknown: () => ['POST', '/api/hole-ids', { holeId: 'DH9', siteId: UNKNOWN }],
  },
  {
    name: 'GET /api/hole-config/{holeId}',
    ok: () => ['GET', '/api/hole-config/DH001'],
    unknown: () => ['GET', '/api/hole-config/NOPE'],
  },
  {
    name: 'POST /api/hole-config',
    ok: () => ['POST', '/api/hole-config', { holeId: 'DH001', targetDepth: 150 }],
    bad: () => ['POST', '/api/hole-config', { dip: -60 }],
    unknown: () => ['POST', '/api/hole-config', { holeId: 'DH8', siteId: UNKNOWN }],
  },
  { name: 'GET /api/hole-configs', ok: () => ['GET', '/api/hole-configs'] },
  { name: 'GET /api/holes', ok: () => ['GET', '/api/holes'] },
  { name: 'GET /api/holes/active', ok: () => ['GET', '/api/holes/active'] },
  { name: 'GET /api/sites', ok: () => ['GET', '/api/sites'] },
  {
    name: 'POST /api/sites',
    ok: () => ['POST', '/api/sites', { siteName: 'North' }, 201],
    bad: () => ['POST', '/api/sites', { siteName: '  ' }],
  },
  {
    name: 'PUT /api/sites/{id}',
    ok: (c) => ['PUT', `/api/sites/${c.api.siteId}`, { autoCleanupDays: 10 }],
    bad: (c) => ['PUT', `/api/sites/${c.api.siteId}`, { supervisorEmail: 'not-mail' }],
    unknown: () => ['PUT', `/api/sites/${UNKNOWN}`, { autoCleanupDays: 10 }],
  },
  {
    name: 'GET /api/sites/{id}/completed-reports',
    ok: (c) => ['GET', `/api/sites/${c.api.siteId}/completed-reports`],
    unknown: () => ['GET', `/api/sites/${UNKNOWN}/completed-reports`],
  },
  {
    name: 'POST /api/sites/{id}/cleanup-deleted-reports',
    ok: (c) => ['POST', `/api/sites/${c.api.siteId}/cleanup-deleted-reports`],
    unknown: () => ['POST', `/api/sites/${UNKNOWN}/cleanup-deleted-reports`],
  },
  {
    name: 'POST /api/site-config',
    ok: () => ['POST', '/api/site-config', { siteName: 'South' }, 201],
    bad: () => ['POST', '/api/site-config', {}],
  },
  { name: 'GET /api/site-configs', ok: () => ['GET', '/api/site-configs'] },
  {
    name: 'POST /api/cleanup-deleted-reports',
    ok: () => ['POST', '/api/cleanup-deleted-reports'],
    unknown: () => ['POST', `/api/cleanup-deleted-reports?siteId=${UNKNOWN}`],
  },
  { name: 'GET /api/rigs', ok: () => ['GET', '/api/rigs'] },
  {
    name: 'POST /api/rigs',
    ok: (c) => ['POST', '/api/rigs', { rigName: 'R2', siteId: c.api.siteId }, 201],
    bad: (c) => ['POST', '/api/rigs', { rigName: '', siteId: c.api.siteId }],
    unknown: () => ['POST', '/api/rigs', { rigName: 'R3', siteId: UNKNOWN }],
  },
  {
    name: 'PUT /api/rigs/{id}',
    ok: (c) => ['PUT', `/api/rigs/${c.api.rigId}`, { rigNumber: 7 }],
    bad: (c) => ['PUT', `/api/rigs/${c.api.rigId}`, { rigName: '' }],
    unknown: () => ['PUT', `/api/rigs/${UNKNOWN}`, { rigNumber: 7 }],
  },
  { name: 'GET /api/crew-members', ok: () => ['GET', '/api/crew-members'] },
  {
    name: 'POST /api/crew-members',
    ok: (c) => [
      'POST',
      '/api/crew-members',
      { memberName: 'Lee', role: 'trainee', siteId: c.api.siteId },
      201,
    ],
    bad: (c) => [
      'POST',
      '/api/crew-members',
      { memberName: 'Lee', role: 'boss', siteId: c.api.siteId },
    ],
    unknown: () => ['POST', '/api/crew-members', { memberName: 'Lee', siteId: UNKNOWN }],
  },
  {
    name: 'PUT /api/crew-members/{id}',
    ok: (c) => ['PUT', `/api/crew-members/${c.memberId}`, { experience: 5 }],
    bad: (c) => ['PUT', `/api/crew-members/${c.memberId}`, { role: 'boss' }],
    unknown: () => ['PUT', `/api/crew-members/${UNKNOWN}`, { experience: 5 }],
  },
  { name: 'GET /api/hire-tools-library', ok: () => ['GET', '/api/hire-tools-library'] },
  {
    name: 'POST /api/hire-tools-library',
    ok: (c) => [
      'POST',
      '/api/hire-tools-library',
      { name: 'Winch', ratePerHour: 3, siteId: c.api.siteId },
      201,
    ],
    bad: (c) => ['POST', '/api/hire-tools-library', { ratePerHour: 3, siteId: c.api.siteId }],
    unknown: () => ['POST', '/api/hire-tools-library', { toolName: 'W', siteId: UNKNOWN }],
  },
  {
    name: 'PUT /api/hire-tools-library/{id}',
    ok: (c) => ['PUT', `/api/hire-tools-library/${c.toolId}`, { ratePerHour: 4 }],
    bad: (c) => ['PUT', `/api/hire-tools-library/${c.toolId}`, { toolName: '' }],
    unknown: () => ['PUT', `/api/hire-tools-library/${UNKNOWN}`, { ratePerHour: 4 }],
  },
  {
    name: 'POST /api/{table} (offline sync)',
    ok: (c) => ['POST', `/api/timesheet_entries?shiftSummaryId=${c.report}`, ts, 201],
    bad: (c) => ['POST', `/api/timesheet_entries?shiftSummaryId=${c.report}`, { startTime: 'x' }],
    unknown: () => ['POST', '/api/no_such_table', {}],
  },
  {
    name: 'PUT /api/{table}/{id} (offline sync)',
    ok: (c) => ['PUT', `/api/crew_members/${c.memberId}`, { certification: 'Cert IV' }],
    bad: (c) => ['PUT', `/api/crew_members/${c.memberId}`, { role: 'boss' }],
    unknown: () => ['PUT', `/api/crew_members/${UNKNOWN}`, {}],
  },
  { name: 'GET /api/openapi.json', ok: () => ['GET', '/api/openapi.json'] },
  { name: 'GET /api/docs', ok: () => ['GET', '/api/docs'] },
];

/** DELETE /api/{resource}/{id} of the row `id` names, and of an unknown id. */
const deleteById = (resource: string, id: (c: Ctx) => string): Case => ({
  name: `DELETE /api/${resource}/{id}`,
  ok: (c) => ['DELETE', `/api/${resource}/${id(c)}`],
  unknown: () => ['DELETE', `/api/${resource}/${UNKNOWN}`],
});

// Deletes run last so earlier cases still find what they delete.
const DELETES: Case[] = [
  {
    name: 'DELETE /api/crew-assignments/{id}',
    ok: (c) => ['DELETE', `/api/crew-assignments/${c.assignment}?shiftSummaryId=${c.report}`],
    bad: (c) => ['DELETE', `/api/crew-assignments/${c.assignment}`],
    unknown: (c) => ['DELETE', `/api/crew-assignments/${UNKNOWN}?shiftSummaryId=${c.report}`],
  },
  {
    name: 'DELETE /api/run-sheet-entries/{id}',
    ok: (c) => ['DELETE', `/api/run-sheet-entries/${c.run}?shiftSummaryId=${c.report}`],
    bad: (c) => ['DELETE', `/api/run-sheet-entries/${c.run}`],
    unknown: (c) => ['DELETE', `/api/run-sheet-entries/${UNKNOWN}?shiftSummaryId=${c.report}`],
  },
  {
    name: 'DELETE /api/{table}/{id} (offline sync)',
    ok: (c) => ['DELETE', `/api/hire_tools_library/${c.toolId}`],
    unknown: () => ['DELETE', `/api/hire_tools_library/${UNKNOWN}`],
  },
  deleteById('crew-members', (c) => c.memberId),
  deleteById('rigs', (c) => c.api.rigId),
  deleteById('shift-summaries', (c) => c.report),
  deleteById('sites', (c) => c.api.siteId),
];

describe('REST endpoints (normal case, bad input, unknown id)', () => {
  const ctx = {} as Ctx;
  beforeAll(async () => {
    ctx.api = await demoApi();
    const { api } = ctx;
    ctx.report = await api.report();
    const take = async (method: string, path: string, body: unknown) =>
      ((await api.call(method, path, body)).body as { id: string }).id;
    ctx.assignment = await take('POST', '/api/crew-assignments', {
      shiftSummaryId: ctx.report,
      crewMemberName: 'Alex Driller',
      role: 'driller',
    });
    ctx.timesheet = await take('POST', `/api/timesheet-entries?shiftSummaryId=${ctx.report}`, ts);
    ctx.run = await take('POST', `/api/run-sheet-entries?shiftSummaryId=${ctx.report}`, {
      holeId: 'DH001',
    });
    ctx.memberId =
      ((await api.call('GET', '/api/crew-members')).body as { id: string }[])[0]?.id ?? '';
    ctx.toolId =
      ((await api.call('GET', '/api/hire-tools-library')).body as { id: string }[])[0]?.id ?? '';
  });
  afterAll(() => ctx.api.close());
  /** Sends the request a case makes of the set-up. */
  const send = (request: (c: Ctx) => [string, string, unknown?]) => {
    const [method, path, body] = request(ctx);
    return ctx.api.call(method, path, body);
  };

  for (const c of [...CASES, ...DELETES]) {
    describe(c.name, () => {
      if (c.bad) {
        const bad = c.bad;
        it('answers bad input with 400 { message, issues }', async () => {
          const res = await send(bad);
          expect(res.status).toBe(400);
          expect(res.body).toMatchObject({
            message: expect.any(String),
            issues: expect.any(Array),
          });
        });
      }
      if (c.unknown) {
        const unknown = c.unknown;
        it('answers an unknown id with 404 { message }', async () => {
          const res = await send(unknown);
          expect(res.status).toBe(404);
          expect(res.body).toMatchObject({ message: expect.any(String) });
        });
      }
      it('answers the normal case', async () => {
        const [method, path, body, status = 200] = c.ok(ctx);
        const res = await ctx.api.call(method, path, body);
        expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(status);
      });
    });
  }
});
