import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as authProtocol from 'y-protocols/auth';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import { WebSocket } from 'ws';
import {
  DurabilityKind,
  MESSAGE_AUTH,
  MESSAGE_AWARENESS,
  MESSAGE_DURABILITY,
  MESSAGE_QUERY_AWARENESS,
  MESSAGE_SYNC,
  encodeDurable,
  readDurabilityBody,
} from '@plod/model/sync';
import { CloseCode } from '../close-codes.ts';
import type { DocumentManager } from '../docs/document-manager.ts';
import { encodeAwareness } from '../docs/live-document.ts';
import { encodeStep2 } from './early-socket.ts';
import { applyClientUpdate, checkUpdate } from './update-check.ts';
import type { LiveDocument, Peer } from '../docs/live-document.ts';
import type { Logger } from '../logger.ts';
import type { ApplyVerdict, SocketMessage, SocketUpdate } from '../relay/hooks.ts';
import { UpdateRefused } from './grant.ts';
import type { Access, SyncGrant } from './grant.ts';

export type { Access } from './grant.ts';

export interface ConnectionOptions {
  /** Asked before a write socket's update is applied (the relay's extensions); absent: applied. */
  beforeApply?: (update: SocketUpdate) => ApplyVerdict;
  /** A message type y-websocket and the relay do not know, for the extensions; true: read. */
  onMessage?: (message: SocketMessage) => boolean;
  /** Close the socket once this many bytes wait in its send buffer. */
  maxBufferedBytes: number;
  /**
   * A presence (awareness) message larger than this is not relayed: the socket is closed with
   * 4413 and a reason. Absent: no cap.
   */
  maxPresenceBytes?: number;
  /** After sending a close frame, wait this long for the handshake before dropping the TCP socket. */
  closeTimeoutMs: number;
}

/** How long a silent socket keeps its presence, and then the socket itself. */
export interface KeepaliveSilence {
  presenceAfterMs: number;
  closeAfterMs: number;
  /** A socket showing no presence is pinged this often only (a phone's radio may rest). */
  idlePingMs: number;
}

/** A frame the protocol does not allow: the socket is closed with CloseCode.BadFrame. */
class BadFrame extends Error {}

function ensureConsumed(decoder: decoding.Decoder): void {
  if (decoding.hasContent(decoder)) throw new BadFrame('trailing bytes');
}

/** One WebSocket attached to one live document, speaking y-websocket plus Plod's durability barrier. */
export class Connection implements Peer {
  readonly awarenessIds = new Set<number>();
  /** When the socket was last heard from: a pong or any frame (Date.now()). */
  private lastHeardAt = Date.now();
  /** When the socket was last pinged. */
  private lastPingAt = Date.now();
  private closing = false;
  private deniedSent = false;
  /** Updates an extension is still keeping aside (`{ held: promise }`); barriers wait for them. */
  private holding: Promise<unknown> = Promise.resolve();
  private holdingCount = 0;
  /** Called once the socket closes (what extensions' own messages started: a watch). */
  private readonly onClosed: (() => void)[] = [];

  constructor(
    private readonly socket: WebSocket,
    readonly live: LiveDocument,
    readonly grant: SyncGrant,
    private readonly manager: DocumentManager,
    private readonly limits: ConnectionOptions,
    private readonly logger: Logger,
    /** The client's address, for log lines. */
    private readonly address = 'unknown',
  ) {
    socket.on('pong', () => {
      this.lastHeardAt = Date.now();
    });
  }

  get access(): Access {
    return this.grant.access;
  }

  /** Who the socket acts for, if the authorize hook said. */
  get subject(): string | undefined {
    return this.grant.subject;
  }

