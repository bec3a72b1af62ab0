import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDowntimeCodeId } from '@plod/model';
import type { SiteId } from '@plod/model';
import { NON_API_ROUTES, ROUTE_ACCESS, routeKey } from '../../src/auth/route-access.ts';
import { NOBODY, startSecureServer } from './helpers.ts';
import type { As, SecureServer } from './helpers.ts';

const UNKNOWN = '01a20000-0000-7000-8000-000000000000';

interface Req {
  method: string;
  path: string;
  body?: unknown;
  /** The first allowed call must succeed (2xx) unless the request can only name an unknown id. */
  anyStatus?: boolean;
}

const ts = { startTime: '06:00', endTime: '08:00', activity: 'drilling' };
const survey = { holeId: 'DH001', depth: 50, azimuth: 10, dip: -60, method: 'magnetic' };
const maint = { description: 'Greased rods', timeSpent: 0.5 };
const tool = { toolName: 'Pump', quantity: 1, hours: 2, ratePerHour: 10 };
/** Downtime under one of the site's default codes. */
const downtime = (f: Fixtures) => ({
  codeId: defaultDowntimeCodeId(f.siteId as SiteId, 'weather'),
  startTime: '23:00',
  endTime: '01:00',
});

/** Consumables of an item of the site's list. */
const consumable = async (f: Fixtures) => ({ consumableId: await f.consumable(), quantity: 2 });
const bitChange = { bitSerial: 'NQ-1', holeId: 'DH001', action: 'in', depth: 3 };
const photo = {
  attachmentId: '01936b2c-0000-7000-8000-00000000a001',
  contentType: 'image/jpeg',
  bytes: 400_000,
  width: 1600,
  height: 1200,
};

/** Creates what a request needs, as the supervisor, fresh for each call (so a delete has its own). */
class Fixtures {
  private counter = 0;
  constructor(
    private readonly server: SecureServer,
    private readonly supervisor: As,
    readonly siteId: string,
    readonly rigId: string,
  ) {}

  /** A call as the supervisor that must answer `status`; `what` names it if it does not. */
  private async must(status: number, what: string, method: string, path: string, body?: unknown) {
    const res = await this.server.call(this.supervisor, method, path, body);
    if (res.status !== status) throw new Error(`fixture ${what}: ${res.status}`);
    return res;
  }

  private async make(path: string, body: unknown): Promise<string> {
    return ((await this.must(201, path, 'POST', path, body)).body as { id: string }).id;
  }

  /** A row of one of the fixture site's lists. */
  private ofSite(path: string, body: object): Promise<string> {
    return this.make(path, { ...body, siteId: this.siteId });
  }

  /** A report on the site, moved to `status` by the supervisor. */
  private async reportIn(status: 'sent' | 'completed'): Promise<string> {
    const id = await this.report();
    await this.must(200, `${status} report`, 'PATCH', `/api/shift-summaries/${id}`, { status });
    return id;
  }

  /** A registered bit's serial. */
  bit = async () => {
    const serial = this.unique('BIT-');
    await this.must(201, 'bit', 'POST', '/api/bits', { serial });
    return serial;
  };

  unique(prefix: string): string {
    this.counter += 1;
    return `${prefix}${this.counter}`;
  }

