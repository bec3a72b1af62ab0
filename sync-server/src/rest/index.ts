import { bodyLimit } from 'hono/body-limit';
import type { Hono } from 'hono';
import type { AccessControl } from '../auth/index.ts';
import { cspWithInlineScript } from '../auth/security-headers.ts';
import { REQUEST_BODIES } from '@plod/model';
import type { Logger } from '../logger.ts';
import type { StorageStatus } from '../storage-status.ts';
import { createBitRoutes } from '../routes/bits.ts';
import { createClientAccountRoutes } from '../routes/client-accounts.ts';
import { createCrewAssignmentRoutes } from '../routes/crew-assignments.ts';
import { createPeopleHoursRoutes } from '../routes/people-hours.ts';
import { createKpiRoutes } from '../routes/kpis.ts';
import {
  createHoleConfigRoutes,
  createHoleNumberRoutes,
  createHoleIdRoutes,
  createHoleListRoutes,
} from '../routes/holes.ts';
import { createLateEditRoutes } from '../routes/late-edits.ts';
import { createAttachmentRoutes } from '../routes/attachments.ts';
import { createReportEntryRoutes, createTimesheetsRoutes } from '../routes/report-entries.ts';
import { createRunSheetRoutes, createRunsRoutes } from '../routes/runs.ts';
import { createSetupRoutes } from '../routes/setup.ts';
import { createContractRoutes } from '../routes/contracts.ts';
import { createInvoiceRoutes, createPlodChargeRoutes } from '../routes/charges.ts';
import { createPlodsRoutes, createShiftSummaryRoutes } from '../routes/shift-summaries.ts';
import {
  createCleanupRoutes,
  createSiteConfigRoutes,
  createSiteConfigsRoutes,
  createSiteRoutes,
} from '../routes/sites.ts';
import { LAST_SAVED, READ_STATE_HEADER, trackReadState } from '../read-state.ts';
import { restErrorHandler } from '../http/errors.ts';
import { createGenericSyncRoutes } from './generic-sync.ts';
import { jsonOk, resourceApp } from '../http/openapi.ts';
import { withLayerAnswers } from './openapi-answers.ts';
import { REFERENCE_PAGE } from './reference-page.ts';
import type { RestServices } from '../product/services.ts';

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
const API = '/api';

export interface RestOptions {
  /** What the routes call (built once with the product: product/product.ts). */
  services: RestServices;
  logger: Logger;
  version: string;
  /** Request bodies above this get 413 (default 1 MiB). */
  maxBodyBytes?: number;
  /** Told of storage errors met by REST handlers (answered 503). */
  storage?: StorageStatus;
  /** Sign-in and device routes (the access middleware itself runs on the server's app). */
  access: Pick<AccessControl, 'authRoutes' | 'deviceRoutes' | 'accounts'>;
}

/** The reference page runs one inline script: allowed by its hash, nothing else inline. */
const REFERENCE_PAGE_CSP = cspWithInlineScript(
  /<script>([\s\S]*?)<\/script>/.exec(REFERENCE_PAGE)?.[1] ?? '',
);

