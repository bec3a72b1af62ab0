import type Database from 'better-sqlite3';
import pg from 'pg';
import type { Logger } from '../logger.ts';

export type SqlValue = string | number | bigint | Uint8Array | null;

/** One statement of a batch. */
export interface SqlStatement {
  sql: string;
  params?: readonly SqlValue[];
}

export interface BatchOptions {
  /**
   * Rows derived from elsewhere (rebuilt if lost): the commit does not wait for the disk (SQLite
   * synchronous=NORMAL for it alone, PostgreSQL synchronous_commit off for it alone).
   */
  relaxed?: boolean;
  /**
   * SQLite: when another connection holds the write lock, write nothing and answer false at once;
   * waiting would sleep in SQLite's busy handler on the calling thread (the event loop).
   * PostgreSQL waits for row locks without holding the event loop, so it always writes.
   */
  ifUnlocked?: boolean;
}

/**
 * Asynchronous SQL on the app database, the same on SQLite and PostgreSQL: statements are written
 * once with `?` placeholders (never a `?` in a literal) and SQL both understand (`INSERT ... ON
 * CONFLICT`); only table definitions differ (`dialect`). A table ported to it lives on PostgreSQL
 * when PLOD_DATABASE_URL is set.
 */
export interface AppSql {
  readonly dialect: 'sqlite' | 'postgres';
  /** Rows of a query, as objects (PostgreSQL BIGINT columns arrive as strings: cast in SQL). */
  all<R>(sql: string, params?: readonly SqlValue[]): Promise<R[]>;
  /** A statement; resolves once it is committed (each call is its own transaction). */
  run(sql: string, params?: readonly SqlValue[]): Promise<void>;
  /** Several statements, in one go. */
  exec(sql: string): Promise<void>;
  /**
   * Statements in one transaction, all or none; resolves once committed, true, or false when
   * `ifUnlocked` found the write lock held (nothing written).
   */
  batch(statements: readonly SqlStatement[], options?: BatchOptions): Promise<boolean>;
  /**
   * Creates tables if they are missing: `sqlite` on SQLite, `postgres` (default: the same text) on
   * PostgreSQL, where processes starting at once take turns (a transaction-scoped advisory lock).
   */
  define(sqlite: string, postgres?: string): Promise<void>;
  close(): Promise<void>;
}

/** AppSql on a better-sqlite3 connection (synchronous underneath). */
export class SqliteSql implements AppSql {
  readonly dialect = 'sqlite';

  constructor(private readonly db: Database.Database) {}

  async all<R>(sql: string, params: readonly SqlValue[] = []): Promise<R[]> {
    return this.db.prepare<SqlValue[], R>(sql).all(...params);
  }

  async run(sql: string, params: readonly SqlValue[] = []): Promise<void> {
    this.db.prepare<SqlValue[]>(sql).run(...params);
  }

  async exec(sql: string): Promise<void> {
    this.db.exec(sql);
  }

  async define(sqlite: string): Promise<void> {
    this.db.exec(sqlite);
  }

  async batch(statements: readonly SqlStatement[], options: BatchOptions = {}): Promise<boolean> {
    const write = this.db.transaction(() => {
      for (const { sql, params = [] } of statements) {
        this.db.prepare<SqlValue[]>(sql).run(...params);
      }
    });
    const run = () => withoutFsync(this.db, options.relaxed === true, () => write.immediate());
    if (!options.ifUnlocked) {
      run();
      return true;
    }
    const timeout = this.db.pragma('busy_timeout', { simple: true });
    this.db.pragma('busy_timeout = 0');
    try {
      run();
      return true;
    } catch (error) {
      if (error instanceof Error && 'code' in error && error.code === 'SQLITE_BUSY') return false;
      throw error;
    } finally {
      this.db.pragma(`busy_timeout = ${Number(timeout)}`);
    }
  }

  /** The connection belongs to the AppDatabase, which closes it. */
  async close(): Promise<void> {}
}

/** AppSql on a PostgreSQL pool of its own. */
export class PgSql implements AppSql {
  readonly dialect = 'postgres';
  private readonly pool: pg.Pool;
  private closing: Promise<void> | null = null;

  constructor(connectionString: string, logger?: Logger) {
    this.pool = new pg.Pool({
      connectionString,
      max: 4,
      connectionTimeoutMillis: 10_000,
      application_name: 'plod-app',
    });
    // A connection that breaks while idle leaves the pool; unheard, its error would end the process.
    this.pool.on('error', (error) =>
      logger?.warn('postgresql connection lost while idle', { error }),
    );
  }

  async all<R>(sql: string, params: readonly SqlValue[] = []): Promise<R[]> {
    const { rows } = await this.pool.query(numbered(sql), [...params]);
    return rows as R[];
  }

  async run(sql: string, params: readonly SqlValue[] = []): Promise<void> {
    await this.pool.query(numbered(sql), [...params]);
  }

  async exec(sql: string): Promise<void> {
    await this.pool.query(sql);
  }

  async batch(statements: readonly SqlStatement[], options: BatchOptions = {}): Promise<boolean> {
    const client = await this.pool.connect();
    // A connection lost mid-transaction also emits 'error'; the failed query carries it.
    const ignore = () => undefined;
    client.on('error', ignore);
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      if (options.relaxed) await client.query('SET LOCAL synchronous_commit = off');
      for (const { sql, params = [] } of statements) {
        await client.query(numbered(sql), [...params]);
      }
      await client.query('COMMIT');
      return true;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollback: unknown) => {
        broken = rollback instanceof Error ? rollback : new Error(String(rollback));
      });
      throw error;
    } finally {
      client.off('error', ignore);
      client.release(broken);
    }
  }

  async define(sqlite: string, postgres = sqlite): Promise<void> {
    // Statements sent as one text run as one implicit transaction: the lock lasts to its end.
    await this.pool.query(
      `SELECT pg_advisory_xact_lock(hashtext('plod app tables'));\n${postgres}`,
    );
  }

  close(): Promise<void> {
    this.closing ??= this.pool.end();
    return this.closing;
  }
}

/** `PRAGMA synchronous` as SQLite reports it: 2 is FULL. */
const SYNCHRONOUS_FULL = 2;

/**
 * Runs `write` with synchronous=NORMAL on this connection when `relaxed`, then puts the setting
 * back (also when it throws). Inside a transaction the setting cannot change: it runs as that does.
 */
function withoutFsync<T>(db: Database.Database, relaxed: boolean, write: () => T): T {
  if (
    !relaxed ||
    db.inTransaction ||
    db.pragma('synchronous', { simple: true }) !== SYNCHRONOUS_FULL
  ) {
    return write();
  }
  db.pragma('synchronous = NORMAL');
  try {
    return write();
  } finally {
    db.pragma('synchronous = FULL');
  }
}

/** `?` placeholders as PostgreSQL's `$1, $2, ...`. */
function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/**
 * True for a UNIQUE constraint's refusal, on either database (SQLite's message, PostgreSQL's
 * SQLSTATE 23505).
 */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if ('code' in error && error.code === '23505') return true;
  return /UNIQUE constraint failed/.test(error.message);
}
