import crypto from 'node:crypto';
import type { AppDatabase } from '../app-db/app-database.ts';
import type { Logger } from '../logger.ts';
import { STORAGE_UNAVAILABLE } from '../storage-status.ts';
import type { Degraded, StorageStatus } from '../storage-status.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
/** Answers are kept this long for a retry with the same key. */
const KEEP_MS = 24 * 3_600_000;
const RECENT_IN_MEMORY = 1_000;

export const IDEMPOTENCY_KEY_INVALID = 'Idempotency-Key must be 1 to 200 visible ASCII characters';
export const IDEMPOTENCY_KEY_REUSED =
  'This Idempotency-Key was already used for a different request';

export interface WriteGuardOptions {
  storage: StorageStatus;
  /** Where answers to keyed writes are kept (the app database: PostgreSQL when configured). */
  db: AppDatabase;
  logger: Logger;
  /** A write still unanswered this long while the store is failing gets 503. Default 2 s. */
  stallMs?: number;
  /** Bodies above this are not fingerprinted (the REST layer answers them 413). */
  maxBodyBytes: number;
  now?: () => number;
}

/** A final answer, as kept for a retry. */
interface Answer {
  fingerprint: string;
  status: number;
  headers: [string, string][];
  body: Uint8Array;
}

/**
 * Every REST write (POST, PUT, PATCH, DELETE under /api) passes here, around the app:
 * - while the store cannot write, it is answered 503 at once, before anything is changed;
 * - a write still waiting for its commit `stallMs` after it arrived, while the store is failing, is
 *   answered 503 (its change is queued and lands once the store works again);
 * - with an `Idempotency-Key` header (and credentials), the final answer is kept for a day under
 *   that key and the caller's credential: a retry with the same key gets it again (header
 *   `Idempotent-Replayed: true`) instead of making the change twice, also after that 503, and a
 *   retry while the first is still running waits for its answer.
 */
export class WriteGuard {
  private readonly running = new Map<string, { fingerprint: string; answer: Promise<Answer> }>();
  private readonly recent = new Map<string, Answer>();
  private readonly stallMs: number;
  private readonly now: () => number;
  private saved = 0;
  private table: Promise<void> | null;
  /** Answers being saved, in order (each in memory already). */
  private saving: Promise<void> = Promise.resolve();

  constructor(private readonly options: WriteGuardOptions) {
    this.stallMs = options.stallMs ?? 2_000;
    this.now = options.now ?? Date.now;
    this.table = this.prepareTable();
  }

  /** Creates the table if it is missing; tried again by the next call after a failure. */
  private prepareTable(): Promise<void> {
    const sql = this.options.db.sql;
    const made = sql.define(SQLITE_TABLE, PG_TABLE);
    made.catch((error: unknown) => {
      this.options.logger.warn('idempotency table not ready', { error });
      this.table = null;
    });
    return made;
  }

  handle = async (
    request: Request,
    next: (request: Request) => Promise<Response>,
  ): Promise<Response> => {
    if (!UNSAFE.has(request.method) || !new URL(request.url).pathname.startsWith('/api/')) {
      return next(request);
    }
    const degraded = this.options.storage.current();
    if (degraded) return unavailable(degraded);
    const key = request.headers.get('idempotency-key');
    const scope = credentialOf(request);
    // Sign-in and sign-out set cookies; anonymous calls (joins) have nobody to keep an answer for.
    if (key === null || scope === null || new URL(request.url).pathname.startsWith('/api/auth/')) {
      return this.bounded(next(request));
    }
    if (!KEY_PATTERN.test(key)) return json(400, { message: IDEMPOTENCY_KEY_INVALID, issues: [] });
    const body = await boundedBody(request, this.options.maxBodyBytes);
    if (body === null) return next(request);
    const id = sha256(`${scope}\n${key}`);
    const url = new URL(request.url);
    const fingerprint = sha256(`${request.method} ${url.pathname}${url.search}\n`, body);
    const kept = await this.lookup(id);
    if (kept) return kept.fingerprint === fingerprint ? replay(kept) : reused();
    const running = this.running.get(id);
    if (running) {
      if (running.fingerprint !== fingerprint) return reused();
      return this.bounded(running.answer.then(replay));
    }
    const answer = next(request).then(async (response) => {
      const made = await toAnswer(fingerprint, response);
      if (isFinal(made.status)) this.keep(id, made);
      return made;
    });
    const entry = { fingerprint, answer };
    this.running.set(id, entry);
    void answer
      .finally(() => {
        if (this.running.get(id) === entry) this.running.delete(id);
      })
      .catch(() => undefined);
    return this.bounded(answer.then((made) => toResponse(made, false)));
  };