  report = () =>
    this.make('/api/shift-summaries', {
      siteId: this.siteId,
      rigId: this.rigId,
      date: '2025-03-02',
      shiftType: 'day',
      startTime: '06:00',
      endTime: '18:00',
    });
  /** A submitted report on the site, waiting to be approved or returned. */
  sent = () => this.reportIn('sent');
  /** An approved report on the site, so a supervisor has something to reopen. */
  approved = async () => {
    const id = await this.sent();
    await this.must(200, 'approved report', 'POST', `/api/shift-summaries/${id}/approve`);
    return id;
  };
  clientAccount = () =>
    this.make('/api/client-accounts', {
      username: this.unique('client-'),
      password: 'client password 1',
      siteIds: [this.siteId],
    });
  /** A completed report on the site, so the site export has something to export. */
  completed = () => this.reportIn('completed');
  /** A deleted report, so a restore has something to restore. */
  deleted = async () => {
    const id = await this.report();
    await this.must(200, 'deleted report', 'DELETE', `/api/shift-summaries/${id}`);
    return id;
  };
  entry = async (resource: string, body: unknown) => {
    const report = await this.report();
    return { report, id: await this.make(`/api/${resource}?shiftSummaryId=${report}`, body) };
  };
  assignment = async () => {
    const report = await this.report();
    const id = await this.make('/api/crew-assignments', {
      shiftSummaryId: report,
      crewMemberName: 'Alex Driller',
      role: 'driller',
    });
    return { report, id };
  };
  site = () => this.make('/api/sites', { siteName: this.unique('Site ') });
  rig = () => this.ofSite('/api/rigs', { rigName: this.unique('Rig ') });
  member = () =>
    this.ofSite('/api/crew-members', { memberName: this.unique('Member '), role: 'driller' });
  tool = () =>
    this.ofSite('/api/hire-tools-library', { toolName: this.unique('Tool '), ratePerHour: 3 });
  downtimeCode = () =>
    this.ofSite('/api/downtime-codes', { name: this.unique('Code '), group: 'breakdown' });
  consumable = () => this.ofSite('/api/consumables', { name: this.unique('Item '), unit: 'bag' });
  contract = () =>
    this.ofSite('/api/contracts', { clientName: 'Client', contractNumber: this.unique('C-') });
  /** A contract with one version: [contract id, version id]. */
  contractVersion = async (): Promise<[string, string]> => {
    const id = await this.contract();
    return [
      id,
      await this.make(`/api/contracts/${id}/versions`, { effectiveFrom: '2025-01-01', rates: {} }),
    ];
  };
  /** Lets crews see prices on the fixture site (charges answer a device then). */
  allowPrices = async () => {
    await this.must(200, 'price setting', 'PUT', `/api/contracts/site-settings/${this.siteId}`, {
      crewMaySeePrices: true,
    });
  };
  device = async () => (await this.server.join(this.unique('Spare phone '))).deviceId;
  code = async () =>
    ((await this.server.call(this.supervisor, 'GET', '/api/devices/code')).body as { code: string })
      .code;
}

type Builder = (f: Fixtures) => Req | Promise<Req>;

/** A request the same on every call. */
const call =
  (method: string, path: string, body?: unknown): Builder =>
  () => ({ method, path, body });
const get = (path: string): Builder => call('GET', path);
/** A request that can only name an unknown id: it passes with every answer but a refusal. */
const unknownId =
  (method: string, path: string): Builder =>
  () => ({ method, path, anyStatus: true });
/** A request on what the fixtures make afresh for it: `${base}/{id}` and `tail`. */
const onMade =
  (made: (f: Fixtures) => Promise<string>, base: string) =>
  (method: string, tail = '', body?: unknown): Builder =>
  async (f) => ({ method, path: `${base}/${await made(f)}${tail}`, body });
const onReport = onMade((f) => f.report(), '/api/shift-summaries');
const onSent = onMade((f) => f.sent(), '/api/shift-summaries');
const onBit = onMade((f) => f.bit(), '/api/bits');
const onContract = onMade((f) => f.contract(), '/api/contracts');
const onSite = onMade((f) => f.site(), '/api/sites');

