import type { AppDatabase } from '../app-db/app-database.ts';
import type { DocumentManager } from '../docs/document-manager.ts';
import type { Logger } from '../logger.ts';
import type { DocumentStore } from '../store/document-store.ts';
import { Projector } from '../projections/projector.ts';
import { ReportTable } from '../projections/report-table.ts';
import { ReportsIndexHook } from '../projections/reports-index-hook.ts';
import { LateEditDecisions } from '../late-edits/decisions.ts';
import { LateEdits } from '../late-edits/late-edits.ts';
import { AutoCleanup } from '../services/auto-cleanup.ts';
import { CleanupService } from '../services/cleanup.ts';
import { CrewService } from '../services/crew.ts';
import { PLOD_PARTS } from '@plod/model';
import { SURVEY, TIMESHEET, partEntryKind } from '../services/entry-kinds.ts';
import { BitService } from '../services/bits.ts';
import { HoleService } from '../services/holes.ts';
import { ReferenceNames } from '../services/reference.ts';
import { ReportEntries } from '../services/report-entries.ts';
import { ReportService } from '../services/reports.ts';
import { SupervisorDeskService } from '../services/supervisor-desk.ts';
import { KpiService } from '../services/kpis.ts';
import {
  CONSUMABLES,
  CREW_MEMBERS,
  DOWNTIME_CODES,
  HIRE_TOOLS,
  RIGS,
  SITES,
  SetupCollection,
} from '../services/setup.ts';
import { SiteService } from '../services/sites.ts';
import { DocumentService } from '../services/documents.ts';
import { AttachmentService } from '../services/attachments.ts';
import { SqlAttachmentStore } from '../attachments/attachment-store.ts';
import { ContractStore } from '../money/contract-store.ts';
import { ContractService } from '../money/contracts.ts';

/** Everything the REST routes call; built once per server. */
export function createServices(
  manager: DocumentManager,
  store: DocumentStore,
  appDb: AppDatabase,
  logger: Logger,
  options: { lateEditsPerDevice?: number } = {},
) {
  const table = new ReportTable(appDb.sql);
  const contractStore = new ContractStore(appDb.sql);
  // Each plod is priced as it is projected, with its site's contract versions (the KPIs' revenue).
  const projector = new Projector(
    manager,
    table,
    logger,
    new ReportsIndexHook(manager, logger),
    contractStore,
  );
  void projector.start(store);
  const docs = new DocumentService(manager);
  const names = new ReferenceNames(docs);
  projector.onSetupChanged(() => names.invalidate());
  const reports = new ReportService(docs, projector, names);
  const cleanup = new CleanupService(docs, projector);
  const lateEdits = new LateEdits(appDb.sql, manager, logger, {
    maxPerDevice: options.lateEditsPerDevice,
  });
  const attachmentStore = new SqlAttachmentStore(appDb.sql);
  const contracts = new ContractService(contractStore, docs, reports, projector);
  return {
    docs,
    store,
    projector,
    reports,
    desk: new SupervisorDeskService(docs, reports, attachmentStore, contracts),
    kpis: new KpiService(docs, projector),
    crew: new CrewService(docs, reports),
    holes: new HoleService(docs, reports),
    bits: new BitService(docs, reports),
    timesheet: new ReportEntries(docs, reports, TIMESHEET),
    survey: new ReportEntries(docs, reports, SURVEY),
    /** The rows of each part made with definePart, in PLOD_PARTS order. */
    parts: PLOD_PARTS.map((part) => ({
      part,
      entries: new ReportEntries(docs, reports, partEntryKind(part)),
    })),
    sites: new SetupCollection(docs, SITES),
    siteRemoval: new SiteService(docs, projector),
    rigs: new SetupCollection(docs, RIGS),
    crewMembers: new SetupCollection(docs, CREW_MEMBERS),
    hireTools: new SetupCollection(docs, HIRE_TOOLS),
    downtimeCodes: new SetupCollection(docs, DOWNTIME_CODES),
    consumables: new SetupCollection(docs, CONSUMABLES),
    cleanup,
    autoCleanup: new AutoCleanup(cleanup, docs, logger, { db: appDb.sql }),
    lateEdits,
    lateEditDecisions: new LateEditDecisions(lateEdits, manager, logger),
    attachments: new AttachmentService(docs, attachmentStore),
    contracts,
  };
}

export type RestServices = ReturnType<typeof createServices>;
