import type { Hono } from 'hono';
import { DocumentManager } from '../docs/document-manager.ts';
import type { DocumentManagerOptions } from '../docs/document-manager.ts';
import { ConnectionRegistry } from '../sync/connection-registry.ts';
import { toGrant } from '../sync/grant.ts';
import type { Access, SyncDecision, SyncGrant } from '../sync/grant.ts';
import { createSyncRoutes } from '../sync/sync-route.ts';
import type { ApplyVerdict, RelayHooks, SocketMessage, SocketUpdate } from './hooks.ts';

export interface RelayOptions extends Omit<DocumentManagerOptions, 'onLoad' | 'onUnload'> {
  /** Close a socket once this many bytes wait in its send buffer. */
  maxBufferedBytes: number;
  /** After sending a close frame, wait this long for the handshake before dropping the socket. */
  closeTimeoutMs: number;
  /** A presence message larger than this closes its socket (4413); absent: no cap. */
  maxPresenceBytes?: number;
  /** Upgrades being authorized and loaded at once; beyond it, HTTP 503 before accepting. */
  maxPendingUpgrades: number;
  /** Open sockets plus pending upgrades; beyond it, HTTP 503. */
  maxConnections: number;
  /** Builds the document manager (one process of several: cluster/cluster-manager.ts). */
  createManager?: (options: DocumentManagerOptions) => DocumentManager;
}

/**
 * The relay core: live Yjs documents (loaded once, every update committed before it is sent on,
 * compacted, unloaded when idle), the y-websocket endpoint with its durability barrier, and the
 * sockets. It knows nothing of what a document holds or who a person is: extensions added with
 * `use` decide who may connect, what becomes of an update, and what follows a load or a commit.
 */
export class Relay {
  readonly manager: DocumentManager;
  readonly registry = new ConnectionRegistry();
  /** The WebSocket endpoint `/{docName}`, to mount: `app.route('/sync', relay.routes)`. */
  readonly routes: Hono;
  private readonly extensions: RelayHooks[] = [];

  constructor(private readonly options: RelayOptions) {
    const managerOptions: DocumentManagerOptions = {
      ...options,
      onLoad: (docName, doc) =>
        this.each('onLoad', docName, (hooks) => hooks.onLoad?.(docName, doc)),
      onUnload: (docName, doc) =>
        this.each('onUnload', docName, (hooks) => hooks.onUnload?.(docName, doc)),
    };
    this.manager = options.createManager
      ? options.createManager(managerOptions)
      : new DocumentManager(managerOptions);
    this.manager.onStored((docName, seq) =>
      this.each('onStored', docName, (hooks) => hooks.onStored?.(docName, seq)),
    );
    this.routes = createSyncRoutes({
      manager: this.manager,
      registry: this.registry,
      logger: options.logger,
      authorize: (request, docName) => this.authorize(request, docName),
      beforeApply: (update) => this.beforeApply(update),
      onMessage: (message) => this.onMessage(message),
      maxBufferedBytes: options.maxBufferedBytes,
      maxPresenceBytes: options.maxPresenceBytes,
      closeTimeoutMs: options.closeTimeoutMs,
      maxPendingUpgrades: options.maxPendingUpgrades,
      maxConnections: options.maxConnections,
    });
  }

  /** Adds an extension; its hooks run after those of the extensions added before it. */
  use(extension: RelayHooks): this {
    this.extensions.push(extension);
    return this;
  }

  /**
   * Every extension's opinion of an upgrade: the first refusal answers; otherwise the first grant,
   * with the narrowest access any extension gave; nobody deciding is a refusal.
   */
  async authorize(request: Request, docName: string): Promise<SyncDecision> {
    let grant: SyncGrant | null = null;
    let access: Access = 'write';
    for (const extension of this.extensions) {
      if (!extension.authorize) continue;
      const decision = await extension.authorize(request, docName);
      if (decision === undefined) continue;
      if (decision === 'deny' || decision === 'unauthenticated') return decision;
      const given = toGrant(decision);
      grant ??= given;
      if (given.access === 'read') access = 'read';
    }
    if (grant === null) return 'deny';
    return grant.access === access ? grant : { ...grant, access };
  }

  /** The first extension's answer other than `apply` decides; errors reach the socket's handler. */
  beforeApply(update: SocketUpdate): ApplyVerdict {
    for (const extension of this.extensions) {
      const verdict = extension.beforeApply?.(update) ?? 'apply';
      if (verdict !== 'apply') return verdict;
    }
    return 'apply';
  }

  /** The first extension that reads a message of a type the relay does not know answers it. */
  onMessage(message: SocketMessage): boolean {
    return this.extensions.some((extension) => extension.onMessage?.(message) ?? false);
  }

  /** Runs one notification hook of every extension; one that throws is logged and the rest run. */
  private each(hook: string, docName: string, call: (hooks: RelayHooks) => void): void {
    for (const extension of this.extensions) {
      try {
        call(extension);
      } catch (error) {
        this.options.logger.error('relay hook failed', {
          hook,
          extension: extension.name,
          doc: docName,
          error,
        });
      }
    }
  }
}
