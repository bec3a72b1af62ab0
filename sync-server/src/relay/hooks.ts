import type * as Y from 'yjs';
import type { CloseCode } from '../close-codes.ts';
import type { SyncDecision, SyncGrant } from '../sync/grant.ts';

/** An update a socket sent, read through (complete, well formed) but not applied yet. */
export interface SocketUpdate {
  docName: string;
  /** The live document as it is before the update. */
  doc: Y.Doc;
  update: Uint8Array;
  /** What `authorize` gave this socket (the same object for every update of one socket). */
  grant: SyncGrant;
}

/** A message of a type the relay does not know, which an extension may read and answer. */
export interface SocketMessage {
  docName: string;
  grant: SyncGrant;
  /** Its y-websocket message type (the first varuint). */
  type: number;
  /** The bytes after the type. */
  body: Uint8Array;
  /** Sends a message to this socket (nothing once it is closing). */
  send(message: Uint8Array): void;
  /** Runs `stop` once the socket closes (a watch the message started). */
  onClose(stop: () => void): void;
}

/**
 * What becomes of a socket's update:
 * - `apply`: applied to the document, stored, then sent to the other sockets;
 * - `held`: the hook kept it aside (durably, before returning) and the document does not change;
 * - `{ held: promise }`: the same, kept once the promise resolves (a database reached
 *   asynchronously): the socket's later durability barriers are answered only after it, and if it
 *   rejects the socket is closed (with the code of an `UpdateRefused`, else 1011) and the update is
 *   never acknowledged, so the client sends it again;
 * - `refuse`: nothing is kept and the socket is closed with `code` and `reason` (at most 123 bytes).
 *   Throwing `UpdateRefused` does the same.
 */
export type ApplyVerdict =
  'apply' | 'held' | { held: Promise<unknown> } | { refuse: CloseCode; reason: string };

/**
 * One extension of the relay (in the manner of Hocuspocus's extensions). The relay knows documents,
 * sockets and bytes; what a document means, who may open it and what follows a change are the
 * product's, plugged in through these hooks. Every hook is optional; extensions run in the order
 * they were added (`Relay.use`).
 */
export interface RelayHooks {
  /** Named in log lines when a hook fails. */
  readonly name: string;
  /**
   * On upgrade: who may open `docName`, and how. `undefined` is no opinion. Every opinion counts:
   * a refusal from any extension refuses (the first one's answer is sent), and the grant is the
   * first extension's grant with the narrowest access any extension gave. Nobody deciding refuses.
   */
  authorize?(
    request: Request,
    docName: string,
  ): SyncDecision | undefined | Promise<SyncDecision | undefined>;
  /**
   * Before a write socket's update is applied (synchronously, in the socket's order). The first
   * extension that does not answer `apply` decides.
   */
  beforeApply?(update: SocketUpdate): ApplyVerdict;
  /**
   * After a commit, once per document it held updates of, with the highest log seq now durable
   * (every write, from sockets and from the server's own transactions).
   */
  onStored?(docName: string, seq: number): void;
  /**
   * Each time a document is built from the store, before any socket or server read uses it. What
   * it changes is stored like any update; a throw is logged and the document served as stored.
   */
  onLoad?(docName: string, doc: Y.Doc): void;
  /**
   * A message of a type the relay does not know. Return true when this extension read it (and
   * answered through `send`); throw when it cannot read it (the socket is closed as sending a bad
   * frame). A type no extension reads closes the socket the same way.
   */
  onMessage?(message: SocketMessage): boolean;
  /** When an idle document leaves memory (its updates are all committed), before it is destroyed. */
  onUnload?(docName: string, doc: Y.Doc): void;
}
