import { PLOD_PARTS } from '@plod/model';

/**
 * Who may call each /api route: `public` (no credentials), `crew` (a joined device or a supervisor),
 * `supervisor` (a signed-in supervisor only), `reader` (crew, supervisors and client accounts: a
 * client only for the plods of its own sites, which the route checks), `approver` (supervisors and
 * client accounts, a client for its own sites). A client account may call nothing else. A route
 * missing from this table is supervisor-only, and the route-access test fails until it is listed.
 * Paths use OpenAPI's `{param}` form.
 */
export type RouteAccess = 'public' | 'crew' | 'supervisor' | 'reader' | 'approver';

/** Report data: read and written by crews (a submitted report stays read-only to them, see DocumentService). */
const reportEntries = (resource: string): Record<string, RouteAccess> => ({
  [`GET /api/${resource}`]: 'crew',
  [`GET /api/${resource}/{id}`]: 'crew',
  [`POST /api/${resource}`]: 'crew',
  [`PUT /api/${resource}/{id}`]: 'crew',
  [`DELETE /api/${resource}/{id}`]: 'crew',
});

/** Reference data in the setup document: everyone reads, supervisors write. */
const setupCollection = (resource: string): Record<string, RouteAccess> => ({
  [`GET /api/${resource}`]: 'crew',
  [`POST /api/${resource}`]: 'supervisor',
  [`PUT /api/${resource}/{id}`]: 'supervisor',
  [`DELETE /api/${resource}/{id}`]: 'supervisor',
});

export const ROUTE_ACCESS: Readonly<Record<string, RouteAccess>> = {
  // Signing in, joining, liveness.
  'POST /api/auth/login': 'public',
  'POST /api/auth/logout': 'public',
  'GET /api/auth/me': 'public',
  'POST /api/devices/join': 'public',
  'GET /api/health': 'public',

  // Devices and the crew access code.
  'GET /api/devices': 'supervisor',
  'DELETE /api/devices/{id}': 'supervisor',
  'GET /api/devices/code': 'supervisor',
  'POST /api/devices/code/rotate': 'supervisor',
  'GET /api/devices/site-codes': 'supervisor',
  'POST /api/devices/site-codes/{siteId}/rotate': 'supervisor',

  // Late edits to submitted reports.
  'GET /api/late-edits': 'supervisor',
  'POST /api/late-edits/{id}/merge': 'supervisor',
  'DELETE /api/late-edits/{id}': 'supervisor',
  'GET /api/late-edits/sessions': 'supervisor',
  'POST /api/late-edits/sessions/{id}/merge': 'supervisor',
  'DELETE /api/late-edits/sessions/{id}': 'supervisor',
  'POST /api/late-edits/merge-all': 'supervisor',
  'POST /api/late-edits/discard-all': 'supervisor',

  // Client accounts (customers who approve plods): supervisors manage them.
  'GET /api/client-accounts': 'supervisor',
  'POST /api/client-accounts': 'supervisor',
  'DELETE /api/client-accounts/{id}': 'supervisor',

  // Reports and everything in them.
  'GET /api/shift-summaries': 'reader',
  'POST /api/shift-summaries': 'crew',
  'GET /api/shift-summaries/{id}': 'reader',
  'GET /api/shift-summaries/states': 'reader',
  'GET /api/shift-summaries/{id}/pdf': 'reader',
  'POST /api/shift-summaries/{id}/approve': 'approver',
  'POST /api/shift-summaries/{id}/return': 'approver',
  'PUT /api/shift-summaries/{id}': 'crew',
  'PATCH /api/shift-summaries/{id}': 'crew',
  'DELETE /api/shift-summaries/{id}': 'crew',
  'GET /api/shift-summaries/{id}/crew': 'crew',
  'GET /api/shift-summaries/{id}/history': 'reader',
  'GET /api/shift-summaries/{id}/export-csv': 'crew',
  // The one-row-per-plod summary across plods, and bringing a deleted plod back: supervisors.
  'GET /api/shift-summaries/totals': 'reader',
  'GET /api/shift-summaries/export.csv': 'supervisor',
  'GET /api/shift-summaries/export.xlsx': 'supervisor',
  'POST /api/shift-summaries/{id}/restore': 'supervisor',
  // People's hours for a pay period (payroll): supervisors.
  'GET /api/people-hours.csv': 'supervisor',
  'GET /api/people-hours.xlsx': 'supervisor',
  // KPIs and missing shifts: supervisors, and client accounts for their own sites (the routes
  // narrow them); rosters are set up by supervisors.
  'GET /api/kpis': 'approver',
  'GET /api/shift-gaps': 'approver',
  'GET /api/rosters': 'supervisor',
  'PUT /api/rosters': 'supervisor',
  'POST /api/shift-summaries/{id}/reopen': 'supervisor',
  'GET /api/plods': 'crew',
  ...reportEntries('timesheet-entries'),
  'GET /api/timesheets': 'crew',
  ...reportEntries('survey-entries'),
  ...Object.fromEntries(
    PLOD_PARTS.flatMap((part) => Object.entries(reportEntries(part.rest.path))),
  ),
  'GET /api/run-sheet-entries': 'crew',
  'GET /api/run-sheet-entries/shift/{id}': 'crew',
  'POST /api/run-sheet-entries': 'crew',
  'PUT /api/run-sheet-entries/{id}': 'crew',
  'DELETE /api/run-sheet-entries/{id}': 'crew',
  'GET /api/runs': 'crew',
  'POST /api/runs': 'crew',
  'GET /api/crew-assignments/{id}': 'crew',
  'POST /api/crew-assignments': 'crew',
  'PUT /api/crew-assignments/{id}': 'crew',
  'PUT /api/crew-assignments/{id}/primary': 'crew',
  'DELETE /api/crew-assignments/{id}': 'crew',

  // Money: contracts hold prices. Supervisors write them; client accounts read their sites' (the
  // service narrows); crew devices read a plod's charges only where the site allows it (checked
  // by the service), never contracts.
  'GET /api/contracts': 'approver',
  'GET /api/contracts/history': 'approver',
  'GET /api/contracts/{id}': 'approver',
  'GET /api/contracts/{id}/history': 'approver',
  'POST /api/contracts': 'supervisor',
  'PUT /api/contracts/{id}': 'supervisor',
  'DELETE /api/contracts/{id}': 'supervisor',
  'POST /api/contracts/{id}/versions': 'supervisor',
  'DELETE /api/contracts/{id}/versions/{versionId}': 'supervisor',
  'GET /api/contracts/site-settings/{siteId}': 'reader',
  'PUT /api/contracts/site-settings/{siteId}': 'supervisor',
  'GET /api/shift-summaries/{id}/charges': 'reader',
  'GET /api/charges.csv': 'approver',
  'GET /api/charges.xlsx': 'approver',

  // Photos of a plod: read by whoever reads the plod, added and deleted by whoever may change it.
  'POST /api/attachments': 'crew',
  'GET /api/attachments': 'reader',
  'GET /api/attachments/{id}': 'reader',
  'DELETE /api/attachments/{id}': 'crew',

  // Holes (the hole register is crew-writable).
  'GET /api/hole-ids': 'crew',
  'POST /api/hole-ids': 'crew',
  'GET /api/hole-config/{holeId}': 'crew',
  'POST /api/hole-config': 'crew',
  'POST /api/hole-numbers': 'crew',
  'GET /api/hole-configs': 'crew',
  'GET /api/holes': 'crew',
  'GET /api/holes/active': 'crew',

  // Bits (the bit register sits in the hole register: crews register and change bits; taking a
  // bit off the register, which its history across plods names, is a supervisor's).
  'GET /api/bits': 'crew',
  'GET /api/bits/{serial}': 'crew',
  'POST /api/bits': 'crew',
  'PUT /api/bits/{serial}': 'crew',
  'DELETE /api/bits/{serial}': 'supervisor',

  // Sites, their settings, exports and retention: supervisors.
  'GET /api/sites': 'crew',
  'POST /api/sites': 'supervisor',
  'PUT /api/sites/{id}': 'supervisor',
  'DELETE /api/sites/{id}': 'supervisor',
  'POST /api/sites/{id}/unarchive': 'supervisor',
  'GET /api/sites/{id}/completed-reports': 'supervisor',
  'GET /api/sites/{id}/export-csv': 'supervisor',
  'POST /api/sites/{id}/cleanup-deleted-reports': 'supervisor',
  'POST /api/site-config': 'supervisor',
  'GET /api/site-configs': 'crew',
  'POST /api/cleanup-deleted-reports': 'supervisor',
  'GET /api/cleanup-deleted-reports/last': 'supervisor',
  ...setupCollection('rigs'),
  ...setupCollection('crew-members'),
  ...setupCollection('hire-tools-library'),
  ...setupCollection('downtime-codes'),
  ...setupCollection('consumables'),

  // The generic offline-sync calls: decided per table as the dashed route (see accessOf).
  'POST /api/{table}': 'crew',
  'PUT /api/{table}/{id}': 'crew',
  'DELETE /api/{table}/{id}': 'crew',

  // The API's own description.
  'GET /api/openapi.json': 'crew',
  'GET /api/docs': 'crew',
};

