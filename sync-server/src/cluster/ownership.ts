import { randomBytes, randomUUID, scryptSync, timingSafeEqual } from 'node:crypto';
import pg from 'pg';
import type { Logger } from '../logger.ts';
import { KeyedQueue } from './keyed-queue.ts';

/**
 * Which process owns which document, when several processes share one PostgreSQL database.
 *
 * A document's owner is the process whose lock connection holds the session-level advisory lock
 * `(LOCK_SPACE, lockKey(docName))`. The lock lives exactly as long as that one connection: when the
 * process dies (SIGKILL, a lost machine), its TCP connection closes, PostgreSQL ends the session and
 * the lock is free at once, with no lease to expire and no heartbeat to miss. Who holds a lock is
 * read from `pg_locks` and joined with `plod_processes`, where each process records its lock
 * connection's backend pid and the address other processes reach it at: a process that died leaves
 * a row, but no lock, so it is never named as an owner.
 *
 * A process whose lock connection breaks while it lives can no longer know which documents are still
 * its own: `onLost` is called, and the server stops at once (see main.ts), so that it never writes a
 * document another process has taken over. A heartbeat on the connection notices a break within
 * seconds even while no document is claimed; a pause of the process (a long GC) does not lose the
 * locks, since the connection stays open meanwhile.
 */

/** The first half of every document lock's key ("ploe"); the schema lock uses "plod". */
export const LOCK_SPACE = 0x706c6f65;

/** 31 bits of FNV-1a of the name: two names that share a key share an owner, which is harmless. */
export function lockKey(docName: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < docName.length; i++) {
    hash ^= docName.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) & 0x7fffffff;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS plod_processes (
  id text PRIMARY KEY,
  address text NOT NULL,
  lock_pid integer NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now()
)`;

/**
 * Which processes serve the database, held for as long as each one's lock connection lives: a
 * process serving alone holds `SERVING` exclusively, each of several shares it, so neither can join
 * the other. Processes check in one at a time (`JOINING`). `plod_cluster` keeps a check of the
 * secret the processes share (scrypt, with its salt): written by the first of them to start when no
 * other runs, compared by each that joins them.
 */
const SERVING: [number, number] = [LOCK_SPACE - 1, lockKey('plod serving')];
const JOINING: [number, number] = [LOCK_SPACE - 1, lockKey('plod joining')];
const CLUSTER_SCHEMA = `
CREATE TABLE IF NOT EXISTS plod_cluster (
  id integer PRIMARY KEY CHECK (id = 1),
  salt bytea NOT NULL,
  secret_check bytea NOT NULL
)`;
const secretCheck = (secret: string, salt: Buffer) => scryptSync(secret, salt, 32);

const ALONE_BESIDE_OTHERS =
  'another Plod process already serves the database at PLOD_DATABASE_URL: run one process per database, or give every process the same PLOD_CLUSTER_SECRET (docs/operations.md, "Running several processes on PostgreSQL")';
const CLUSTER_BESIDE_ALONE =
  'a Plod process without PLOD_CLUSTER_SECRET serves the database at PLOD_DATABASE_URL: stop it, or start it again with the same PLOD_CLUSTER_SECRET as this one';
const OTHER_SECRET =
  'the processes serving the database at PLOD_DATABASE_URL share another PLOD_CLUSTER_SECRET: give every process the same secret';

/** Rows of processes whose lock connection is gone (and any earlier row of this connection's pid). */
const FORGET_GONE = `
DELETE FROM plod_processes p
WHERE p.lock_pid = pg_backend_pid()
   OR NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.pid = p.lock_pid)`;

const OWNER = `
SELECT p.id, p.address FROM pg_locks l JOIN plod_processes p ON p.lock_pid = l.pid
WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
  AND l.classid = $1::bigint::oid AND l.objid = $2::bigint::oid
