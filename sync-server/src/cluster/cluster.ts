import type { Hono } from 'hono';
import type { DocumentManagerOptions } from '../docs/document-manager.ts';
import type { Logger } from '../logger.ts';
import type { AuthorizeHook } from '../sync/grant.ts';
import { ClusterDocumentManager } from './cluster-manager.ts';
import { createInternalRoutes } from './internal-routes.ts';
import { Ownership } from './ownership.ts';
import { INTERNAL_PREFIX, PeerClient } from './peer-client.ts';
import { SocketProxy } from './socket-proxy.ts';

/** Several processes on one PostgreSQL database (PLOD_CLUSTER_SECRET); see docs/operations.md. */
export interface ClusterSettings {
  /** The secret every process of the deployment shares (PLOD_CLUSTER_SECRET). */
  secret: string;
  /**
   * The base URL the other processes reach this one at (PLOD_CLUSTER_ADDRESS); by default
   * http://127.0.0.1:<the port it listens on> (processes on one machine).
   */
  address?: string;
  /**
   * Called if the connection holding this process's document locks breaks: it no longer owns any
   * document and must stop serving them (the server process exits; by default the server closes).
   */
  onLost?: (error: Error) => void;
  /** See ClusterOptions.releaseGraceMs. */
  releaseGraceMs?: number;
}

export interface ClusterMetrics {
  documentsOwned: number;
  socketsForwarded: number;
  socketsForwardedTotal: number;
  readsForwardedTotal: number;
  writesForwardedTotal: number;
}

/** The pieces a server puts together to run as one process of several. */
export class Cluster {
  readonly ownership: Ownership;
  readonly peers: PeerClient;
  private proxy: SocketProxy | null = null;
  private manager: ClusterDocumentManager | null = null;

  constructor(
    private readonly settings: ClusterSettings,
    databaseUrl: string,
    private readonly logger: Logger,
    onLost: (error: Error) => void,
  ) {
    this.ownership = new Ownership({
      databaseUrl,
      logger,
      onLost: settings.onLost ?? onLost,
      serving: { secret: settings.secret },
    });
    this.peers = new PeerClient(settings.secret);
    // Connecting starts now: the REST layer opens documents (projections) as it is built, and their
    // claims wait for the connection. Its failure is reported by `connect()` (main.ts stops).
    this.ownership.connect().catch(() => undefined);
  }

  createManager(options: DocumentManagerOptions): ClusterDocumentManager {
    this.manager = new ClusterDocumentManager(options, {
      ownership: this.ownership,
      peers: this.peers,
      releaseGraceMs: this.settings.releaseGraceMs,
    });
    return this.manager;
  }

  /** Mounts the socket proxy before `/sync` and the routes the other processes call. */
  mount(app: Hono, authorize: AuthorizeHook, maxBufferedBytes: number): void {
    const manager = this.manager;
    if (!manager) throw new Error('the cluster mounts after it made the document manager');
    this.proxy = new SocketProxy({
      ownership: this.ownership,
      authorize,
      logger: this.logger,
      maxBufferedBytes,
    });
    app.use('/sync/:docName', this.proxy.middleware());
    app.route(INTERNAL_PREFIX, createInternalRoutes(manager, this.settings.secret, this.logger));
  }

  /** The lock connection (started with the cluster); rejects if it could not be made. */
  connect(): Promise<void> {
    return this.ownership.connect();
  }

  /** Once listening on `port`: recorded as a live process the others can forward to. */
  register(port: number): Promise<void> {
    return this.ownership.register(this.settings.address ?? `http://127.0.0.1:${port}`);
  }

  /** Shutdown, first step: forwarded sockets close (their clients reconnect elsewhere). */
  closeSockets(): void {
    this.proxy?.closeAll();
  }

  /** Shutdown, last step (after the store has committed everything): the locks go. */
  close(): Promise<void> {
    return this.ownership.close();
  }

  metrics(): ClusterMetrics {
    return {
      documentsOwned: this.ownership.ownedCount,
      socketsForwarded: this.proxy?.size ?? 0,
      socketsForwardedTotal: this.proxy?.forwardedTotal ?? 0,
      readsForwardedTotal: this.manager?.forwardedReads ?? 0,
      writesForwardedTotal: this.manager?.forwardedWrites ?? 0,
    };
  }
}