/** Report entries: list, by report, add, change, delete. */
function entryBuilders(
  resource: string,
  bodyOf: unknown | ((f: Fixtures) => unknown),
): Record<string, Builder> {
  const body = async (f: Fixtures): Promise<unknown> =>
    typeof bodyOf === 'function' ? bodyOf(f) : bodyOf;
  return {
    [`GET /api/${resource}`]: async (f) => ({
      method: 'GET',
      path: `/api/${resource}?shiftSummaryId=${await f.report()}`,
    }),
    [`GET /api/${resource}/{id}`]: async (f) => ({
      method: 'GET',
      path: `/api/${resource}/${await f.report()}`,
    }),
    [`POST /api/${resource}`]: async (f) => ({
      method: 'POST',
      path: `/api/${resource}?shiftSummaryId=${await f.report()}`,
      body: await body(f),
    }),
    [`PUT /api/${resource}/{id}`]: async (f) => {
      const { report, id } = await f.entry(resource, await body(f));
      return {
        method: 'PUT',
        path: `/api/${resource}/${id}?shiftSummaryId=${report}`,
        body: { notes: 'n' },
      };
    },
    [`DELETE /api/${resource}/{id}`]: async (f) => {
      const { report, id } = await f.entry(resource, await body(f));
      return { method: 'DELETE', path: `/api/${resource}/${id}?shiftSummaryId=${report}` };
    },
  };
}

/** Setup collections of the fixture site: list, add, change, delete. */
function setupBuilders(
  resource: string,
  create: (f: Fixtures) => object,
  make: (f: Fixtures) => Promise<string>,
  change: unknown,
): Record<string, Builder> {
  return {
    [`GET /api/${resource}`]: get(`/api/${resource}`),
    [`POST /api/${resource}`]: (f) => ({
      method: 'POST',
      path: `/api/${resource}`,
      body: { ...create(f), siteId: f.siteId },
    }),
    [`PUT /api/${resource}/{id}`]: async (f) => ({
      method: 'PUT',
      path: `/api/${resource}/${await make(f)}`,
      body: change,
    }),
    [`DELETE /api/${resource}/{id}`]: async (f) => ({
      method: 'DELETE',
      path: `/api/${resource}/${await make(f)}`,
    }),
  };
}

