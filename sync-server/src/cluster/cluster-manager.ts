import * as Y from 'yjs';
import { DocumentManager, SERVER_ORIGIN } from '../docs/document-manager.ts';
import type {
  DocumentLease,
  DocumentManagerOptions,
  ReadOptions,
  SyncOpening,
} from '../docs/document-manager.ts';
import type { Ownership, PeerProcess } from './ownership.ts';
import { KeyedQueue } from './keyed-queue.ts';
import { PeerError } from './peer-client.ts';
import type { PeerClient } from './peer-client.ts';

/** A document is asked of this process but another one owns it (a socket is proxied there). */
export class OwnedElsewhere extends Error {
  readonly reason = 'owned-elsewhere';
  constructor(
    readonly docName: string,
    readonly owner: PeerProcess,
  ) {
    super(`${docName} is served by ${owner.address}`);
    this.name = 'OwnedElsewhere';
  }
}

export interface ClusterOptions {
  ownership: Ownership;
  peers: PeerClient;
  /** A lock is kept at least this long after its last claim, even with the document unloaded. */
  releaseGraceMs?: number;
  /** How often unloaded documents' locks are let go. */
  sweepIntervalMs?: number;
}

/** A forwarded write's result and the update it made (null: it changed nothing). */
interface ForwardedWrite<T> {
  result: T;
  update: Uint8Array | null;
}

/** Documents whose forwarded-write client id a process remembers. */
const MAX_FORWARD_CLIENTS = 10_000;

/** Tries of a forwarded read or write: the owner may die or let the document go in between. */
const FORWARD_ATTEMPTS = 8;
const FORWARD_RETRY_MS = 100;

/**
 * The DocumentManager of one process among several on one PostgreSQL database. A document is built
 * and written only by its owner (see ownership.ts): this process takes any document nobody owns as
 * it is asked for, and serves the others through their owners:
 * - a REST read runs on the owner's current state, fetched from it;
 * - a REST write runs on that state here, and the update it makes is handed to the owner, which
 *   applies it as its own server write and answers once it is committed (read-your-writes holds);
 * - a socket never reaches `openForSync` for such a document: the sync route proxies it first
 *   (socket-proxy.ts), and `OwnedElsewhere` is the guard if it ever did.
 * Locks of documents no longer in memory are let go by a periodic sweep.
 */
export class ClusterDocumentManager extends DocumentManager {
  private readonly ownership: Ownership;
  private readonly peers: PeerClient;
  private readonly releaseGraceMs: number;
  /** Opens in progress per document: its lock is never let go under them. */
  private readonly opening = new Map<string, number>();
  private readonly sweepTimer: NodeJS.Timeout;
  /** Reads and writes this process forwarded to owners, for /metrics. */
  forwardedReads = 0;
  forwardedWrites = 0;
  /** The Yjs client id of this process's forwarded writes, per document (see `transact`). */
  private readonly forwardClients = new Map<string, number>();
  /** One forwarded write per document at a time: each builds on the one before, committed. */
  private readonly forwardQueue = new KeyedQueue();

  constructor(options: DocumentManagerOptions, cluster: ClusterOptions) {
    super(options);
    this.ownership = cluster.ownership;
    this.peers = cluster.peers;
    this.releaseGraceMs = cluster.releaseGraceMs ?? 15_000;
    this.sweepTimer = setInterval(() => void this.sweep(), cluster.sweepIntervalMs ?? 1_000);
    this.sweepTimer.unref();
  }

  /** Documents this process owns now. */
  get ownedDocuments(): number {
    return this.ownership.ownedCount;
  }

  override async open(docName: string): Promise<DocumentLease> {
    return this.whileOpening(docName, async () => {
      await this.claimHere(docName);
      return super.open(docName);
    });
  }

  override async openForSync(docName: string): Promise<SyncOpening> {
    this.begin(docName);
    let handedOver = false;
    try {
      await this.claimHere(docName);
      const opening = await super.openForSync(docName);
      if (opening.kind === 'live') return opening;
      // Built later, when the socket opens: the lock stays until then.
      handedOver = true;
      let ended = false;
      const end = () => {
        if (!ended) this.end(docName);
        ended = true;
      };
      const timer = setTimeout(end, this.releaseGraceMs);
      timer.unref();
      return {
        ...opening,
        open: () =>
          opening.open().finally(() => {
            clearTimeout(timer);
            end();
          }),
      };
    } finally {
      if (!handedOver) this.end(docName);
    }
  }