/** Mounts every REST resource under /api on the server's app, with one error handler for all of them. */
export function mountRest(app: Hono, options: RestOptions): void {
  const s = options.services;
  const maxSize = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const api = resourceApp().basePath(API);
  api.onError(restErrorHandler(options.logger, options.storage));
  const limit = bodyLimit({
    maxSize,
    onError: (c) => c.json({ message: `Request body larger than ${maxSize} bytes` }, 413),
  });
  // A photo upload has a limit of its own (routes/attachments.ts).
  api.use('*', (c, next) =>
    c.req.method === 'POST' && c.req.path === `${API}/attachments` ? next() : limit(c, next),
  );
  // A read answered from the last saved state (the store cannot write now) says so.
  api.use('*', async (c, next) => {
    if (await trackReadState(next)) c.res.headers.set(READ_STATE_HEADER, LAST_SAVED);
  });
  api.route('/auth', options.access.authRoutes);
  api.route('/devices', options.access.deviceRoutes);
  api.route('/client-accounts', createClientAccountRoutes(options.access.accounts, s));
  api.route('/shift-summaries', createShiftSummaryRoutes(s));
  api.route('/shift-summaries', createPlodChargeRoutes(s));
  api.route('/plods', createPlodsRoutes(s));
  api.route('/contracts', createContractRoutes(s));
  api.route('/', createInvoiceRoutes(s));
  api.route(
    '/timesheet-entries',
    createReportEntryRoutes({
      tag: 'Timesheet',
      entries: s.timesheet,
      create: REQUEST_BODIES['POST /api/timesheet-entries'],
      patch: REQUEST_BODIES['PUT /api/timesheet-entries/{id}'],
    }),
  );
  api.route('/timesheets', createTimesheetsRoutes(s));
  api.route(
    '/survey-entries',
    createReportEntryRoutes({
      tag: 'Survey',
      entries: s.survey,
      create: REQUEST_BODIES['POST /api/survey-entries'],
      patch: REQUEST_BODIES['PUT /api/survey-entries/{id}'],
    }),
  );
  for (const { part, entries } of s.parts) {
    api.route(
      `/${part.rest.path}`,
      createReportEntryRoutes({
        tag: part.rest.tag,
        entries,
        create: part.createBody,
        patch: part.patchBody,
      }),
    );
  }
  api.route('/run-sheet-entries', createRunSheetRoutes(s));
  api.route('/runs', createRunsRoutes(s));
  api.route('/crew-assignments', createCrewAssignmentRoutes(s));
  api.route('/', createPeopleHoursRoutes(s));
  api.route('/', createKpiRoutes(s));
  api.route('/hole-ids', createHoleIdRoutes(s));
  api.route('/hole-config', createHoleConfigRoutes(s));
  api.route('/hole-numbers', createHoleNumberRoutes(s));
  api.route('/hole-configs', createHoleListRoutes(s, false));
  api.route('/holes', createHoleListRoutes(s, true));
  api.route('/bits', createBitRoutes(s));
  api.route('/sites', createSiteRoutes(s));
  api.route('/site-config', createSiteConfigRoutes(s));
  api.route('/site-configs', createSiteConfigsRoutes(s));
  api.route('/cleanup-deleted-reports', createCleanupRoutes(s));
  api.route('/late-edits', createLateEditRoutes(s));
  api.route('/attachments', createAttachmentRoutes(s.attachments));
  api.route(
    '/rigs',
    createSetupRoutes({
      tag: 'Rigs',
      collection: s.rigs,
      create: REQUEST_BODIES['POST /api/rigs'],
      update: REQUEST_BODIES['PUT /api/rigs/{id}'],
      siteOf: (rig) => rig.siteId,
    }),
  );
  api.route(
    '/crew-members',
    createSetupRoutes({
      tag: 'Crew members',
      collection: s.crewMembers,
      create: REQUEST_BODIES['POST /api/crew-members'],
      update: REQUEST_BODIES['PUT /api/crew-members/{id}'],
    }),
  );
  api.route(
    '/hire-tools-library',
    createSetupRoutes({
      tag: 'Hire tools library',
      collection: s.hireTools,
      create: REQUEST_BODIES['POST /api/hire-tools-library'],
      update: REQUEST_BODIES['PUT /api/hire-tools-library/{id}'],
    }),
  );
  api.route(
    '/downtime-codes',
    createSetupRoutes({
      tag: 'Downtime codes',
      collection: s.downtimeCodes,
      create: REQUEST_BODIES['POST /api/downtime-codes'],
      update: REQUEST_BODIES['PUT /api/downtime-codes/{id}'],
      siteOf: (code) => code.siteId,
    }),
  );
  api.route(
    '/consumables',
    createSetupRoutes({
      tag: 'Consumables list',
      collection: s.consumables,
      create: REQUEST_BODIES['POST /api/consumables'],
      update: REQUEST_BODIES['PUT /api/consumables/{id}'],
      siteOf: (item) => item.siteId,
    }),
  );

  // The server's own routes, listed so the document covers every /api route (health belongs to the relay).
  for (const [path, summary, answer] of [
    ['/health', 'Liveness and gauges', jsonOk('Status')],
    ['/openapi.json', 'This OpenAPI document', jsonOk('OpenAPI 3.1')],
    ['/docs', 'Readable API reference (HTML)', { description: 'HTML page' }],
  ] as const) {
    api.openAPIRegistry.registerPath({
      method: 'get',
      path,
      tags: ['Server'],
      summary,
      responses: { 200: answer },
    });
  }
  // The routes' own answers, with those of the layers around them (access, write guard, limits).
  const openApiConfig = {
    openapi: '3.1.0',
    info: {
      title: 'Plod API',
      version: options.version,
      description: 'REST over Plod’s Yjs documents. See docs/api.md.',
    },
  };
  api.get('/openapi.json', (c) =>
    c.json(withLayerAnswers(api.getOpenAPI31Document(openApiConfig), API), 200),
  );
  api.get('/docs', (c) =>
    c.html(REFERENCE_PAGE, 200, { 'Content-Security-Policy': REFERENCE_PAGE_CSP }),
  );
  // Last, so every named route matches first.
  api.route(
    '/',
    createGenericSyncRoutes(() => api, API),
  );
  app.route('/', api);
}
