import { readSites } from '@plod/model';
import type { AppDatabase } from '../app-db/app-database.ts';
import { checkAdminPassword } from '../auth/bootstrap.ts';
import { createAccessControl } from '../auth/index.ts';
import type { AccessControl, AccessControlOptions } from '../auth/index.ts';
import { CloseCode } from '../close-codes.ts';
import type { DocumentManager } from '../docs/document-manager.ts';
import { accessExtension, serverWrittenExtension } from '../extensions/access.ts';
import { lateEditsExtension } from '../extensions/late-edits.ts';
import type { HoldFactory } from '../extensions/late-edits.ts';
import { lifecycleExtension } from '../extensions/lifecycle.ts';
import { migrationsExtension } from '../extensions/migrations.ts';
import { projectionsExtension } from '../extensions/projections.ts';
import { quotaExtension } from '../extensions/quota.ts';
import type { Logger } from '../logger.ts';
import type { RelayHooks } from '../relay/hooks.ts';
import type { DocumentStore } from '../store/document-store.ts';
import type { ConnectionRegistry } from '../sync/connection-registry.ts';
import type { AuthorizeHook } from '../sync/grant.ts';
import { createServices } from './services.ts';
import type { RestServices } from './services.ts';

export interface ProductOptions {
  /** The relay's document manager and socket registry: the product serves through them. */
  manager: DocumentManager;
  registry: ConnectionRegistry;
  store: DocumentStore;
  /** The app's own tables: accounts, projections, late edits, attachments. */
  appDb: AppDatabase;
  logger: Logger;
  /** Sign-in, devices and the /sync policy (the product fills in what it reads from plods). */
  access: Omit<
    AccessControlOptions,
    'db' | 'logger' | 'siteOfReport' | 'siteExists' | 'endSubject'
  >;
  /** See LateEditsOptions.maxPerDevice. */
  lateEditsPerDevice?: number;
  quota: { updatesPerHour: number; bytesPerDay: number };
  /** Replaces the access policy for /sync (tests of the relay's own behaviour). */
  authorize?: AuthorizeHook;
  /** Replaces where a device's late edits are kept aside (tests). */
  holdFor?: HoldFactory;
}

/**
 * The product on the relay: access control, the services REST calls, and the relay extensions
 * that read and guard plods, built once from the document manager and the app database.
 */
export interface Product {
  access: AccessControl;
  services: RestServices;
  /** In the order the relay runs them. */
  extensions: RelayHooks[];
  /** Finishes projection work and stops timers; call before the store closes. */
  close(): Promise<void>;
}

export function createProduct(options: ProductOptions): Product {
  const { manager, registry, logger } = options;
  // A password the rules refuse stops the server at once, before any table is read.
  checkAdminPassword(options.access.admin);
  const services = createServices(manager, options.store, options.appDb, logger, {
    lateEditsPerDevice: options.lateEditsPerDevice,
  });
  const access = createAccessControl({
    ...options.access,
    db: options.appDb,
    logger,
    // A client account's socket opens only its sites' reports.
    siteOfReport: (docName) => services.desk.siteOfDoc(docName),
    // A site's crew code is made only for a site that exists.
    siteExists: (siteId) =>
      services.docs.readSetup((doc) => readSites(doc).some((site) => site.id === siteId)),
    endSubject: (subject, reason) => {
      const closed = registry.closeSubject(subject, CloseCode.Unauthorized, reason);
      if (closed > 0) logger.info('sockets closed', { subject, reason, closed });
    },
  });
  const extensions: RelayHooks[] = [
    // Every document is migrated as it loads, before anyone is served (a newer one is left alone).
    migrationsExtension(logger),
    accessExtension(options.authorize ?? access.syncPolicy),
    serverWrittenExtension(),
    // Before anything keeps an update: what a device sends is counted whatever becomes of it.
    quotaExtension(options.quota),
    // A crew device's edits to a submitted report are kept aside as late edits.
    lateEditsExtension(
      options.holdFor ?? ((docName, device) => services.lateEdits.holdFor(docName, device)),
      logger,
    ),
    // The lifecycle's rules for supervisors' sockets (crew devices' are kept aside just above).
    lifecycleExtension(),
    projectionsExtension(services.projector),
  ];
  return {
    access,
    services,
    extensions,
    close: async () => {
      await services.autoCleanup.stop();
      await services.projector.stop();
      access.close();
    },
  };
}
