import crypto from 'node:crypto';
import type Database from 'better-sqlite3';
import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  dummyHash,
  hashPassword,
  hashPasswordSync,
  verifyPassword,
} from './passwords.ts';
import { ClientAccounts, migrateAccountRoles, principalOfSession } from './client-accounts.ts';
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

const SCHEMA = `
CREATE TABLE IF NOT EXISTS auth_supervisors (
  id TEXT PRIMARY KEY,
  username TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS auth_sessions (
  id TEXT PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  supervisor_id TEXT NOT NULL REFERENCES auth_supervisors(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS auth_sessions_expiry ON auth_sessions (expires_at);
CREATE TABLE IF NOT EXISTS auth_devices (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  joined_at INTEGER NOT NULL,
  last_seen_at INTEGER,
  revoked_at INTEGER
);
CREATE TABLE IF NOT EXISTS auth_crew_code (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  code TEXT NOT NULL,
  rotated_at INTEGER NOT NULL
);
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
}

export interface Device {
  id: string;
  name: string;
  joinedAt: string;
  lastSeenAt: string | null;
  revokedAt: string | null;
}

interface DeviceRow {
  id: string;
  name: string;
  joined_at: number;
  last_seen_at: number | null;
  revoked_at: number | null;
}

interface SessionRow extends AccountRow {
  id: string;
  expires_at: number;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const toDevice = (row: DeviceRow): Device => ({
  id: row.id,
  name: row.name,
  joinedAt: new Date(row.joined_at).toISOString(),
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
 * Supervisor accounts, their sessions, crew devices and the crew access code, in SQLite (the document
 * store's database file, or an in-memory one). Only hashes of passwords and tokens are stored.
 */
export class Accounts {
  readonly now: () => number;
  /** Client accounts: sign in like supervisors, limited to chosen sites (client-accounts.ts). */
  readonly clients: ClientAccounts;
  private readonly sessionMs: number;
  private readonly lastSeenWritten = new Map<string, number>();
  private readonly onSubjectEnded: (subject: string, reason: string) => void;

  constructor(
    private readonly db: Database.Database,
    options: AccountsOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.sessionMs = (options.sessionHours ?? 12) * 3_600_000;
    this.onSubjectEnded = options.onSubjectEnded ?? (() => undefined);
    db.exec(SCHEMA);
    migrateAccountRoles(db);
    this.clients = new ClientAccounts(db, {
      now: this.now,
      endSubject: (subject, reason) => this.onSubjectEnded(subject, reason),
    });
  }

  // Supervisors and sessions

  supervisorCount(): number {
    const row = this.db
      .prepare("SELECT count(*) AS n FROM auth_supervisors WHERE role = 'supervisor'")
      .get() as { n: number };
    return row.n;
  }

  private insertSupervisor(username: string, passwordHash: string): void {
    this.db
      .prepare(
        'INSERT INTO auth_supervisors (id, username, password_hash, created_at) VALUES (?, ?, ?, ?)',
      )
      .run(crypto.randomUUID(), username, passwordHash, this.now());
  }

  /** Adds a supervisor; throws on a short password or a username that exists. */
  async addSupervisor(username: string, password: string): Promise<void> {
    checkNewPassword(password);
    this.insertSupervisor(username.trim(), await hashPassword(password));
  }

  /** The same, blocking (startup only). */
  addSupervisorSync(username: string, password: string): void {
    checkNewPassword(password);
    this.insertSupervisor(username.trim(), hashPasswordSync(password));
  }

  /**
   * Sets a new password for an existing supervisor and ends their sessions; false when there is no
   * such supervisor. (The add-supervisor command uses it to reset a forgotten password.)
   */
  resetPasswordSync(username: string, password: string): boolean {
    checkNewPassword(password);
    const row = this.db
      .prepare("SELECT id FROM auth_supervisors WHERE username = ? AND role = 'supervisor'")
      .get(username.trim()) as { id: string } | undefined;
    if (!row) return false;
    this.db
      .prepare('UPDATE auth_supervisors SET password_hash = ? WHERE id = ?')
      .run(hashPasswordSync(password), row.id);
    const sessions = this.db
      .prepare('DELETE FROM auth_sessions WHERE supervisor_id = ? RETURNING id')
      .all(row.id) as { id: string }[];
    for (const session of sessions) this.onSubjectEnded(`session:${session.id}`, 'password reset');
    return true;
  }

  /**
   * The account's id (a supervisor's or a client's) when the password matches; unknown names cost
   * the same time as known ones.
   */
  async checkPassword(username: string, password: string): Promise<string | null> {
    const row = this.db
      .prepare('SELECT id, password_hash FROM auth_supervisors WHERE username = ?')
      .get(username.trim()) as { id: string; password_hash: string } | undefined;
    const ok = await verifyPassword(password, row?.password_hash ?? (await dummyHash()));
    return row && ok ? row.id : null;
  }

  /** A new session; the token is returned once and only its hash is kept. */
  startSession(supervisorId: string): { token: string; principal: Principal } {
    const token = newToken();
    const id = crypto.randomUUID();
    const now = this.now();
    const expiresAt = now + this.sessionMs;
    this.db
      .prepare(
        'INSERT INTO auth_sessions (id, token_hash, supervisor_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
      )
      .run(id, hashToken(token), supervisorId, now, expiresAt);
    const account = this.db
      .prepare('SELECT username, role, site_ids FROM auth_supervisors WHERE id = ?')
      .get(supervisorId) as AccountRow;
    return { token, principal: principalOfSession(account, id, expiresAt) };
  }

  /** The supervisor or client of a live session; an expired one is removed and refused. */
  session(token: string): Principal | null {
    const row = this.db
      .prepare(
        `SELECT s.id, s.expires_at, u.username, u.role, u.site_ids FROM auth_sessions s
         JOIN auth_supervisors u ON u.id = s.supervisor_id WHERE s.token_hash = ?`,
      )
      .get(hashToken(token)) as SessionRow | undefined;
    if (!row) return null;
    if (row.expires_at <= this.now()) {
      this.endSession(row.id, 'session expired');
      return null;
    }
    return principalOfSession(row, row.id, row.expires_at);
  }

  /** Ends a session (sign-out, expiry); its open sockets are closed. */
  endSession(sessionId: string, reason = 'signed out'): void {
    this.db.prepare('DELETE FROM auth_sessions WHERE id = ?').run(sessionId);
    this.onSubjectEnded(`session:${sessionId}`, reason);
  }

  /** Ends every expired session (run every minute: sockets outlive the cookie otherwise). */
  removeExpiredSessions(): number {
    const rows = this.db
      .prepare('DELETE FROM auth_sessions WHERE expires_at <= ? RETURNING id')
      .all(this.now()) as { id: string }[];
    for (const row of rows) this.onSubjectEnded(`session:${row.id}`, 'session expired');
    return rows.length;
  }

  // Crew devices and the access code

  /** The current code, grouped for display. */
  crewCode(): { code: string; rotatedAt: string } | null {
    const row = this.db
      .prepare('SELECT code, rotated_at FROM auth_crew_code WHERE id = 1')
      .get() as { code: string; rotated_at: number } | undefined;
    return row
      ? { code: formatCrewCode(row.code), rotatedAt: new Date(row.rotated_at).toISOString() }
      : null;
  }

  /** Replaces the code (a random one unless given); devices that joined stay joined. */
  setCrewCode(code: string = newCrewCode()): { code: string; rotatedAt: string } {
    const normalized = normalizeCrewCode(code);
    if (normalized.length < MIN_CREW_CODE_LENGTH) {
      throw new Error(`A crew access code needs at least ${MIN_CREW_CODE_LENGTH} characters`);
    }
    this.db
      .prepare(
        `INSERT INTO auth_crew_code (id, code, rotated_at) VALUES (1, ?, ?)
         ON CONFLICT (id) DO UPDATE SET code = excluded.code, rotated_at = excluded.rotated_at`,
      )
      .run(normalized, this.now());
    const current = this.crewCode();
    if (!current) throw new Error('crew code was not stored');
    return current;
  }

  /** True when `typed` is the current code (case, dashes and spaces ignored). */
  isCrewCode(typed: string): boolean {
    const row = this.db.prepare('SELECT code FROM auth_crew_code WHERE id = 1').get() as
      { code: string } | undefined;
    return row !== undefined && sameCrewCode(typed, row.code);
  }

  /** Registers a device; its token is returned once and only its hash is kept. */
  joinDevice(name: string): { token: string; device: Device } {
    const token = newToken();
    const id = crypto.randomUUID();
    const now = this.now();
    this.db
      .prepare(
        'INSERT INTO auth_devices (id, name, token_hash, joined_at, last_seen_at) VALUES (?, ?, ?, ?, ?)',
      )
      .run(id, name, hashToken(token), now, now);
    this.lastSeenWritten.set(id, now);
    return {
      token,
      device: {
        id,
        name,
        joinedAt: new Date(now).toISOString(),
        lastSeenAt: iso(now),
        revokedAt: null,
      },
    };
  }

  /** The device a token belongs to, unless revoked; notes when it was last seen. */
  device(token: string): Principal | null {
    const row = this.db
      .prepare('SELECT id, name, revoked_at FROM auth_devices WHERE token_hash = ?')
      .get(hashToken(token)) as Pick<DeviceRow, 'id' | 'name' | 'revoked_at'> | undefined;
    if (!row || row.revoked_at !== null) return null;
    const now = this.now();
    const written = this.lastSeenWritten.get(row.id) ?? 0;
    if (now - written >= LAST_SEEN_EVERY_MS) {
      this.lastSeenWritten.set(row.id, now);
      this.db.prepare('UPDATE auth_devices SET last_seen_at = ? WHERE id = ?').run(now, row.id);
    }
    return { kind: 'device', deviceId: row.id, deviceName: row.name };
  }

  devices(): Device[] {
    const rows = this.db
      .prepare(
        'SELECT id, name, joined_at, last_seen_at, revoked_at FROM auth_devices ORDER BY joined_at, id',
      )
      .all() as DeviceRow[];
    return rows.map(toDevice);
  }

  /**
   * Revokes a device and closes its open sockets; false when there is no such device. Revoking twice
   * keeps the first time.
   */
  revokeDevice(id: string): boolean {
    const result = this.db
      .prepare('UPDATE auth_devices SET revoked_at = coalesce(revoked_at, ?) WHERE id = ?')
      .run(this.now(), id);
    this.lastSeenWritten.delete(id);
    if (result.changes === 0) return false;
    this.onSubjectEnded(`device:${id}`, 'device revoked');
    return true;
  }
}
