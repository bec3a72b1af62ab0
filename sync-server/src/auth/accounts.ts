import crypto from 'node:crypto';
import type { AppSql, SqlValue } from '../app-db/app-sql.ts';
import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  SCRYPT_PARAMS,
  dummyHash,
  hashPassword,
  verifyPassword,
  type ScryptParams,
} from './passwords.ts';
import {
  ClientAccounts,
  migrateAccountRoles,
  migrateDeviceSites,
  parseSites,
  principalOfSession,
} from './client-accounts.ts';
import type { AccountRow } from './client-accounts.ts';
import type { Principal } from './principal.ts';
import {
  MIN_CREW_CODE_LENGTH,
  formatCrewCode,
  hashToken,
  newCrewCode,
  newToken,
  normalizeCrewCode,
  sameCrewCode,
} from './secrets.ts';

/**
 * The tables both databases share but for the type of their times (`time`: SQLite's INTEGER,
 * PostgreSQL's BIGINT; milliseconds either way). Sessions follow the supervisors' table.
 */
const sharedTables = (time: 'INTEGER' | 'BIGINT') => `
CREATE TABLE IF NOT EXISTS auth_sessions (
  id TEXT PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  supervisor_id TEXT NOT NULL REFERENCES auth_supervisors(id) ON DELETE CASCADE,
  created_at ${time} NOT NULL,
  expires_at ${time} NOT NULL
);
CREATE INDEX IF NOT EXISTS auth_sessions_expiry ON auth_sessions (expires_at);
CREATE TABLE IF NOT EXISTS auth_devices (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  joined_at ${time} NOT NULL,
  last_seen_at ${time},
  revoked_at ${time}
);
CREATE TABLE IF NOT EXISTS auth_crew_code (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  code TEXT NOT NULL,
  rotated_at ${time} NOT NULL
);
CREATE TABLE IF NOT EXISTS auth_site_crew_codes (
  site_id TEXT PRIMARY KEY,
  code TEXT NOT NULL UNIQUE,
  rotated_at ${time} NOT NULL
);
`;

const SQLITE_SCHEMA = `
CREATE TABLE IF NOT EXISTS auth_supervisors (
  id TEXT PRIMARY KEY,
  username TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
${sharedTables('INTEGER')}`;

/**
 * The same tables on PostgreSQL, made with every column (SQLite's accounts table gains its client
 * columns by migration). Usernames are unique whatever their case, as SQLite's NOCASE column makes
 * them, so every statement compares `lower(username)`.
 */
const POSTGRES_SCHEMA = `
CREATE TABLE IF NOT EXISTS auth_supervisors (
  id TEXT PRIMARY KEY,
  username TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  role TEXT NOT NULL DEFAULT 'supervisor',
  site_ids TEXT,
  created_by TEXT
);
CREATE UNIQUE INDEX IF NOT EXISTS auth_supervisors_username ON auth_supervisors (lower(username));
${sharedTables('BIGINT')}
ALTER TABLE auth_devices ADD COLUMN IF NOT EXISTS site_ids TEXT;
`;

/** A device's last_seen_at is written at most this often (a busy phone must not write per request). */
const LAST_SEEN_EVERY_MS = 60_000;

export interface AccountsOptions {
  /** Session lifetime (PLOD_SESSION_HOURS, default 12). */
  sessionHours?: number;
  now?: () => number;
  /**
   * Called when a session ends (signed out, found expired) or a device is revoked, with its subject
   * (`session:{id}`, `device:{id}`): the server closes that subject's open sockets.
   */
  onSubjectEnded?: (subject: string, reason: string) => void;
  /**
   * The scrypt cost of new password hashes (default SCRYPT_PARAMS). Only tests lower it, to spend
   * their time on behaviour; each hash keeps its own cost, so verifying is unaffected.
   */
  passwordCost?: ScryptParams;
}

export interface Device {
  id: string;
  name: string;
  /** The sites it joined with a site's crew code; null: every site (joined with the crew code). */
  siteIds: string[] | null;
  joinedAt: string;
  lastSeenAt: string | null;
  revokedAt: string | null;
}

