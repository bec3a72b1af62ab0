import * as decoding from 'lib0/decoding';
import {
  MESSAGE_LATE_EDITS,
  NO_LATE_EDITS,
  encodeLateEditsState,
  readLateEditsBody,
} from '@plod/model/sync';
import type { DeviceRef } from '../auth/sync-policy.ts';
import type { UpdateHold } from '../late-edits/late-edits.ts';
import type { Logger } from '../logger.ts';
import { lifecycleRefusal } from './lifecycle.ts';
import type { RelayHooks } from '../relay/hooks.ts';
import type { SyncGrant } from '../sync/grant.ts';

/**
 * Decides where a crew device's updates to a report go once the report is submitted (kept aside as
 * a late edit instead of applied): one hold per device socket.
 */
export type HoldFactory = (docName: string, device: DeviceRef) => UpdateHold;

/**
 * A crew device's updates to a submitted report, and those the lifecycle refuses it
 * (`lifecycleRefusal`), are kept aside for a supervisor (`beforeApply`),
 * never applied and never dropped. Sockets without a device (supervisors) are not looked at.
 * A client that subscribes (message 101, docs/sync-protocol.md) is told how many of its device's
 * edits wait and what was decided, at once and whenever that changes (`onMessage`).
 */
export function lateEditsExtension(holdFor: HoldFactory, logger?: Logger): RelayHooks {
  // One hold per socket: the grant is the socket's own object.
  const holds = new WeakMap<SyncGrant, UpdateHold>();
  const holdOf = (docName: string, grant: SyncGrant): UpdateHold | null => {
    if (!grant.device) return null;
    let hold = holds.get(grant);
    if (!hold) {
      hold = holdFor(docName, grant.device);
      holds.set(grant, hold);
    }
    return hold;
  };
  // Sockets already watching their state: a second subscription only asks again.
  const watching = new WeakSet<SyncGrant>();
  // Per socket: how many state reads were started, and the latest one whose answer was sent.
  const asks = new WeakMap<SyncGrant, number>();
  const told = new WeakMap<SyncGrant, number>();
  return {
    name: 'late-edits',
    beforeApply: ({ docName, doc, update, grant }) => {
      const hold = holdOf(docName, grant);
      if (!hold) return 'apply';
      // Submitted, or a change of status, return comment or sign-off a crew may not make (approving
      // its own plod, say): kept aside for a supervisor, whose merge keeps the plod's status.
      const keep = hold.shouldHold(doc) || lifecycleRefusal(docName, doc, update, 'crew') !== null;
      return keep ? { held: hold.keep(docName, update, doc) } : 'apply';
    },
    onMessage: ({ docName, grant, type, body, send, onClose }) => {
      if (type !== MESSAGE_LATE_EDITS) return false;
      const decoder = decoding.createDecoder(body);
      const message = readLateEditsBody(decoder);
      if (decoding.hasContent(decoder)) throw new Error('trailing bytes');
      if (message.kind !== 'subscribe') throw new Error('clients send subscriptions only');
      // A socket with nothing held (a supervisor's) is told so.
      const hold = holdOf(docName, grant);
      const answer = () => {
        if (!hold?.state) return send(encodeLateEditsState(NO_LATE_EDITS));
        // Read from the app database; a failure leaves the phone with what it was last told. Reads
        // may finish out of order (a pool of PostgreSQL connections): an answer older than one
        // already sent is dropped, so the phone never goes back to a count that has since changed.
        const asked = (asks.get(grant) ?? 0) + 1;
        asks.set(grant, asked);
        hold.state().then(
          (state) => {
            if (asked < (told.get(grant) ?? 0)) return;
            told.set(grant, asked);
            send(encodeLateEditsState(state));
          },
          (error: unknown) => logger?.warn('late-edit state unreadable', { doc: docName, error }),
        );
      };
      if (hold?.watch && !watching.has(grant)) {
        watching.add(grant);
        onClose(hold.watch(answer));
      }
      answer();
      return true;
    },
  };
}