  /** The response, or 503 if it is still waiting `stallMs` after arriving while the store fails. */
  private bounded(response: Promise<Response>): Promise<Response> {
    const storage = this.options.storage;
    return new Promise((resolve) => {
      let done = false;
      let unsubscribe = () => {};
      const finish = (answer: Response) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        unsubscribe();
        resolve(answer);
      };
      const timer = setTimeout(() => {
        const degraded = storage.current();
        if (degraded) {
          finish(unavailable(degraded));
          return;
        }
        unsubscribe = storage.onChange(() => {
          const now = storage.current();
          if (now) finish(unavailable(now));
        });
      }, this.stallMs);
      response.then(finish, (error: unknown) => {
        this.options.logger.error('request failed', { error });
        finish(json(500, { message: 'internal error' }));
      });
    });
  }

  private async lookup(id: string): Promise<Answer | null> {
    const recent = this.recent.get(id);
    if (recent) return recent;
    try {
      await (this.table ??= this.prepareTable());
      const [row] = await this.options.db.sql.all<{
        fingerprint: string;
        status: number;
        headers: string;
        body: Uint8Array;
      }>(
        'SELECT fingerprint, status, headers, body FROM idempotency_keys WHERE id = ? AND created_at > ?',
        [id, this.now() - KEEP_MS],
      );
      if (!row) return null;
      return { ...row, headers: JSON.parse(row.headers) as [string, string][] };
    } catch (error) {
      this.options.logger.warn('idempotency lookup failed', { error });
      return null;
    }
  }

  /** Kept in memory at once (a write to the disk may fail), and in the database for restarts. */
  private keep(id: string, answer: Answer): void {
    this.recent.delete(id);
    this.recent.set(id, answer);
    for (const old of this.recent.keys()) {
      if (this.recent.size <= RECENT_IN_MEMORY) break;
      this.recent.delete(old);
    }
    const now = this.now();
    const prune = ++this.saved % 100 === 0;
    this.saving = this.saving.then(() => this.save(id, answer, now, prune));
  }

  private async save(id: string, answer: Answer, now: number, prune: boolean): Promise<void> {
    const sql = this.options.db.sql;
    try {
      await (this.table ??= this.prepareTable());
      await sql.run(
        `INSERT INTO idempotency_keys (id, fingerprint, status, headers, body, created_at)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET fingerprint = excluded.fingerprint,
           status = excluded.status, headers = excluded.headers, body = excluded.body,
           created_at = excluded.created_at`,
        [
          id,
          answer.fingerprint,
          answer.status,
          JSON.stringify(answer.headers),
          Buffer.from(answer.body),
          now,
        ],
      );
      if (prune)
        await sql.run('DELETE FROM idempotency_keys WHERE created_at <= ?', [now - KEEP_MS]);
    } catch (error) {
      this.options.logger.warn('idempotency answer not saved', { error });
    }
  }

  /** Resolves once every answer kept so far is saved (or failed to be). */
  settled(): Promise<void> {
    return this.saving;
  }
}

const SQLITE_TABLE = `
  CREATE TABLE IF NOT EXISTS idempotency_keys (
    id TEXT PRIMARY KEY,
    fingerprint TEXT NOT NULL,
    status INTEGER NOT NULL,
    headers TEXT NOT NULL,
    body BLOB NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX IF NOT EXISTS idempotency_keys_created ON idempotency_keys (created_at);`;

const PG_TABLE = `
  CREATE TABLE IF NOT EXISTS idempotency_keys (
    id TEXT PRIMARY KEY,
    fingerprint TEXT NOT NULL,
    status INTEGER NOT NULL,
    headers TEXT NOT NULL,
    body BYTEA NOT NULL,
    created_at BIGINT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS idempotency_keys_created ON idempotency_keys (created_at);`;

/** An answer worth giving again: not an error a retry may get past. */
function isFinal(status: number): boolean {
  return status < 500 && ![401, 403, 408, 429].includes(status);
}

/** Who is asking, as a hash of the credential the request carries (bearer token or session). */
function credentialOf(request: Request): string | null {
  const authorization = request.headers.get('authorization');
  const cookie = /(?:^|;\s*)plod_session=([^;]+)/.exec(request.headers.get('cookie') ?? '')?.[1];
  const credential = authorization ?? (cookie ? `cookie ${cookie}` : null);
  return credential === null ? null : sha256(credential);
}

/** The request body, or null when it is larger than `max` bytes (it is not read further). */
async function boundedBody(request: Request, max: number): Promise<Uint8Array | null> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > max) return null;
  const stream = request.clone().body;
  if (!stream) return new Uint8Array(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

async function toAnswer(fingerprint: string, response: Response): Promise<Answer> {
  const body = new Uint8Array(await response.arrayBuffer());
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers.push([name, value]);
  });
  return { fingerprint, status: response.status, headers, body };
}

function toResponse(answer: Answer, replayed: boolean): Response {
  const headers = new Headers(answer.headers);
  if (replayed) headers.set('Idempotent-Replayed', 'true');
  const empty = answer.status === 204 || answer.status === 304;
  return new Response(empty ? null : answer.body, { status: answer.status, headers });
}

const replay = (answer: Answer) => toResponse(answer, true);
const reused = () => json(422, { message: IDEMPOTENCY_KEY_REUSED });

function unavailable(degraded: Degraded): Response {
  return json(
    503,
    { message: STORAGE_UNAVAILABLE, reason: degraded.reason },
    { 'Retry-After': '5' },
  );
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
  });
}

function sha256(text: string, bytes?: Uint8Array): string {
  const hash = crypto.createHash('sha256').update(text);
  if (bytes) hash.update(bytes);
  return hash.digest('hex');
}
