import type { DeviceRef } from '../auth/sync-policy.ts';
import type { UpdateHold } from '../late-edits/late-edits.ts';
import type { RelayHooks } from '../relay/hooks.ts';
import type { SyncGrant } from '../sync/grant.ts';

/**
 * Decides where a crew device's updates to a report go once the report is submitted (kept aside as
 * a late edit instead of applied): one hold per device socket.
 */
export type HoldFactory = (docName: string, device: DeviceRef) => UpdateHold;

/**
 * A crew device's updates to a submitted report are kept aside for a supervisor (`beforeApply`),
 * never applied and never dropped. Sockets without a device (supervisors) are not looked at.
 */
export function lateEditsExtension(holdFor: HoldFactory): RelayHooks {
  // One hold per socket: the grant is the socket's own object.
  const holds = new WeakMap<SyncGrant, UpdateHold>();
  return {
    name: 'late-edits',
    beforeApply: ({ docName, doc, update, grant }) => {
      if (!grant.device) return 'apply';
      let hold = holds.get(grant);
      if (!hold) {
        hold = holdFor(docName, grant.device);
        holds.set(grant, hold);
      }
      if (!hold.shouldHold(doc)) return 'apply';
      return { held: hold.keep(docName, update, doc) };
    },
  };
}