  /**
   * Joins the document and sends the server's sync step 1 first, then the current presence. A socket
   * whose step 1 was answered from the stored snapshot first gets whatever was applied since the
   * build (other sockets' queued updates may have landed before this one joined).
   */
  start(answeredFromSnapshot = false): void {
    this.manager.attach(this.live, this);
    if (answeredFromSnapshot && this.live.changedSinceBuild) {
      this.sendWhenDurable(
        encodeStep2(Y.encodeStateAsUpdate(this.live.doc, this.live.builtStateVector)),
      );
    }
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, MESSAGE_SYNC);
    syncProtocol.writeSyncStep1(encoder, this.live.doc);
    this.send(encoding.toUint8Array(encoder));
    const states = this.live.awareness.getStates();
    if (states.size > 0) this.send(encodeAwareness(this.live.awareness, [...states.keys()]));
  }

  send(message: Uint8Array): void {
    if (this.closing || this.socket.readyState !== WebSocket.OPEN) return;
    if (this.socket.bufferedAmount > this.limits.maxBufferedBytes) {
      this.logger.warn('slow consumer dropped', {
        ...this.who(),
        buffered: this.socket.bufferedAmount,
      });
      this.close(CloseCode.SlowConsumer, 'slow consumer');
      return;
    }
    this.socket.send(message);
  }

  /**
   * Sends a message made from the document's current state once everything in it is committed (at
   * once when nothing is waiting): a joining client sees only what a crash cannot take back, as
   * peers do (updates are broadcast after their commit).
   */
  private sendWhenDurable(message: Uint8Array): void {
    if (this.live.uncommitted === 0) this.send(message);
    else this.manager.queue.afterCommitted(() => this.send(message));
  }

  close(code: CloseCode, reason: string): void {
    if (this.closing) return;
    this.closing = true;
    try {
      this.socket.close(code, reason);
    } catch {
      this.socket.terminate();
    }
    const timer = setTimeout(() => this.socket.terminate(), this.limits.closeTimeoutMs);
    timer.unref();
    this.socket.once('close', () => clearTimeout(timer));
  }

  /** Called once the socket has closed: leaves the document and clears its presence at once. */
  closed(): void {
    this.closing = true;
    for (const stop of this.onClosed.splice(0)) stop();
    this.manager.detach(this.live, this);
  }

  /**
   * One keepalive tick at `now`. A phone that lost signal stops answering pings long before its
   * TCP connection times out: once silent for `presenceAfterMs` its presence is cleared, so
   * crewmates see it gone within seconds rather than after awareness's own 30 s; once silent for
   * `closeAfterMs` the socket is dropped. Only a socket showing presence is pinged at every tick;
   * the others (reference lists, the reports index) every `idlePingMs`.
   */
  ping(now: number, silence: KeepaliveSilence): void {
    const silentFor = now - this.lastHeardAt;
    if (silentFor >= silence.closeAfterMs) {
      this.socket.terminate();
      return;
    }
    const present = this.awarenessIds.size > 0;
    if (present && silentFor >= silence.presenceAfterMs) {
      this.logger.debug('presence cleared: socket silent', { ...this.who(), silentFor });
      this.live.dropPresence(this);
    }
    if (!present && now - this.lastPingAt < silence.idlePingMs) return;
    this.lastPingAt = now;
    try {
      this.socket.ping();
    } catch {
      this.socket.terminate();
    }
  }

  /** One message as `ws` delivers it: a Buffer (a view, not copied) unless binaryType was changed. */
  handleMessage(data: unknown, isBinary: boolean): void {
    if (this.closing) return;
    const message =
      data instanceof Uint8Array ? data : data instanceof ArrayBuffer ? new Uint8Array(data) : null;
    if (!isBinary || message === null) {
      this.logger.warn('bad frame', { ...this.who(), error: 'not a binary frame' });
      this.close(CloseCode.BadFrame, 'binary frames only');
      return;
    }
    this.lastHeardAt = Date.now();
    try {
      this.dispatch(message);
    } catch (error) {
      if (error instanceof UpdateRefused) {
        this.logger.warn('update refused', { ...this.who(), code: error.code });
        this.close(error.code, error.reason);
      } else if (error instanceof BadFrame || isDecodeError(error)) {
        this.logger.warn('bad frame', { ...this.who(), error: errorMessage(error) });
        this.close(CloseCode.BadFrame, 'bad frame');
      } else {
        this.logger.error('message handler failed', { ...this.who(), error });
        this.close(CloseCode.InternalError, 'internal error');
      }
    }
  }

  /** Who the socket is, for log lines: the document, the client's address and its device. */
  private who(): Record<string, string> {
    const device = this.grant.device;
    return {
      doc: this.live.name,
      address: this.address,
      ...(this.grant.subject ? { subject: this.grant.subject } : {}),
      ...(device ? { device: device.deviceId, deviceName: device.deviceName } : {}),
    };
  }

  private dispatch(message: Uint8Array): void {
    const decoder = decoding.createDecoder(message);
    const type = decoding.readVarUint(decoder);
    switch (type) {
      case MESSAGE_SYNC:
        return this.handleSync(decoder);
      case MESSAGE_AWARENESS: {
        const update = decoding.readVarUint8Array(decoder);
        ensureConsumed(decoder);
        const cap = this.limits.maxPresenceBytes;
        if (cap !== undefined && update.byteLength > cap) {
          throw new UpdateRefused(
            CloseCode.PresenceTooLarge,
            `Presence state larger than ${cap} bytes is not relayed`,
          );
        }
        return this.decodeOrBadFrame(() =>
          awarenessProtocol.applyAwarenessUpdate(this.live.awareness, update, this),
        );
      }
      case MESSAGE_QUERY_AWARENESS: {
        ensureConsumed(decoder);
        const clients = [...this.live.awareness.getStates().keys()];
        return this.send(encodeAwareness(this.live.awareness, clients));
      }
      case MESSAGE_DURABILITY:
        return this.handleBarrier(decoder);
      default:
        return this.handleOwnMessage(type, decoder);
    }
  }

  private handleSync(decoder: decoding.Decoder): void {
    const kind = decoding.readVarUint(decoder);
    const payload = decoding.readVarUint8Array(decoder);
    ensureConsumed(decoder);
    if (kind === syncProtocol.messageYjsSyncStep1) {
      // Answer with only what this client lacks; a malformed state vector throws here.
      const diff = this.decodeOrBadFrame(() => Y.encodeStateAsUpdate(this.live.doc, payload));
      this.sendWhenDurable(encodeStep2(diff));
      return;
    }
    if (kind !== syncProtocol.messageYjsSyncStep2 && kind !== syncProtocol.messageYjsUpdate) {
      throw new BadFrame(`unknown sync message ${kind}`);
    }
    if (this.access !== 'write') {
      this.denyWrite();
      return;
    }
    // Read it through first: an update Yjs would apply only in part must not reach the document
    // (or the store); one that repeats clocks the document has is applied as clients read it.
    const doc = this.live.doc;
    const repeats = this.decodeOrBadFrame(() =>
      checkUpdate(payload, (client) => Y.getState(doc.store, client)),
    );
    const verdict =
      this.limits.beforeApply?.({
        docName: this.live.name,
        doc,
        update: payload,
        grant: this.grant,
      }) ?? 'apply';
    if (verdict === 'held') return;
    if (verdict === 'apply') {
      applyClientUpdate(doc, payload, repeats, this);
      return;
    }
    if ('refuse' in verdict) throw new UpdateRefused(verdict.refuse, verdict.reason);
    this.keptAside(verdict.held);
  }

  /** An update kept aside asynchronously: later barriers wait for it; if it fails, the socket closes. */
  private keptAside(kept: Promise<unknown>): void {
    const failed = (error: unknown) => {
      if (error instanceof UpdateRefused) {
        this.logger.warn('update refused', { ...this.who(), code: error.code });
        this.close(error.code, error.reason);
      } else {
        this.logger.error('keeping an update aside failed', { ...this.who(), error });
        this.close(CloseCode.InternalError, 'internal error');
      }
      // Never answered as durable: the client sends it again on its next connection.
      return new Promise<never>(() => {});
    };
    this.holdingCount += 1;
    const settled = kept.then(() => {
      this.holdingCount -= 1;
    }, failed);
    this.holding = Promise.all([this.holding, settled]);
  }

  private handleBarrier(decoder: decoding.Decoder): void {
    const message = this.decodeOrBadFrame(() => readDurabilityBody(decoder));
    ensureConsumed(decoder);
    if (message.kind !== DurabilityKind.Barrier) throw new BadFrame('clients send barriers only');
    // A read-only socket's updates were dropped, so nothing it sent becomes durable: no reply.
    if (this.access !== 'write') return;
    // Everything this socket sent before the barrier has been applied and enqueued (one FIFO socket),
    // or is being kept aside by an extension.
    const answer = () =>
      this.manager.queue.afterCommitted(() => this.send(encodeDurable(message.seq)));
    if (this.holdingCount === 0) answer();
    else void this.holding.then(answer);
  }

  /**
   * A message type the relay does not know: the first extension that reads it answers it (Plod's
   * late-edit notices, message 101). One no extension reads is a bad frame, as is one an extension
   * cannot read.
   */
  private handleOwnMessage(type: number, decoder: decoding.Decoder): void {
    const body = decoding.readTailAsUint8Array(decoder);
    let handled: boolean;
    try {
      handled =
        this.limits.onMessage?.({
          docName: this.live.name,
          grant: this.grant,
          type,
          body,
          send: (message) => this.send(message),
          onClose: (stop) => this.onClosed.push(stop),
        }) ?? false;
    } catch (error) {
      throw new BadFrame(`message ${type}: ${errorMessage(error)}`);
    }
    if (!handled) throw new BadFrame(`unknown message type ${type}`);
  }

  private denyWrite(): void {
    if (this.deniedSent) return;
    this.deniedSent = true;
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, MESSAGE_AUTH);
    authProtocol.writePermissionDenied(encoder, 'read-only');
    this.send(encoding.toUint8Array(encoder));
  }

  /** Runs a decoding step, turning any exception into a BadFrame. */
  private decodeOrBadFrame<T>(step: () => T): T {
    try {
      return step();
    } catch (error) {
      throw new BadFrame(errorMessage(error), { cause: error });
    }
  }
}

function isDecodeError(error: unknown): boolean {
  return (
    error instanceof Error && /Unexpected end of array|Integer out of Range/.test(error.message)
  );
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
