import * as Y from 'yjs';

/**
 * Cuts the links that structs merged away by a transaction keep to the document's newer structs.
 *
 * When Yjs merges two neighbouring structs (a deleted item into the deleted run on its left, or one
 * client's consecutive insertions), the one on the right leaves the document but keeps its `right`
 * (and `left`) pointers. If that dead item was already in V8's old generation, each young-generation
 * collection treats its `right` as a root (old-to-new pointers are, whether or not the old object is
 * still reachable) and keeps the item after it alive; that one is promoted, dies, and keeps the
 * next alive in turn: one chain per edited key, each update promoted to the old generation, until a
 * full collection breaks them all, and the first item alive at the time starts them again. On the
 * relay under the latency bench (3,000 updates/s over 300 keys) that made the old generation grow
 * 0.7 MB/s instead of about 0.05 and brought a full collection every ten seconds or so. Nothing
 * else reaches a merged-away struct (Yjs moves `_map` entries and search markers to the struct it
 * merged into), so clearing its links changes no document; see unlink-merged.test.ts.
 */
export function unlinkMergedStructs(doc: Y.Doc): void {
  let candidates: Y.Item[] = [];
  doc.on('beforeObserverCalls', (transaction: Y.Transaction) => {
    candidates = mergeCandidates(doc.store, transaction);
  });
  doc.on('afterTransactionCleanup', () => {
    const store = doc.store;
    for (const item of candidates) {
      if (!inStore(store, item)) {
        item.right = null;
        item.left = null;
      }
    }
    candidates = [];
  });
}

/**
 * The items a transaction's cleanup may merge away (always the right one of a pair): those in its
 * delete set and the one after each deleted range, every struct it added, and each struct it split
 * with the one after it. Collected before the cleanup, while they are all still in the store.
 */
function mergeCandidates(store: Y.Doc['store'], transaction: Y.Transaction): Y.Item[] {
  const found: Y.Item[] = [];
  const collect = (structs: (Y.GC | Y.Item)[], from: number, to: number) => {
    for (let i = Math.max(0, from); i <= to && i < structs.length; i++) {
      const struct = structs[i];
      if (struct instanceof Y.Item) found.push(struct);
    }
  };
  transaction.deleteSet.clients.forEach((ranges, client) => {
    const structs = store.clients.get(client);
    if (!structs) return;
    for (const range of ranges) {
      const last = indexAt(structs, range.clock + range.len - 1);
      if (last < 0) continue;
      collect(structs, indexAt(structs, range.clock), last + 1);
    }
  });
  transaction.afterState.forEach((clock, client) => {
    const before = transaction.beforeState.get(client) ?? 0;
    if (before === clock) return;
    const structs = store.clients.get(client);
    if (structs) collect(structs, indexAt(structs, before), structs.length - 1);
  });
  for (const struct of transaction._mergeStructs) {
    const structs = store.clients.get(struct.id.client);
    if (!structs) continue;
    const at = indexAt(structs, struct.id.clock);
    if (at >= 0) collect(structs, at, at + 1);
  }
  return found;
}

/** Index of the struct holding `clock` in one client's (sorted, contiguous) structs, or -1. */
function indexAt(structs: (Y.GC | Y.Item)[], clock: number): number {
  let low = 0;
  let high = structs.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const struct = structs[mid];
    if (!struct) return -1;
    if (struct.id.clock + struct.length <= clock) low = mid + 1;
    else if (struct.id.clock > clock) high = mid - 1;
    else return mid;
  }
  return -1;
}

function inStore(store: Y.Doc['store'], item: Y.Item): boolean {
  const structs = store.clients.get(item.id.client);
  if (!structs) return false;
  return structs[indexAt(structs, item.id.clock)] === item;
}