  /**
   * A REST write on a document another process owns. The change runs once, on the owner's
   * committed state, and makes one Yjs update; only that update travels. When the hand-over fails
   * (the owner died, timed out, moved the document, or answered 503 after it had applied the
   * update), the same bytes are handed over again, to whichever process owns the document then, or
   * applied here if this process took it. A Yjs update applied twice changes nothing the second
   * time, so a write applies exactly once however often it is retried (running the change again
   * would, say, add a second run). Forwarded writes to one document go one at a time and share a
   * Yjs client id, so a process adds one client id per document it writes to, not one per write.
   */
  override async transact<T>(docName: string, change: (doc: Y.Doc) => T): Promise<T> {
    let made: ForwardedWrite<T> | null = null;
    try {
      return await this.forwardQueue.run(docName, () =>
        this.forwarding(docName, async (owner) => {
          if (!owner) {
            if (!made) return super.transact(docName, change);
            const update = made.update;
            if (update) await super.transact(docName, (doc) => Y.applyUpdate(doc, update));
            return made.result;
          }
          made ??= await this.buildForwarded(owner, docName, change);
          if (made.update) {
            await this.peers.apply(owner, docName, made.update);
            this.forwardedWrites += 1;
          }
          return made.result;
        }),
      );
    } catch (error) {
      // Whether the last hand-over was applied is not known: the next write starts a fresh client
      // id rather than reuse clocks that may already be taken.
      if (made) this.forwardClients.delete(docName);
      throw error;
    }
  }

  /** Runs a forwarded write's change on the owner's committed state, under this process's id. */
  private async buildForwarded<T>(
    owner: PeerProcess,
    docName: string,
    change: (doc: Y.Doc) => T,
  ): Promise<ForwardedWrite<T>> {
    const doc = new Y.Doc();
    try {
      Y.applyUpdate(doc, await this.peers.state(owner, docName));
      // Set after the state is in: Yjs picks a new id if a remote update uses the doc's own.
      doc.clientID = this.forwardClientId(docName);
      const before = Y.encodeStateVector(doc);
      let changed = false;
      doc.on('update', () => {
        changed = true;
      });
      let result: T | undefined;
      doc.transact(() => {
        result = change(doc);
      }, SERVER_ORIGIN);
      return { result: result as T, update: changed ? Y.encodeStateAsUpdate(doc, before) : null };
    } finally {
      doc.destroy();
    }
  }

  /** The Yjs client id this process writes a document's forwarded changes under. */
  private forwardClientId(docName: string): number {
    const known = this.forwardClients.get(docName);
    if (known !== undefined) return known;
    const id = new Y.Doc().clientID;
    this.forwardClients.set(docName, id);
    // Bounded: the oldest documents' ids are forgotten (a later write there takes a new one).
    if (this.forwardClients.size > MAX_FORWARD_CLIENTS) {
      const oldest = this.forwardClients.keys().next().value;
      if (oldest !== undefined) this.forwardClients.delete(oldest);
    }
    return id;
  }

  override async read<T>(
    docName: string,
    read: (doc: Y.Doc) => T,
    options: ReadOptions = {},
  ): Promise<T> {
    return this.forwarding(docName, async (owner) => {
      if (!owner) return super.read(docName, read, options);
      const doc = new Y.Doc();
      try {
        Y.applyUpdate(doc, await this.peers.state(owner, docName));
        this.forwardedReads += 1;
        return read(doc);
      } finally {
        doc.destroy();
      }
    });
  }

  /**
   * For another process: this process's state of a document it owns, once committed. Throws
   * `OwnedElsewhere` if another process owns it now.
   */
  async stateFor(docName: string): Promise<Uint8Array> {
    await this.claimHere(docName);
    return super.read(docName, (doc) => Y.encodeStateAsUpdate(doc), { durable: true });
  }

  /** For another process: applies its REST write's update here, as a server write. */
  async applyFrom(docName: string, update: Uint8Array): Promise<void> {
    await this.claimHere(docName);
    await super.transact(docName, (doc) => Y.applyUpdate(doc, update));
  }

  override async close(): Promise<void> {
    clearInterval(this.sweepTimer);
    await super.close();
  }

  /** Takes the document or throws `OwnedElsewhere`. */
  private async claimHere(docName: string): Promise<void> {
    const claim = await this.ownership.claim(docName);
    if (claim.kind === 'elsewhere') throw new OwnedElsewhere(docName, claim.owner);
  }

  /** Runs `work` here (owner null) or through the document's owner, again if the owner changes. */
  private async forwarding<T>(
    docName: string,
    work: (owner: PeerProcess | null) => Promise<T>,
  ): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const claim = await this.ownership.claim(docName);
      if (claim.kind === 'mine') return this.whileOpening(docName, () => work(null));
      try {
        return await work(claim.owner);
      } catch (error) {
        const retry =
          (error instanceof PeerError && error.reason !== 'refused') ||
          error instanceof OwnedElsewhere;
        if (!retry || attempt >= FORWARD_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, FORWARD_RETRY_MS * attempt));
      }
    }
  }

  private async whileOpening<T>(docName: string, work: () => Promise<T>): Promise<T> {
    this.begin(docName);
    try {
      return await work();
    } finally {
      this.end(docName);
    }
  }

  private begin(docName: string): void {
    this.opening.set(docName, (this.opening.get(docName) ?? 0) + 1);
  }

  private end(docName: string): void {
    const left = (this.opening.get(docName) ?? 1) - 1;
    if (left > 0) this.opening.set(docName, left);
    else this.opening.delete(docName);
  }

  /** Lets go of the locks of documents that are neither in memory nor being opened. */
  private async sweep(): Promise<void> {
    for (const docName of this.ownership.ownedDocuments()) {
      if (this.isOpen(docName) || this.opening.has(docName)) continue;
      await this.ownership.release(docName, this.releaseGraceMs).catch(() => undefined);
    }
  }
}