/** Routes outside /api, and why the table above does not govern them. */
export const NON_API_ROUTES: Readonly<Record<string, string>> = {
  'GET /sync/{docName}':
    'WebSocket upgrade: decided per document by the sync policy (sync-policy.ts)',
  'GET /metrics':
    'Prometheus text: the bearer token PLOD_METRICS_TOKEN, compared in constant time; 404 while none is set (metrics/route.ts)',
  'GET *': 'The built web app (static files, public; it holds no data and no credential)',
  'GET /internal/cluster/docs/{docName}':
    'One process of several only: a document’s state for another process; the deployment secret PLOD_CLUSTER_SECRET, compared in constant time, else 404 (cluster/internal-routes.ts)',
  'POST /internal/cluster/docs/{docName}':
    'One process of several only: another process’s REST write to a document owned here; the deployment secret, else 404',
};

const GENERIC = new Set(['POST /api/{table}', 'PUT /api/{table}/{id}', 'DELETE /api/{table}/{id}']);

/** `METHOD /api/x/{id}` from a method and a Hono route path (`/api/x/:id`). */
export function routeKey(method: string, honoPath: string): string {
  return `${method.toUpperCase()} ${honoPath.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}')}`;
}

/**
 * The access a request needs. `key` is its matched route (null: no route matched, which stays
 * supervisor-only so a 404 tells an outsider nothing). The generic table routes take the rule of the
 * dashed route they forward to, e.g. `PUT /api/rigs/{id}` for `PUT /api/rigs/x`.
 */
export function accessOf(key: string | null, path: string): RouteAccess {
  if (key === null) return 'supervisor';
  if (GENERIC.has(key)) {
    const [, , table, id] = path.split('/');
    const method = key.split(' ')[0] ?? '';
    const target = `${method} /api/${(table ?? '').replaceAll('_', '-')}${id === undefined ? '' : '/{id}'}`;
    return GENERIC.has(target) ? 'supervisor' : (ROUTE_ACCESS[target] ?? 'supervisor');
  }
  return ROUTE_ACCESS[key] ?? 'supervisor';
}
