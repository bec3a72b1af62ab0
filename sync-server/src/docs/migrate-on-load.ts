import type * as Y from 'yjs';
import { migrateOnLoad } from '@plod/model';
import type { Logger } from '../logger.ts';

/**
 * The relay's load hook for Plod's documents: each versioned document (report, setup, hole register)
 * is migrated as it is built from the store, before any socket or REST call is served, so every
 * device receives the current layout. A document saved by a newer version of Plod than this server
 * is left exactly as it is (the server still relays and stores its updates, which newer devices
 * understand; REST refuses to change it).
 */
export function migrateDocumentsOnLoad(logger: Logger): (docName: string, doc: Y.Doc) => void {
  return (docName, doc) => {
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
  };
}
