import { REPORTS_INDEX_DOC_NAME } from '@plod/model';
import type { RelayHooks } from '../relay/hooks.ts';
import type { AuthorizeHook } from '../sync/grant.ts';

/** Documents the server writes itself: the reports index, projected from the reports. */
const SERVER_WRITTEN_DOCS: ReadonlySet<string> = new Set([REPORTS_INDEX_DOC_NAME]);

/** Who may open which document: the access policy (auth/sync-policy.ts, or a replacement). */
export function accessExtension(policy: AuthorizeHook): RelayHooks {
  return { name: 'access', authorize: policy };
}

/**
 * Documents the server writes itself are read-only to every socket, whatever the policy says: a
 * device could otherwise forge list rows. No opinion on any other document.
 */
export function serverWrittenExtension(): RelayHooks {
  return {
    name: 'server-written',
    authorize: (_request, docName) => (SERVER_WRITTEN_DOCS.has(docName) ? 'read' : undefined),
  };
}
