import * as Y from 'yjs';
import {
  LIFECYCLE_PLACES,
  classifyDocName,
  isLockedStatus,
  lifecycleChangeRefusal,
  readLifecycle,
  readReportMeta,
  APPROVED_READ_ONLY,
} from '@plod/model';
import type { LifecycleRole } from '@plod/model';
import { CloseCode } from '../close-codes.ts';
import type { RelayHooks } from '../relay/hooks.ts';

const { metaRoot, metaKeys, signOffRoot } = LIFECYCLE_PLACES;

/**
 * The lifecycle's refusal of a socket's update to a report document, or null: the same rule REST
 * uses (`lifecycleChangeRefusal`, through the model's `setStatus`). An approved plod takes no update
 * at all. Otherwise an update that touches the status, the return comment or the sign-off is tried
 * on a copy of the document and the states before and after compared; any other update (almost
 * every one) is let through without a copy.
 */
export function lifecycleRefusal(
  docName: string,
  doc: Y.Doc,
  update: Uint8Array,
  role: LifecycleRole,
): string | null {
  if (classifyDocName(docName).kind !== 'report') return null;
  if (isLockedStatus(readReportMeta(doc).status)) {
    // A sync's answer with nothing the document lacks is no change.
    return changesAnything(doc, update) ? APPROVED_READ_ONLY : null;
  }
  if (!touchesLifecycle(doc, update)) return null;
  const before = readLifecycle(doc);
  const copy = new Y.Doc({ gc: false });
  try {
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
    Y.applyUpdate(copy, update);
    return lifecycleChangeRefusal(before, readLifecycle(copy), role);
  } finally {
    copy.destroy();
  }
}

/** True when applying the update would add or delete anything the document does not have. */
function changesAnything(doc: Y.Doc, update: Uint8Array): boolean {
  const vector = Y.encodeStateVector(doc);
  const { structs, ds } = Y.decodeUpdate(Y.diffUpdate(update, vector));
  if (structs.length > 0) return true;
  for (const [client, ranges] of ds.clients) {
    for (const range of ranges) {
      for (let clock = range.clock; clock < range.clock + range.len;) {
        let item;
        try {
          item = Y.getItem(doc.store, Y.createID(client, clock));
        } catch {
          return true;
        }
        if (!item.deleted) return true;
        clock = item.id.clock + item.length;
      }
    }
  }
  return false;
}

type Item = InstanceType<typeof Y.Item>;
const idKey = (id: { client: number; clock: number }) => `${id.client}:${id.clock}`;

/**
 * True when the update may change a lifecycle value: it writes (or deletes) one of the lifecycle's
 * meta keys or anything of the sign-off, or names a place this cannot resolve (then the copy
 * decides). Read from the decoded structs: a map entry names its root and key, or follows an
 * entry it replaced (its origin), in this update or already in the document.
 */
function touchesLifecycle(doc: Y.Doc, update: Uint8Array): boolean {
  const { structs, ds } = Y.decodeUpdate(update);
  const items = new Map<string, Item>();
  for (const struct of structs) {
    if (struct instanceof Y.Item) items.set(idKey(struct.id), struct);
  }
  const isLifecyclePlace = (root: string | null, key: string | null): boolean =>
    root === signOffRoot || (root === metaRoot && key !== null && metaKeys.has(key));

  // Where an item of the update goes: [root name, key], null for a nested type, undefined unknown.
  const placeOf = (item: Item, depth = 0): [string, string | null] | null | undefined => {
    if (typeof item.parent === 'string') return [item.parent, item.parentSub];
    if (item.parent !== null) {
      // An ID: the parent is a nested type (in a map or array entry), not a lifecycle root.
      return null;
    }
    const neighbour = item.origin ?? item.rightOrigin;
    if (neighbour === null || depth > 1_000) return undefined;
    const local = items.get(idKey(neighbour));
    if (local) return placeOf(local, depth + 1);
    let known: Item | InstanceType<typeof Y.GC>;
    try {
      known = Y.getItem(doc.store, neighbour);
    } catch {
      return undefined;
    }
    if (!(known instanceof Y.Item)) return undefined;
    const parent = known.parent;
    if (!(parent instanceof Y.AbstractType)) return undefined;
    if (parent._item !== null) return null;
    return [Y.findRootTypeKey(parent), known.parentSub];
  };
  for (const item of items.values()) {
    const place = placeOf(item);
    if (place === undefined) return true;
    if (place !== null && isLifecyclePlace(place[0], place[1])) return true;
  }
  // Deletions of the values the lifecycle's entries hold now.
  if (ds.clients.size === 0) return false;
  const deletes = (item: Item | undefined): boolean => {
    const ranges = item ? ds.clients.get(item.id.client) : undefined;
    if (!item || !ranges) return false;
    const clock = item.id.clock;
    return ranges.some((r) => clock + item.length > r.clock && clock < r.clock + r.len);
  };
  const meta = doc.getMap(metaRoot);
  for (const key of metaKeys) if (deletes(meta._map.get(key))) return true;
  for (const item of doc.getMap(signOffRoot)._map.values()) {
    if (deletes(item)) return true;
  }
  return false;
}

/**
 * The lifecycle's rules over /sync for sockets without a device (supervisors): an update they refuse
 * closes the socket (4409, the reason saying why) and nothing of it is kept. A crew device's refused
 * update is kept aside as a late edit instead (extensions/late-edits.ts), so an edit made offline
 * before the phone learnt of a change is never lost.
 */
export function lifecycleExtension(): RelayHooks {
  return {
    name: 'lifecycle',
    beforeApply: ({ docName, doc, update, grant }) => {
      if (grant.device) return 'apply';
      const reason = lifecycleRefusal(docName, doc, update, 'supervisor');
      return reason === null ? 'apply' : { refuse: CloseCode.LifecycleRefused, reason };
    },
  };
}