/** One real request per route. A route without one here fails the test, as does one missing from the table. */
const REQUESTS: Record<string, Builder> = {
  'POST /api/auth/login': call('POST', '/api/auth/login', {
    username: 'boss',
    password: 'correct horse battery',
  }),
  'POST /api/auth/logout': call('POST', '/api/auth/logout'),
  'GET /api/auth/me': get('/api/auth/me'),
  'POST /api/devices/join': async (f) => ({
    method: 'POST',
    path: '/api/devices/join',
    body: { code: await f.code(), deviceName: f.unique('Phone ') },
  }),
  'GET /api/health': get('/api/health'),
  'GET /api/devices': get('/api/devices'),
  'DELETE /api/devices/{id}': async (f) => ({
    method: 'DELETE',
    path: `/api/devices/${await f.device()}`,
  }),
  'GET /api/devices/code': get('/api/devices/code'),
  'POST /api/devices/code/rotate': call('POST', '/api/devices/code/rotate'),
  'GET /api/devices/site-codes': get('/api/devices/site-codes'),
  'POST /api/devices/site-codes/{siteId}/rotate': (f) => ({
    method: 'POST',
    path: `/api/devices/site-codes/${f.siteId}/rotate`,
  }),
  'GET /api/late-edits': get('/api/late-edits'),
  'POST /api/late-edits/{id}/merge': unknownId('POST', `/api/late-edits/${UNKNOWN}/merge`),
  'DELETE /api/late-edits/{id}': unknownId('DELETE', `/api/late-edits/${UNKNOWN}`),
  'GET /api/late-edits/sessions': get('/api/late-edits/sessions'),
  'POST /api/late-edits/sessions/{id}/merge': unknownId(
    'POST',
    `/api/late-edits/sessions/${UNKNOWN}/merge`,
  ),
  'DELETE /api/late-edits/sessions/{id}': unknownId(
    'DELETE',
    `/api/late-edits/sessions/${UNKNOWN}`,
  ),
  'POST /api/late-edits/merge-all': call('POST', '/api/late-edits/merge-all'),
  'POST /api/late-edits/discard-all': call('POST', '/api/late-edits/discard-all'),
  'GET /api/shift-summaries': get('/api/shift-summaries'),
  'POST /api/shift-summaries': (f) => ({
    method: 'POST',
    path: '/api/shift-summaries',
    body: { siteId: f.siteId, date: '2025-03-03' },
  }),
  'GET /api/shift-summaries/{id}': onReport('GET'),
  'PUT /api/shift-summaries/{id}': onReport('PUT', '', { notes: 'ok' }),
  'PATCH /api/shift-summaries/{id}': onReport('PATCH', '', { operator: 'Pat' }),
  'DELETE /api/shift-summaries/{id}': onReport('DELETE'),
  'GET /api/shift-summaries/{id}/crew': onReport('GET', '/crew'),
  'GET /api/shift-summaries/{id}/history': onReport('GET', '/history'),
  'GET /api/shift-summaries/{id}/export-csv': onReport('GET', '/export-csv'),
  'GET /api/shift-summaries/{id}/pdf': onReport('GET', '/pdf'),
  'POST /api/shift-summaries/{id}/approve': onSent('POST', '/approve'),
  'POST /api/shift-summaries/{id}/return': onSent('POST', '/return', { comment: 'Add the survey' }),
  'POST /api/shift-summaries/{id}/reopen': async (f) => ({
    method: 'POST',
    path: `/api/shift-summaries/${await f.approved()}/reopen`,
    body: { reason: 'Metres recounted with the client' },
  }),
  'GET /api/client-accounts': get('/api/client-accounts'),
  'POST /api/client-accounts': (f) => ({
    method: 'POST',
    path: '/api/client-accounts',
    body: { username: f.unique('customer-'), password: 'client password 2', siteIds: [f.siteId] },
  }),
  'DELETE /api/client-accounts/{id}': async (f) => ({
    method: 'DELETE',
    path: `/api/client-accounts/${await f.clientAccount()}`,
  }),
  'GET /api/shift-summaries/totals': get('/api/shift-summaries/totals?status=completed'),
  'GET /api/shift-summaries/states': async (f) => ({
    method: 'GET',
    path: `/api/shift-summaries/states?ids=${await f.report()}`,
  }),
  'GET /api/shift-summaries/export.csv': get('/api/shift-summaries/export.csv?status=completed'),
  'GET /api/shift-summaries/export.xlsx': get('/api/shift-summaries/export.xlsx?status=sent'),
  'GET /api/people-hours.csv': get('/api/people-hours.csv?from=2025-01-01&to=2025-12-31'),
  'GET /api/people-hours.xlsx': get('/api/people-hours.xlsx?from=2025-01-01&to=2025-12-31'),
  'GET /api/kpis': get('/api/kpis?from=2025-01-01&to=2025-12-31'),
  'GET /api/shift-gaps': get('/api/shift-gaps?from=2025-01-01&to=2025-01-31'),
  'GET /api/rosters': get('/api/rosters'),
  'PUT /api/rosters': (f) => ({
    method: 'PUT',
    path: '/api/rosters',
    body: {
      cells: [{ siteId: f.siteId, rigId: f.rigId, weekday: 1, shiftType: 'day', expected: true }],
    },
  }),
  'POST /api/shift-summaries/{id}/restore': async (f) => ({
    method: 'POST',
    path: `/api/shift-summaries/${await f.deleted()}/restore`,
  }),
  'GET /api/plods': get('/api/plods'),
  ...entryBuilders('timesheet-entries', ts),
  'GET /api/timesheets': async (f) => ({
    method: 'GET',
    path: `/api/timesheets?shiftId=${await f.report()}`,
  }),
  ...entryBuilders('survey-entries', survey),
  ...entryBuilders('maintenance-entries', maint),
  ...entryBuilders('hire-tools-usage', tool),
  ...entryBuilders('downtime-entries', downtime),
  ...entryBuilders('consumable-entries', consumable),
  ...entryBuilders('bit-changes', bitChange),
  'GET /api/bits': get('/api/bits'),
  'GET /api/bits/{serial}': onBit('GET'),
  'POST /api/bits': (f) => ({
    method: 'POST',
    path: '/api/bits',
    body: { serial: f.unique('BIT-'), size: 'HQ' },
  }),
  'PUT /api/bits/{serial}': onBit('PUT', '', { status: 'worn-out' }),
  'DELETE /api/bits/{serial}': onBit('DELETE'),
  ...entryBuilders('photos', photo),
  'GET /api/run-sheet-entries': async (f) => ({
    method: 'GET',
    path: `/api/run-sheet-entries?reportId=${await f.report()}&holeId=DH001`,
  }),
  'GET /api/run-sheet-entries/shift/{id}': async (f) => ({
    method: 'GET',
    path: `/api/run-sheet-entries/shift/${await f.report()}`,
  }),
  'POST /api/run-sheet-entries': async (f) => ({
    method: 'POST',
    path: `/api/run-sheet-entries?shiftSummaryId=${await f.report()}`,
    body: { holeId: 'DH001' },
  }),
  'PUT /api/run-sheet-entries/{id}': async (f) => {
    const { report, id } = await f.entry('run-sheet-entries', { holeId: 'DH001' });
    return {
      method: 'PUT',
      path: `/api/run-sheet-entries/${id}?shiftSummaryId=${report}`,
      body: { notes: 'n' },
    };
  },
  'DELETE /api/run-sheet-entries/{id}': async (f) => {
    const { report, id } = await f.entry('run-sheet-entries', { holeId: 'DH001' });
    return { method: 'DELETE', path: `/api/run-sheet-entries/${id}?shiftSummaryId=${report}` };
  },
  'GET /api/runs': get('/api/runs?holeId=DH001'),
  'POST /api/runs': async (f) => ({
    method: 'POST',
    path: `/api/runs?shiftSummaryId=${await f.report()}`,
    body: { holeId: 'DH001', rodsCount: 1, stickUp: 0.5 },
  }),
  'GET /api/crew-assignments/{id}': async (f) => ({
    method: 'GET',
    path: `/api/crew-assignments/${await f.report()}`,
  }),
  'POST /api/crew-assignments': async (f) => ({
    method: 'POST',
    path: '/api/crew-assignments',
    body: { shiftSummaryId: await f.report(), crewMemberName: 'Jordan Offsider', role: 'offsider' },
  }),
  'PUT /api/crew-assignments/{id}': async (f) => {
    const { report, id } = await f.assignment();
    return {
      method: 'PUT',
      path: `/api/crew-assignments/${id}`,
      body: { shiftSummaryId: report, isPrimary: true },
    };
  },
  'PUT /api/crew-assignments/{id}/primary': async (f) => {
    const { report, id } = await f.assignment();
    return { method: 'PUT', path: `/api/crew-assignments/${id}/primary?shiftSummaryId=${report}` };
  },
  'DELETE /api/crew-assignments/{id}': async (f) => {
    const { report, id } = await f.assignment();
    return { method: 'DELETE', path: `/api/crew-assignments/${id}?shiftSummaryId=${report}` };
  },
  'GET /api/hole-ids': get('/api/hole-ids'),
  'POST /api/hole-ids': (f) => ({
    method: 'POST',
    path: '/api/hole-ids',
    body: { holeId: f.unique('DH-2025-') },
  }),
  'GET /api/hole-config/{holeId}': get('/api/hole-config/DH001'),
  'POST /api/hole-config': call('POST', '/api/hole-config', { holeId: 'DH001', targetDepth: 150 }),
  'POST /api/hole-numbers': call('POST', '/api/hole-numbers', { year: 2026 }),
  // A JSON body is no photo (415): the access is what is checked here; test/rest/attachments.test.ts uploads.
  'POST /api/attachments': () => ({
    method: 'POST',
    path: '/api/attachments',
    body: {},
    anyStatus: true,
  }),
  'GET /api/attachments': async (f) => ({
    method: 'GET',
    path: `/api/attachments?shiftSummaryId=${await f.report()}`,
  }),
  'GET /api/attachments/{id}': unknownId('GET', `/api/attachments/${UNKNOWN}`),
  'DELETE /api/attachments/{id}': unknownId('DELETE', `/api/attachments/${UNKNOWN}`),
  'GET /api/contracts': get('/api/contracts'),
  'GET /api/contracts/history': (f) => get(`/api/contracts/history?siteId=${f.siteId}`)(f),
  'GET /api/contracts/{id}': onContract('GET'),
  'GET /api/contracts/{id}/history': onContract('GET', '/history'),
  'POST /api/contracts': (f) => ({
    method: 'POST',
    path: '/api/contracts',
    body: { siteId: f.siteId, clientName: 'Client', contractNumber: f.unique('N-') },
  }),
  'PUT /api/contracts/{id}': onContract('PUT', '', { clientName: 'Renamed' }),
  'DELETE /api/contracts/{id}': onContract('DELETE'),
  'POST /api/contracts/{id}/versions': onContract('POST', '/versions', {
    effectiveFrom: '2025-02-01',
    rates: {},
  }),
  'DELETE /api/contracts/{id}/versions/{versionId}': async (f) => {
    const [id, versionId] = await f.contractVersion();
    return { method: 'DELETE', path: `/api/contracts/${id}/versions/${versionId}` };
  },
  'GET /api/contracts/site-settings/{siteId}': (f) =>
    get(`/api/contracts/site-settings/${f.siteId}`)(f),
  'PUT /api/contracts/site-settings/{siteId}': (f) => ({
    method: 'PUT',
    path: `/api/contracts/site-settings/${f.siteId}`,
    body: { crewMaySeePrices: true },
  }),
  // Crews read charges only where the site allows it (test/rest/charges.test.ts refuses them).
  'GET /api/shift-summaries/{id}/charges': async (f) => {
    await f.allowPrices();
    return get(`/api/shift-summaries/${await f.report()}/charges`)(f);
  },
  'GET /api/charges.csv': get('/api/charges.csv'),
  'GET /api/charges.xlsx': get('/api/charges.xlsx'),
  'GET /api/hole-configs': get('/api/hole-configs'),
  'GET /api/holes': get('/api/holes'),
  'GET /api/holes/active': get('/api/holes/active'),
  'GET /api/sites': get('/api/sites'),
  'POST /api/sites': (f) => ({
    method: 'POST',
    path: '/api/sites',
    body: { siteName: f.unique('North ') },
  }),
  'PUT /api/sites/{id}': onSite('PUT', '', { autoCleanupDays: 10 }),
  'DELETE /api/sites/{id}': onSite('DELETE'),
  'POST /api/sites/{id}/unarchive': onSite('POST', '/unarchive'),
  'GET /api/sites/{id}/completed-reports': (f) =>
    get(`/api/sites/${f.siteId}/completed-reports`)(f),
  'GET /api/sites/{id}/export-csv': async (f) => {
    await f.completed();
    return { method: 'GET', path: `/api/sites/${f.siteId}/export-csv` };
  },
  'POST /api/sites/{id}/cleanup-deleted-reports': (f) => ({
    method: 'POST',
    path: `/api/sites/${f.siteId}/cleanup-deleted-reports`,
  }),
  'POST /api/site-config': (f) => ({
    method: 'POST',
    path: '/api/site-config',
    body: { siteName: f.unique('South ') },
  }),
  'GET /api/site-configs': get('/api/site-configs'),
  'POST /api/cleanup-deleted-reports': call('POST', '/api/cleanup-deleted-reports'),
  'GET /api/cleanup-deleted-reports/last': get('/api/cleanup-deleted-reports/last'),
  ...setupBuilders(
    'rigs',
    (f) => ({ rigName: f.unique('R') }),
    (f) => f.rig(),
    { rigNumber: 7 },
  ),
  ...setupBuilders(
    'crew-members',
    (f) => ({ memberName: f.unique('Lee '), role: 'trainee' }),
    (f) => f.member(),
    { experience: 5 },
  ),
  ...setupBuilders(
    'hire-tools-library',
    (f) => ({ toolName: f.unique('Winch '), ratePerHour: 3 }),
    (f) => f.tool(),
    { ratePerHour: 4 },
  ),
  ...setupBuilders(
    'downtime-codes',
    (f) => ({ name: f.unique('Stop '), group: 'operational' }),
    (f) => f.downtimeCode(),
    { chargeable: true },
  ),
  ...setupBuilders(
    'consumables',
    (f) => ({ name: f.unique('Grease '), unit: 'tub' }),
    (f) => f.consumable(),
    { price: 12 },
  ),
  'POST /api/{table}': async (f) => ({
    method: 'POST',
    path: `/api/timesheet_entries?shiftSummaryId=${await f.report()}`,
    body: ts,
  }),
  'PUT /api/{table}/{id}': async (f) => {
    const { report, id } = await f.entry('timesheet-entries', ts);
    return {
      method: 'PUT',
      path: `/api/timesheet_entries/${id}?shiftSummaryId=${report}`,
      body: { notes: 'n' },
    };
  },
  'DELETE /api/{table}/{id}': async (f) => {
    const { report, id } = await f.entry('timesheet-entries', ts);
    return { method: 'DELETE', path: `/api/timesheet_entries/${id}?shiftSummaryId=${report}` };
  },
  'GET /api/openapi.json': get('/api/openapi.json'),
  'GET /api/docs': get('/api/docs'),
};

