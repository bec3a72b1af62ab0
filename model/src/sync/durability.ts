import type * as decoding from 'lib0/decoding';
import { listeners } from '../docs/listeners.ts';
import {
  DurabilityKind,
  MESSAGE_DURABILITY,
  encodeBarrier,
  readDurabilityBody,
} from './protocol.ts';

/**
 * The parts of a y-websocket WebsocketProvider the durability helper uses, typed structurally so that
 * model/ needs no y-websocket import. A `WebsocketProvider` from y-websocket 3.x satisfies it.
 */
export interface DurabilityProviderLike {
  messageHandlers: Array<
    (
      encoder: never,
      decoder: decoding.Decoder,
      provider: never,
      emitSynced: boolean,
      messageType: number,
    ) => void
  >;
  ws: { send(data: Uint8Array): void } | null;
  wsconnected: boolean;
  synced: boolean;
  doc: {
    on(event: 'update', listener: (update: Uint8Array, origin: unknown) => void): void;
    off(event: 'update', listener: (update: Uint8Array, origin: unknown) => void): void;
  };
  on(event: 'sync', listener: (synced: boolean) => void): void;
  off(event: 'sync', listener: (synced: boolean) => void): void;
}

export interface DurabilityOptions {
  /** Local updates left unacknowledged by an earlier session (persisted by the app across reloads). */
  initialPending?: number;
  /**
   * Whether an update with this origin is a local edit. Default: every origin except the provider.
   * Pass one that also excludes e.g. a y-indexeddb instance so that replaying stored state on open
   * does not count as new edits.
   */
  isLocalOrigin?: (origin: unknown) => boolean;
}

export interface DurabilityTracker {
  /** Local updates not yet acknowledged as durable by the server. */
  readonly pending: number;
  /** Number of local updates counted so far (including initialPending). */
  readonly localSeq: number;
  /** Highest local seq the server has acknowledged as durable. */
  readonly durableSeq: number;
  /** Calls listener with the new pending count whenever it changes; returns an unsubscribe. */
  onChange(listener: (pending: number) => void): () => void;
  /** Detaches from the provider and its document. */
  destroy(): void;
}

/**
 * Registers Plod's durability acknowledgement on a y-websocket provider. Attach it right after
 * constructing the provider (ideally with `connect: false`, then call `provider.connect()`), so that
 * its document listener runs after the provider's and every counted update is already on the socket.
 */
export function trackDurability(
  provider: DurabilityProviderLike,
  options: DurabilityOptions = {},
): DurabilityTracker {
  const isLocal = options.isLocalOrigin ?? ((origin: unknown) => origin !== provider);
  let localSeq = Math.max(0, Math.floor(options.initialPending ?? 0));
  let durableSeq = 0;
  let barrierSent = 0;
  let flushScheduled = false;
  let destroyed = false;
  const changes = listeners<[pending: number]>();

  const notify = () => changes.tell(localSeq - durableSeq);

  // A barrier is only meaningful once the provider is synced: by then the server's step 1 has been
  // answered with our step 2 (offline edits), so every counted update precedes the barrier on the socket.
  const sendBarrier = () => {
    if (destroyed || !provider.wsconnected || !provider.synced || provider.ws === null) return;
    if (localSeq <= durableSeq || localSeq <= barrierSent) return;
    try {
      provider.ws.send(encodeBarrier(localSeq));
      barrierSent = localSeq;
    } catch {
      // The socket is closing; the barrier is sent again after the next sync.
    }
  };

  const scheduleBarrier = () => {
    if (flushScheduled) return;
    flushScheduled = true;
    void Promise.resolve().then(() => {
      flushScheduled = false;
      sendBarrier();
    });
  };

  const onUpdate = (_update: Uint8Array, origin: unknown) => {
    if (!isLocal(origin)) return;
    localSeq += 1;
    notify();
    scheduleBarrier();
  };

  const onSync = (synced: boolean) => {
    // A new connection: barriers sent on the old one may never be answered.
    barrierSent = 0;
    if (synced) sendBarrier();
  };

  provider.messageHandlers[MESSAGE_DURABILITY] = (_encoder, decoder) => {
    const message = readDurabilityBody(decoder);
    if (destroyed || message.kind !== DurabilityKind.Durable) return;
    const acknowledged = Math.min(message.seq, localSeq);
    if (acknowledged > durableSeq) {
      durableSeq = acknowledged;
      notify();
    }
  };
  provider.doc.on('update', onUpdate);
  provider.on('sync', onSync);
  if (provider.synced) sendBarrier();

  return {
    get pending() {
      return localSeq - durableSeq;
    },
    get localSeq() {
      return localSeq;
    },
    get durableSeq() {
      return durableSeq;
    },
    onChange: changes.add,
    destroy() {
      destroyed = true;
      changes.clear();
      provider.doc.off('update', onUpdate);
      provider.off('sync', onSync);
    },
  };
}
