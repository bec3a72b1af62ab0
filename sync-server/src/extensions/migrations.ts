import type * as Y from 'yjs';
import { migrateOnLoad } from '@plod/model';
import type { Logger } from '../logger.ts';
import type { RelayHooks } from '../relay/hooks.ts';

/**
 * Plod's documents migrate as the relay loads them (`onLoad`): each versioned document (report, setup, hole register)
 * is migrated as it is built from the store, before any socket or REST call is served, so every
 * device receives the current layout. A document saved by a newer version of Plod than this server
 * is left exactly as it is (the server still relays and stores its updates, which newer devices
 * understand; REST refuses to change it).
 */
export function migrationsExtension(logger: Logger): RelayHooks {
  return { name: 'migrations', onLoad: (docName, doc) => migrateDocument(logger, docName, doc) };
}

function migrateDocument(logger: Logger, docName: string, doc: Y.Doc): void {
  const result = migrateOnLoad(docName, doc, 'server');
  if (result?.outcome === 'migrated') {
    logger.info('document migrated on load', {
      doc: docName,
      from: result.from,
      to: result.to,
    });
  } else if (result?.outcome === 'newer') {
    logger.warn('document is newer than this server: relayed as it is, never changed here', {
      doc: docName,
      version: result.version,
      understands: result.understands,
    });
  }
}