describe('route access table', () => {
  let server: SecureServer;
  let supervisor: As;
  let device: As;
  let client: As;
  let fixtures: Fixtures;
  let routes: string[];

  beforeAll(async () => {
    server = await startSecureServer();
    supervisor = await server.signIn();
    device = await server.join('Crew tablet');
    const sites = (await server.call(supervisor, 'GET', '/api/sites')).body as { id: string }[];
    const rigs = (await server.call(supervisor, 'GET', '/api/rigs')).body as { id: string }[];
    fixtures = new Fixtures(server, supervisor, sites[0]?.id ?? '', rigs[0]?.id ?? '');
    // A client account limited to the site every fixture report is on.
    const account = await server.call(supervisor, 'POST', '/api/client-accounts', {
      username: 'customer',
      password: 'customer password',
      siteIds: [fixtures.siteId],
    });
    expect(account.status).toBe(201);
    client = await server.signInClient('customer', 'customer password');
    routes = [
      ...new Set(
        server.server.app.routes
          .filter((route) => route.method !== 'ALL')
          .map((route) => routeKey(route.method, route.path)),
      ),
    ];
  });
  afterAll(() => server.close());

  it('lists every route the server has, and nothing it does not have', () => {
    const api = routes.filter((key) => key.split(' ')[1]?.startsWith('/api/'));
    const other = routes.filter((key) => !api.includes(key));
    expect(api.filter((key) => !(key in ROUTE_ACCESS))).toEqual([]);
    expect(Object.keys(ROUTE_ACCESS).filter((key) => !api.includes(key))).toEqual([]);
    expect(other.filter((key) => !(key in NON_API_ROUTES))).toEqual([]);
    expect(api.filter((key) => !(key in REQUESTS))).toEqual([]);
    expect(api.length).toBeGreaterThan(80);
  });

  it('answers each route: no credentials 401, crew, client account and supervisor allowed or 403 as listed', async () => {
    const failures: string[] = [];
    // Its own session: signing out (the last route) ends it.
    const boss = await server.signIn();
    const check = (key: string, who: string, ok: boolean, status: number) => {
      if (!ok) failures.push(`${key} as ${who}: ${status}`);
    };
    // Signing out ends the session the later calls use: it goes last.
    const ordered = Object.keys(ROUTE_ACCESS).sort(
      (a, b) => Number(a === 'POST /api/auth/logout') - Number(b === 'POST /api/auth/logout'),
    );
    for (const key of ordered) {
      const access = ROUTE_ACCESS[key];
      const builder = REQUESTS[key];
      if (!builder || !access) continue;
      const send = async (as: As) => {
        const req = await builder(fixtures);
        const res = await server.call(as, req.method, req.path, req.body);
        return { req, status: res.status, body: res.body };
      };
      const anonymous = await send(NOBODY);
      if (access === 'public') {
        check(key, 'nobody', anonymous.status !== 403 && anonymous.status < 500, anonymous.status);
      } else {
        check(key, 'nobody', anonymous.status === 401, anonymous.status);
      }
      const crew = await send(device);
      // A joined phone that joins again (a site's code) is given a new token; the old one ends.
      if (key === 'POST /api/devices/join' && crew.status === 201) {
        const { token } = crew.body as { token: string };
        device = { kind: 'device', token };
      }
      const success = (status: number, req: Req) =>
        req.anyStatus ? status !== 401 && status !== 403 && status < 500 : status < 300;
      if (access === 'supervisor' || access === 'approver') {
        check(key, 'device', crew.status === 403, crew.status);
      } else {
        check(key, 'device', success(crew.status, crew.req), crew.status);
      }
      // A client account: the routes for reading and approving its sites' plods, and nothing else.
      if (key !== 'POST /api/auth/logout') {
        const customer = await send(client);
        if (access === 'reader' || access === 'approver') {
          check(key, 'client', success(customer.status, customer.req), customer.status);
        } else if (access === 'public') {
          check(key, 'client', customer.status !== 403 && customer.status < 500, customer.status);
        } else {
          check(key, 'client', customer.status === 403, customer.status);
        }
      }
      const asBoss = await send(boss);
      check(key, 'supervisor', success(asBoss.status, asBoss.req), asBoss.status);
    }
    expect(failures).toEqual([]);
    // Four callers on every route, one after another: over a minute on a busy machine.
  }, 120_000);

  it('applies the dashed route’s rule to the generic offline-sync calls, table by table', async () => {
    const member = await fixtures.member();
    const rig = await fixtures.rig();
    const { report, id } = await fixtures.entry('survey-entries', survey);
    const cases: [string, string, unknown, number][] = [
      ['POST', '/api/sites', { siteName: 'Sneaky' }, 403],
      ['POST', '/api/site_config', { siteName: 'Sneaky' }, 403],
      ['PUT', `/api/crew_members/${member}`, { experience: 9 }, 403],
      ['DELETE', `/api/rigs/${rig}`, undefined, 403],
      ['POST', '/api/hire_tools_library', { toolName: 'Free', ratePerHour: 0 }, 403],
      ['PUT', `/api/survey_entries/${id}?shiftSummaryId=${report}`, { notes: 'ok' }, 200],
      ['POST', `/api/maintenance_entries?shiftSummaryId=${report}`, maint, 201],
    ];
    for (const [method, path, body, status] of cases) {
      expect([method, path, (await server.call(device, method, path, body)).status]).toEqual([
        method,
        path,
        status,
      ]);
    }
    expect((await server.call(supervisor, 'PUT', `/api/crew_members/${member}`, {})).status).toBe(
      200,
    );
  });

  it('refuses an unknown /api path to a device (403) and to nobody (401), 404 for a supervisor', async () => {
    expect((await server.call(NOBODY, 'GET', '/api/nothing-here')).status).toBe(401);
    expect((await server.call(device, 'GET', '/api/nothing-here')).status).toBe(403);
    expect((await server.call(supervisor, 'GET', '/api/nothing-here')).status).toBe(404);
  });
});
