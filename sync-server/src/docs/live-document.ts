import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import * as encoding from 'lib0/encoding';
import * as Y from 'yjs';
import { MESSAGE_AWARENESS, MESSAGE_SYNC } from '@plod/model/sync';

/** One socket (or other listener) attached to a live document. */
export interface Peer {
  /** Awareness client ids this peer has announced; removed when it leaves. */
  readonly awarenessIds: Set<number>;
  send(message: Uint8Array): void;
}

interface AwarenessChange {
  added: number[];
  updated: number[];
  removed: number[];
}

/** Encodes a y-websocket sync "update" message. */
export function encodeSyncUpdate(update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_SYNC);
  syncProtocol.writeUpdate(encoder, update);
  return encoding.toUint8Array(encoder);
}

/** Encodes a y-websocket awareness message for the given clients. */
export function encodeAwareness(awareness: awarenessProtocol.Awareness, clients: number[]) {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_AWARENESS);
  encoding.writeVarUint8Array(encoder, awarenessProtocol.encodeAwarenessUpdate(awareness, clients));
  return encoding.toUint8Array(encoder);
}

/**
 * A document held in memory: the Y.Doc, its (never stored) awareness, the peers attached to it and
 * the bookkeeping the manager needs to store, compact and unload it.
 */
export class LiveDocument {
  readonly awareness: awarenessProtocol.Awareness;
  readonly peers = new Set<Peer>();
  /** Leases held by REST calls and upgrades in progress. */
  holds = 0;
  /** Updates enqueued for the store and not yet committed (nor sent to peers). */
  uncommitted = 0;
  /** Highest log seq committed for this document (everything up to it is in `doc`). */
  committedSeq: number;
  /** Committed log rows (and their bytes) not yet folded into a snapshot. */
  rowsSinceSnapshot: number;
  bytesSinceSnapshot: number;
  compacting = false;
  /** State vector right after the build: what a socket answered from the stored snapshot has. */
  readonly builtStateVector: Uint8Array;
  /** Whether any update was applied since the build (a socket answered early then needs the diff). */
  changedSinceBuild = false;
  unloadTimer: NodeJS.Timeout | null = null;
  closed = false;

  constructor(
    readonly name: string,
    readonly doc: Y.Doc,
    loaded: { committedSeq: number; rows: number; bytes: number },
    onUpdate: (live: LiveDocument, update: Uint8Array, origin: unknown) => void,
  ) {
    this.committedSeq = loaded.committedSeq;
    this.rowsSinceSnapshot = loaded.rows;
    this.bytesSinceSnapshot = loaded.bytes;
    this.builtStateVector = Y.encodeStateVector(doc);
    this.awareness = new awarenessProtocol.Awareness(doc);
    // The relay has no presence of its own.
    this.awareness.setLocalState(null);
    // Stored first; peers get it once it is committed (`broadcast`), never before.
    doc.on('update', (update: Uint8Array, origin: unknown) => {
      this.changedSinceBuild = true;
      onUpdate(this, update, origin);
    });
    this.awareness.on('update', (change: AwarenessChange, origin: unknown) => {
      const changed = change.added.concat(change.updated, change.removed);
      if (isPeer(origin) && this.peers.has(origin)) {
        for (const id of change.added.concat(change.updated)) origin.awarenessIds.add(id);
        for (const id of change.removed) origin.awarenessIds.delete(id);
      }
      // Sent to the author too: y-websocket clients count it as traffic for their 30 s watchdog.
      const message = encodeAwareness(this.awareness, changed);
      for (const peer of this.peers) peer.send(message);
    });
  }

  /** Sends a committed update to every peer but the one it came from. */
  broadcast(update: Uint8Array, origin: unknown): void {
    if (this.peers.size === 0 || (this.peers.size === 1 && this.peers.has(origin as Peer))) return;
    const message = encodeSyncUpdate(update);
    for (const peer of this.peers) if (peer !== origin) peer.send(message);
  }

  get idle(): boolean {
    return this.peers.size === 0 && this.holds === 0;
  }

  /** Removes a peer and, at once, the presence it announced. */
  removePeer(peer: Peer): void {
    if (!this.peers.delete(peer)) return;
    this.dropPresence(peer);
  }

  /**
   * Clears the presence a peer announced (everyone is told) while it stays attached: a socket gone
   * silent. Its client renews its presence on its own (y-protocols does every 15 s), which puts it
   * back once the socket answers again.
   */
  dropPresence(peer: Peer): void {
    if (peer.awarenessIds.size === 0) return;
    const ids = [...peer.awarenessIds];
    peer.awarenessIds.clear();
    awarenessProtocol.removeAwarenessStates(this.awareness, ids, null);
  }

  destroy(): void {
    this.closed = true;
    if (this.unloadTimer) clearTimeout(this.unloadTimer);
    this.awareness.destroy();
    this.doc.destroy();
  }
}

function isPeer(value: unknown): value is Peer {
  return typeof value === 'object' && value !== null && 'awarenessIds' in value && 'send' in value;
}