ORDER BY p.started_at DESC LIMIT 1`;

const PROCESSES = `
SELECT p.id, p.address FROM plod_processes p
WHERE EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.pid = p.lock_pid)
ORDER BY p.started_at`;

export interface PeerProcess {
  id: string;
  /** Base URL other processes reach it at (http://host:port). */
  address: string;
}

/** Where a document is served: here, or by another live process. */
export type Claim = { kind: 'mine' } | { kind: 'elsewhere'; owner: PeerProcess };

export class OwnershipLost extends Error {
  readonly reason = 'ownership-lost';
}

/**
 * How this process serves the database: `alone` (no PLOD_CLUSTER_SECRET: the only process on it) or
 * as one of several sharing `secret` (PLOD_CLUSTER_SECRET).
 */
export type Serving = 'alone' | { secret: string };

/**
 * A process that may not serve the database: another serves it alone, this one would serve it alone
 * beside others, or the others share another secret. Nothing was written; the server stops (exit 1).
 */
export class ServingRefused extends Error {
  readonly reason = 'serving-refused';
}

export interface OwnershipOptions {
  databaseUrl: string;
  logger: Logger;
  /** Checked as the lock connection is made (see `connect`); a refusal rejects it. */
  serving: Serving;
  /** Called once if the lock connection breaks (every lock of this process is gone with it). */
  onLost: (error: Error) => void;
}

/**
 * How often a claim is retried when the lock is taken but its holder cannot be named yet (a process
 * takes documents as it starts, before it listens and records its address).
 */
const CLAIM_ATTEMPTS = 100;
const CLAIM_RETRY_MS = 100;
/** The lock connection is asked `SELECT 1` this often; no answer within the timeout: lost. */
const HEARTBEAT_MS = 2_000;
const HEARTBEAT_TIMEOUT_MS = 5_000;
/**
 * PostgreSQL's side of the lock connection probes it after 5 s of silence, every 2 s, 3 times: a
 * process cut off from the database loses its locks after about 11 s. It notices first (its
 * heartbeat fails within 7 s) and stops, so the documents never have two writing owners.
 */
const SERVER_KEEPALIVE = `
SET tcp_keepalives_idle = 5;
SET tcp_keepalives_interval = 2;
SET tcp_keepalives_count = 3`;

export class Ownership {
  readonly id = randomUUID();
  private readonly client: pg.Client;
  /** Documents whose lock this process holds, with when each was last claimed. */
  private readonly owned = new Map<string, number>();
  /** One claim or release per document at a time (the lock connection serializes the rest). */
  private readonly pending = new KeyedQueue();
  private connected: Promise<void> | null = null;
  private lost = false;
  private closed = false;
  private heartbeat: NodeJS.Timeout | null = null;
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly options: OwnershipOptions) {
    this.client = new pg.Client({
      connectionString: options.databaseUrl,
      application_name: 'plod-ownership',
      // A half-open connection (a lost machine, a cut network) is noticed by keepalive probes.
      keepAlive: true,
      keepAliveInitialDelayMillis: 5_000,
    });
    const lose = (error: Error) => {
      if (this.closed || this.lost) return;
      this.lost = true;
      this.owned.clear();
      if (this.heartbeat) clearInterval(this.heartbeat);
      options.logger.error('ownership connection lost: this process owns no document now', {
        error,
      });
      options.onLost(error);
    };
    this.client.on('error', lose);
    this.client.on('end', () => lose(new OwnershipLost('ownership connection ended')));
    this.lose = lose;
  }

  private readonly lose: (error: Error) => void;

  /** Connects the lock connection (documents can be claimed from then on). */
  connect(): Promise<void> {
    this.connected ??= (async () => {
      const connecting = this.client.connect();
      // Queries asked meanwhile wait for the connection.
      this.queue = connecting.then(
        () => undefined,
        () => undefined,
      );
      await connecting;
      await this.query(SCHEMA).catch(async (error: unknown) => {
        // Two processes creating the table at once: one wins, the other finds it there.
        const exists = await this.query(`SELECT to_regclass('plod_processes') AS t`);
        if (exists.rows[0]?.t === null) throw error;
      });
      await this.query(SERVER_KEEPALIVE);
      await this.join();
      this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS);
      this.heartbeat.unref();
    })();
    return this.connected;
  }

  /**
   * Checks that this process may serve the database beside those that do (see `SERVING`), and
   * holds its part of the lock from then on; throws `ServingRefused` (the connection is ended)
   * when it may not.
   */
  private async join(): Promise<void> {
    const serving = this.options.serving;
    await this.query('SELECT pg_advisory_lock($1, $2)', JOINING);
    let refusal: string | null = null;
    try {
      const alone = await this.query<{ ok: boolean }>(
        'SELECT pg_try_advisory_lock($1, $2) AS ok',
        SERVING,
      );
      if (serving === 'alone') {
        if (!alone.rows[0]?.ok) refusal = ALONE_BESIDE_OTHERS;
      } else if (alone.rows[0]?.ok) {
        // Nobody else serves the database: this process's secret is the deployment's from now on.
        const salt = randomBytes(16);
        await this.query(CLUSTER_SCHEMA);
        await this.query(
          `INSERT INTO plod_cluster (id, salt, secret_check) VALUES (1, $1, $2)
           ON CONFLICT (id) DO UPDATE SET salt = excluded.salt, secret_check = excluded.secret_check`,
          [salt, secretCheck(serving.secret, salt)],
        );
        await this.query('SELECT pg_advisory_lock_shared($1, $2)', SERVING);
        await this.query('SELECT pg_advisory_unlock($1, $2)', SERVING);
      } else {
        const shared = await this.query<{ ok: boolean }>(
          'SELECT pg_try_advisory_lock_shared($1, $2) AS ok',
          SERVING,
        );
        if (!shared.rows[0]?.ok) {
          refusal = CLUSTER_BESIDE_ALONE;
        } else {
          await this.query(CLUSTER_SCHEMA);
          const { rows } = await this.query<{ salt: Buffer; secret_check: Buffer }>(
            'SELECT salt, secret_check FROM plod_cluster WHERE id = 1',
          );
          const stored = rows[0];
          const check = stored ? secretCheck(serving.secret, stored.salt) : null;
          if (!stored || !check || !timingSafeEqual(check, stored.secret_check)) {
            refusal = OTHER_SECRET;
          }
        }
      }
    } finally {
      await this.query('SELECT pg_advisory_unlock($1, $2)', JOINING).catch(() => undefined);
    }
    if (refusal !== null) {
      this.closed = true;
      if (this.heartbeat) clearInterval(this.heartbeat);
      await this.client.end().catch(() => undefined);
      throw new ServingRefused(refusal);
    }
  }

  /**
   * Records this process and the address the others reach it at (once it listens). Until then it
   * can own documents, and the others wait for its row before forwarding to it.
   */
  async register(address: string): Promise<void> {
    await this.connect();
    await this.query(FORGET_GONE);
    await this.query(
      'INSERT INTO plod_processes (id, address, lock_pid) VALUES ($1, $2, pg_backend_pid())',
      [this.id, address],
    );
    this.options.logger.info('cluster: process registered', { id: this.id, address });
  }

  /** Whether this process holds the document's lock now. */
  owns(docName: string): boolean {
    return this.owned.has(docName);
  }

  get ownedCount(): number {
    return this.owned.size;
  }

  /** Names of the documents this process owns. */
  ownedDocuments(): string[] {
    return [...this.owned.keys()];
  }

  /**
   * Takes the document if nobody holds it, or names the process that does. Resolves `mine` at once
   * for a document this process already owns.
   */
  async claim(docName: string): Promise<Claim> {
    if (this.owned.has(docName)) {
      this.owned.set(docName, Date.now());
      return { kind: 'mine' };
    }
    return this.pending.run(docName, async () => {
      // No document is taken before this process is known to be allowed to serve the database.
      await this.connect();
      for (let attempt = 1; ; attempt++) {
        this.check();
        if (this.owned.has(docName)) {
          this.owned.set(docName, Date.now());
          return { kind: 'mine' } as const;
        }
        const taken = await this.query<{ ok: boolean }>(
          'SELECT pg_try_advisory_lock($1, $2) AS ok',
          [LOCK_SPACE, lockKey(docName)],
        );
        if (taken.rows[0]?.ok) {
          this.owned.set(docName, Date.now());
          this.options.logger.debug('cluster: document taken', { doc: docName });
          return { kind: 'mine' } as const;
        }
        const owner = await this.ownerOf(docName);
        if (owner && owner.id !== this.id) return { kind: 'elsewhere', owner } as const;
        // Released between the two queries, or its holder is still registering: try again.
        if (attempt >= CLAIM_ATTEMPTS) {
          throw new OwnershipLost(`no owner could be found or taken for ${docName}`);
        }
        await new Promise((resolve) => setTimeout(resolve, CLAIM_RETRY_MS));
      }
    });
  }

  /** The process holding the document's lock, if any. */
  async ownerOf(docName: string): Promise<PeerProcess | null> {
    await this.connect();
    this.check();
    const { rows } = await this.query<PeerProcess>(OWNER, [LOCK_SPACE, lockKey(docName)]);
    return rows[0] ?? null;
  }

  /** Every live process (this one included). */
  async processes(): Promise<PeerProcess[]> {
    await this.connect();
    this.check();
    const { rows } = await this.query<PeerProcess>(PROCESSES);
    return rows;
  }

  /** Lets the document go, unless it was claimed again within `unlessClaimedWithinMs`. */
  release(docName: string, unlessClaimedWithinMs = 0): Promise<boolean> {
    return this.pending.run(docName, async () => {
      const claimedAt = this.owned.get(docName);
      if (claimedAt === undefined || this.lost) return false;
      if (Date.now() - claimedAt < unlessClaimedWithinMs) return false;
      this.owned.delete(docName);
      await this.query('SELECT pg_advisory_unlock($1, $2)', [LOCK_SPACE, lockKey(docName)]);
      this.options.logger.debug('cluster: document released', { doc: docName });
      return true;
    });
  }

  /** Releases every lock (by ending the connection) and forgets this process. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.owned.clear();
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (!this.connected || this.lost) return;
    await this.connected.catch(() => undefined);
    await this.query('DELETE FROM plod_processes WHERE id = $1', [this.id]).catch(() => undefined);
    await this.client.end().catch(() => undefined);
  }

  private beat(): void {
    if (this.lost || this.closed) return;
    const timer = setTimeout(
      () => this.lose(new OwnershipLost('ownership connection stopped answering')),
      HEARTBEAT_TIMEOUT_MS,
    );
    timer.unref();
    this.query('SELECT 1').then(
      () => clearTimeout(timer),
      (error: unknown) => {
        clearTimeout(timer);
        this.lose(error instanceof Error ? error : new OwnershipLost(String(error)));
      },
    );
  }

  /** One query at a time on the lock connection, in the order asked. */
  private query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    text: string,
    values?: unknown[],
  ): Promise<pg.QueryResult<R>> {
    const result = this.queue.then(() => this.client.query<R>(text, values));
    this.queue = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }

  private check(): void {
    if (this.lost || this.closed) throw new OwnershipLost('this process no longer owns documents');
    if (!this.connected) throw new OwnershipLost('ownership is not connected');
  }
}

/**
 * Runs `work` while holding a lock named `name` across every process on the database (on a
 * connection of its own, ended afterwards), so that one process at a time does it: a first start's
 * supervisor, crew code and demo data are made once.
 */
export async function oneAtATime<T>(
  databaseUrl: string,
  name: string,
  work: () => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'plod-start' });
  // An error while waiting for the lock is the failed query's; the event alone must not end the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1, $2)', [LOCK_SPACE - 1, lockKey(name)]);
    return await work();
  } finally {
    await client.end().catch(() => undefined);
  }
}
