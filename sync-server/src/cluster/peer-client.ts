import type { PeerProcess } from './ownership.ts';

/** Where the processes of one deployment call each other (never routed by the load balancer). */
export const INTERNAL_PREFIX = '/internal/cluster';
/** The header carrying the deployment's shared secret (PLOD_CLUSTER_SECRET) between processes. */
export const CLUSTER_SECRET_HEADER = 'x-plod-cluster-secret';

export type PeerErrorReason = 'unreachable' | 'moved' | 'refused';

/**
 * A call to another process failed. `unreachable` (it died or is stopping) and `moved` (it no
 * longer owns the document) are worth trying again once ownership is asked anew.
 */
export class PeerError extends Error {
  constructor(
    readonly reason: PeerErrorReason,
    message: string,
  ) {
    super(message);
    this.name = 'PeerError';
  }
}

const docUrl = (owner: PeerProcess, docName: string) =>
  `${owner.address}${INTERNAL_PREFIX}/docs/${encodeURIComponent(docName)}`;

/** A process's calls to the owners of documents it does not own. */
export class PeerClient {
  constructor(
    private readonly secret: string,
    private readonly timeoutMs = 10_000,
  ) {}

  /** The owner's whole state of the document (everything in it is committed). */
  async state(owner: PeerProcess, docName: string): Promise<Uint8Array> {
    const response = await this.call(owner, docName, { method: 'GET' });
    return new Uint8Array(await response.arrayBuffer());
  }

  /** Hands an update to the owner; resolves once the owner has committed it. */
  async apply(owner: PeerProcess, docName: string, update: Uint8Array): Promise<void> {
    const response = await this.call(owner, docName, {
      method: 'POST',
      body: update,
      headers: { 'content-type': 'application/octet-stream' },
    });
    await response.arrayBuffer();
  }

  private async call(owner: PeerProcess, docName: string, init: RequestInit): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(docUrl(owner, docName), {
        ...init,
        headers: { ...init.headers, [CLUSTER_SECRET_HEADER]: this.secret },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new PeerError('unreachable', `process ${owner.address} unreachable: ${String(error)}`);
    }
    if (response.ok) return response;
    const text = await response.text().catch(() => '');
    if (response.status === 409) throw new PeerError('moved', `${docName} moved: ${text}`);
    // A process stopping or whose store fails: another may own the document by the next try.
    if (response.status === 503) throw new PeerError('unreachable', `${owner.address}: ${text}`);
    throw new PeerError('refused', `${owner.address} answered ${response.status}: ${text}`);
  }
}