/**
 * What a typed code joins a device to: every site (the deployment's crew code) or one site (that
 * site's crew code).
 */
export type JoinScope = { kind: 'all' } | { kind: 'site'; siteId: string };

/** A site's crew code, grouped for display. */
export interface SiteCrewCode {
  siteId: string;
  code: string;
  rotatedAt: string;
}

/** A time column: PostgreSQL's BIGINT arrives as a string. */
type Millis = number | string;

interface DeviceRow {
  id: string;
  name: string;
  site_ids: string | null;
  joined_at: Millis;
  last_seen_at: Millis | null;
  revoked_at: Millis | null;
}

interface SessionRow extends AccountRow {
  id: string;
  expires_at: Millis;
}

const iso = (ms: Millis | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** A device's sites: null (every site) when the column is empty. */
function deviceSites(json: string | null): string[] | null {
  return json === null ? null : parseSites(json);
}

const toDevice = (row: DeviceRow): Device => ({
  id: row.id,
  name: row.name,
  siteIds: deviceSites(row.site_ids),
  joinedAt: new Date(Number(row.joined_at)).toISOString(),
  lastSeenAt: iso(row.last_seen_at),
  revokedAt: iso(row.revoked_at),
});

export class PasswordPolicyError extends Error {}

/** Checks a new supervisor password; throws a readable error when it is too short or too long. */
export function checkNewPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new PasswordPolicyError(
      `The password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
    );
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw new PasswordPolicyError(`The password must be at most ${MAX_PASSWORD_LENGTH} characters`);
  }
}

/**
 * Supervisor accounts, their sessions, crew devices and the crew access code, in the app database
 * (`AppSql`: SQLite, or PostgreSQL with PLOD_DATABASE_URL). Only hashes of passwords and tokens are
 * stored. Every method waits for the tables (made on first use, tried again after a failure).
 */
export class Accounts {
  readonly now: () => number;
  /** Client accounts: sign in like supervisors, limited to chosen sites (client-accounts.ts). */
  readonly clients: ClientAccounts;
  private readonly sessionMs: number;
  private readonly lastSeenWritten = new Map<string, number>();
  private readonly onSubjectEnded: (subject: string, reason: string) => void;
  private readonly passwordCost: ScryptParams;
  private tables: Promise<void> | null = null;

  constructor(
    private readonly sql: AppSql,
    options: AccountsOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.sessionMs = (options.sessionHours ?? 12) * 3_600_000;
    this.onSubjectEnded = options.onSubjectEnded ?? (() => undefined);
    this.passwordCost = options.passwordCost ?? SCRYPT_PARAMS;
    this.clients = new ClientAccounts(sql, () => this.ready(), {
      now: this.now,
      passwordCost: this.passwordCost,
      endSubject: (subject, reason) => this.onSubjectEnded(subject, reason),
    });
  }

  /** Creates the tables if they are missing; a failure is tried again by the next call. */
  ready(): Promise<void> {
    this.tables ??= (async () => {
      await this.sql.define(SQLITE_SCHEMA, POSTGRES_SCHEMA);
      if (this.sql.dialect === 'sqlite') {
        await migrateAccountRoles(this.sql);
        await migrateDeviceSites(this.sql);
      }
    })().catch((error: unknown) => {
      this.tables = null;
      throw error;
    });
    return this.tables;
  }

  private async rows<R>(text: string, params: readonly SqlValue[] = []): Promise<R[]> {
    await this.ready();
    return this.sql.all<R>(text, params);
  }

  private async first<R>(text: string, params: readonly SqlValue[] = []): Promise<R | undefined> {
    return (await this.rows<R>(text, params))[0];
  }

  private async run(text: string, params: readonly SqlValue[] = []): Promise<void> {
    await this.ready();
    await this.sql.run(text, params);
  }

  // Supervisors and sessions

  async supervisorCount(): Promise<number> {
    const row = await this.first<{ n: number | string }>(
      "SELECT count(*) AS n FROM auth_supervisors WHERE role = 'supervisor'",
    );
    return Number(row?.n ?? 0);
  }

  private async insertSupervisor(username: string, passwordHash: string): Promise<void> {
    await this.run(
      'INSERT INTO auth_supervisors (id, username, password_hash, created_at) VALUES (?, ?, ?, ?)',
      [crypto.randomUUID(), username, passwordHash, this.now()],
    );
  }

  /** Adds a supervisor; throws on a short password or a username that exists. */
  async addSupervisor(username: string, password: string): Promise<void> {
    checkNewPassword(password);
    await this.insertSupervisor(username.trim(), await hashPassword(password, this.passwordCost));
  }

  /**
   * Sets a new password for an existing supervisor and ends their sessions; false when there is no
   * such supervisor. (The add-supervisor command uses it to reset a forgotten password.)
   */
  async resetPassword(username: string, password: string): Promise<boolean> {
    checkNewPassword(password);
    const row = await this.first<{ id: string }>(
      "SELECT id FROM auth_supervisors WHERE lower(username) = lower(?) AND role = 'supervisor'",
      [username.trim()],
    );
    if (!row) return false;
    await this.run('UPDATE auth_supervisors SET password_hash = ? WHERE id = ?', [
      await hashPassword(password, this.passwordCost),
      row.id,
    ]);
    const sessions = await this.rows<{ id: string }>(
      'DELETE FROM auth_sessions WHERE supervisor_id = ? RETURNING id',
      [row.id],
    );
    for (const session of sessions) this.onSubjectEnded(`session:${session.id}`, 'password reset');
    return true;
  }

  /**
   * The account's id (a supervisor's or a client's) when the password matches; unknown names cost
   * the same time as known ones.
   */
  async checkPassword(username: string, password: string): Promise<string | null> {
    const row = await this.first<{ id: string; password_hash: string }>(
      'SELECT id, password_hash FROM auth_supervisors WHERE lower(username) = lower(?)',
      [username.trim()],
    );
    const ok = await verifyPassword(
      password,
      row?.password_hash ?? (await dummyHash(this.passwordCost)),
    );
    return row && ok ? row.id : null;
  }

  /** A new session; the token is returned once and only its hash is kept. */
  async startSession(supervisorId: string): Promise<{ token: string; principal: Principal }> {
    const token = newToken();
    const id = crypto.randomUUID();
    const now = this.now();
    const expiresAt = now + this.sessionMs;
    await this.run(
      'INSERT INTO auth_sessions (id, token_hash, supervisor_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
      [id, hashToken(token), supervisorId, now, expiresAt],
    );
    const account = await this.first<AccountRow>(
      'SELECT username, role, site_ids FROM auth_supervisors WHERE id = ?',
      [supervisorId],
    );
    if (!account) throw new Error('the account of a new session is gone');
    return { token, principal: principalOfSession(account, id, expiresAt) };
  }

  /** The supervisor or client of a live session; an expired one is removed and refused. */
  async session(token: string): Promise<Principal | null> {
    const row = await this.first<SessionRow>(
      `SELECT s.id, s.expires_at, u.username, u.role, u.site_ids FROM auth_sessions s
       JOIN auth_supervisors u ON u.id = s.supervisor_id WHERE s.token_hash = ?`,
      [hashToken(token)],
    );
    if (!row) return null;
    const expiresAt = Number(row.expires_at);
    if (expiresAt <= this.now()) {
      await this.endSession(row.id, 'session expired');
      return null;
    }
    return principalOfSession(row, row.id, expiresAt);
  }

  /** Ends a session (sign-out, expiry); its open sockets are closed. */
  async endSession(sessionId: string, reason = 'signed out'): Promise<void> {
    await this.run('DELETE FROM auth_sessions WHERE id = ?', [sessionId]);
    this.onSubjectEnded(`session:${sessionId}`, reason);
  }

  /** Ends every expired session (run every minute: sockets outlive the cookie otherwise). */
  async removeExpiredSessions(): Promise<number> {
    const rows = await this.rows<{ id: string }>(
      'DELETE FROM auth_sessions WHERE expires_at <= ? RETURNING id',
      [this.now()],
    );
    for (const row of rows) this.onSubjectEnded(`session:${row.id}`, 'session expired');
    return rows.length;
  }

  // Crew devices and the access code

  /** The current code, grouped for display. */
  async crewCode(): Promise<{ code: string; rotatedAt: string } | null> {
    const row = await this.first<{ code: string; rotated_at: Millis }>(
      'SELECT code, rotated_at FROM auth_crew_code WHERE id = 1',
    );
    return row
      ? {
          code: formatCrewCode(row.code),
          rotatedAt: new Date(Number(row.rotated_at)).toISOString(),
        }
      : null;
  }

  /** Replaces the code (a random one unless given); devices that joined stay joined. */
  async setCrewCode(code: string = newCrewCode()): Promise<{ code: string; rotatedAt: string }> {
    await this.storeCrewCode(
      code,
      'ON CONFLICT (id) DO UPDATE SET code = excluded.code, rotated_at = excluded.rotated_at',
    );
    return this.currentCrewCode();
  }

  /**
   * The code, set first (to `code`, or a random one) when there is none yet. Processes starting at
   * once on one database all end up with the code the first of them stored.
   */
  async ensureCrewCode(code: string = newCrewCode()): Promise<{ code: string; rotatedAt: string }> {
    await this.storeCrewCode(code, 'ON CONFLICT (id) DO NOTHING');
    return this.currentCrewCode();
  }

  private async storeCrewCode(code: string, onConflict: string): Promise<void> {
    const normalized = normalizeCrewCode(code);
    if (normalized.length < MIN_CREW_CODE_LENGTH) {
      throw new Error(`A crew access code needs at least ${MIN_CREW_CODE_LENGTH} characters`);
    }
    await this.run(
      `INSERT INTO auth_crew_code (id, code, rotated_at) VALUES (1, ?, ?) ${onConflict}`,
      [normalized, this.now()],
    );
  }

  private async currentCrewCode(): Promise<{ code: string; rotatedAt: string }> {
    const current = await this.crewCode();
    if (!current) throw new Error('crew code was not stored');
    return current;
  }

  /** True when `typed` is the current code (case, dashes and spaces ignored). */
  async isCrewCode(typed: string): Promise<boolean> {
    const row = await this.first<{ code: string }>('SELECT code FROM auth_crew_code WHERE id = 1');
    return row !== undefined && sameCrewCode(typed, row.code);
  }

  /**
   * What `typed` joins a device to: the deployment's crew code (every site), a site's crew code
   * (that site), or null (no such code). Case, dashes and spaces are ignored.
   */
  async joinScope(typed: string): Promise<JoinScope | null> {
    if (await this.isCrewCode(typed)) return { kind: 'all' };
    const normalized = normalizeCrewCode(typed);
    if (normalized.length < MIN_CREW_CODE_LENGTH) return null;
    const row = await this.first<{ site_id: string; code: string }>(
      'SELECT site_id, code FROM auth_site_crew_codes WHERE code = ?',
      [normalized],
    );
    return row && sameCrewCode(typed, row.code) ? { kind: 'site', siteId: row.site_id } : null;
  }

  /** Every site's crew code (sites without one are not listed). */
  async siteCrewCodes(): Promise<SiteCrewCode[]> {
    const rows = await this.rows<{ site_id: string; code: string; rotated_at: Millis }>(
      'SELECT site_id, code, rotated_at FROM auth_site_crew_codes ORDER BY site_id',
    );
    return rows.map((row) => ({
      siteId: row.site_id,
      code: formatCrewCode(row.code),
      rotatedAt: new Date(Number(row.rotated_at)).toISOString(),
    }));
  }

  /**
   * Creates or replaces a site's crew code (a random one unless given). Devices that joined with
   * the old code stay devices of the site; the old code stops joining new ones.
   */
  async setSiteCrewCode(siteId: string, code: string = newCrewCode()): Promise<SiteCrewCode> {
    const normalized = normalizeCrewCode(code);
    if (normalized.length < MIN_CREW_CODE_LENGTH) {
      throw new Error(`A crew access code needs at least ${MIN_CREW_CODE_LENGTH} characters`);
    }
    const now = this.now();
    await this.run(
      `INSERT INTO auth_site_crew_codes (site_id, code, rotated_at) VALUES (?, ?, ?)
       ON CONFLICT (site_id) DO UPDATE SET code = excluded.code, rotated_at = excluded.rotated_at`,
      [siteId, normalized, now],
    );
    return { siteId, code: formatCrewCode(normalized), rotatedAt: new Date(now).toISOString() };
  }

  /**
   * Registers a device of `scope` (every site, or one site); its token is returned once and only
   * its hash is kept.
   */
  async joinDevice(
    name: string,
    scope: JoinScope = { kind: 'all' },
  ): Promise<{ token: string; device: Device }> {
    const token = newToken();
    const id = crypto.randomUUID();
    const now = this.now();
    const siteIds = scope.kind === 'all' ? null : [scope.siteId];
    await this.run(
      'INSERT INTO auth_devices (id, name, token_hash, joined_at, last_seen_at, site_ids) VALUES (?, ?, ?, ?, ?, ?)',
      [id, name, hashToken(token), now, now, siteIds === null ? null : JSON.stringify(siteIds)],
    );
    this.lastSeenWritten.set(id, now);
    return {
      token,
      device: {
        id,
        name,
        siteIds,
        joinedAt: new Date(now).toISOString(),
        lastSeenAt: iso(now),
        revokedAt: null,
      },
    };
  }

  /**
   * A joined device joins again (a driller moves rigs): a site's code adds that site to its sites,
   * the deployment's crew code gives it every site; a device of every site stays one. It keeps its
   * id and name and gets a new token (the one it sent stops working). Null when the device is
   * unknown or revoked.
   */
  async rejoinDevice(
    deviceId: string,
    scope: JoinScope,
  ): Promise<{ token: string; device: Device } | null> {
    const row = await this.first<DeviceRow>(
      'SELECT id, name, site_ids, joined_at, last_seen_at, revoked_at FROM auth_devices WHERE id = ?',
      [deviceId],
    );
    if (!row || row.revoked_at !== null) return null;
    const current = deviceSites(row.site_ids);
    const siteIds =
      scope.kind === 'all' || current === null ? null : [...new Set([...current, scope.siteId])];
    const token = newToken();
    await this.run('UPDATE auth_devices SET token_hash = ?, site_ids = ? WHERE id = ?', [
      hashToken(token),
      siteIds === null ? null : JSON.stringify(siteIds),
      deviceId,
    ]);
    return {
      token,
      device: toDevice({ ...row, site_ids: siteIds === null ? null : JSON.stringify(siteIds) }),
    };
  }

  /** The device a token belongs to, unless revoked; notes when it was last seen. */
  async device(token: string): Promise<Principal | null> {
    const row = await this.first<Pick<DeviceRow, 'id' | 'name' | 'site_ids' | 'revoked_at'>>(
      'SELECT id, name, site_ids, revoked_at FROM auth_devices WHERE token_hash = ?',
      [hashToken(token)],
    );
    if (!row || row.revoked_at !== null) return null;
    const now = this.now();
    const written = this.lastSeenWritten.get(row.id) ?? 0;
    if (now - written >= LAST_SEEN_EVERY_MS) {
      this.lastSeenWritten.set(row.id, now);
      await this.run('UPDATE auth_devices SET last_seen_at = ? WHERE id = ?', [now, row.id]);
    }
    return {
      kind: 'device',
      deviceId: row.id,
      deviceName: row.name,
      siteIds: deviceSites(row.site_ids),
    };
  }

  async devices(): Promise<Device[]> {
    const rows = await this.rows<DeviceRow>(
      'SELECT id, name, site_ids, joined_at, last_seen_at, revoked_at FROM auth_devices ORDER BY joined_at, id',
    );
    return rows.map(toDevice);
  }

  /**
   * Revokes a device and closes its open sockets; false when there is no such device. Revoking twice
   * keeps the first time.
   */
  async revokeDevice(id: string): Promise<boolean> {
    const revoked = await this.rows<{ id: string }>(
      'UPDATE auth_devices SET revoked_at = coalesce(revoked_at, ?) WHERE id = ? RETURNING id',
      [this.now(), id],
    );
    this.lastSeenWritten.delete(id);
    if (revoked.length === 0) return false;
    this.onSubjectEnded(`device:${id}`, 'device revoked');
    return true;
  }
}
