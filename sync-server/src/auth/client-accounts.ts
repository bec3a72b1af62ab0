import crypto from 'node:crypto';
import type Database from 'better-sqlite3';
import { checkNewPassword } from './accounts.ts';
import { hashPassword } from './passwords.ts';
import type { Principal } from './principal.ts';

/**
 * Client accounts: the contractor's customer signs in like a supervisor (same sign-in, same session
 * cookie) but reads, approves and returns only the plods of the sites a supervisor chose for it.
 * They live in the accounts table with `role = 'client'` and their sites as a JSON list, so
 * sessions, sign-in and expiry work for both alike.
 */

export type AccountRole = 'supervisor' | 'client';

/** The account columns a session needs. */
export interface AccountRow {
  username: string;
  role: AccountRole;
  /** JSON list of site ids (clients only). */
  site_ids: string | null;
}

export interface ClientAccount {
  id: string;
  username: string;
  siteIds: string[];
  createdBy: string | null;
  createdAt: string;
}

interface ClientRow {
  id: string;
  username: string;
  site_ids: string | null;
  created_by: string | null;
  created_at: number;
}

/** A username already taken (by a supervisor or a client). */
export class UsernameTakenError extends Error {
  readonly reason = 'username-taken';
}

/** Adds the role, sites and creator columns to an accounts table made before client accounts. */
export function migrateAccountRoles(db: Database.Database): void {
  const columns = new Set(
    (db.prepare('PRAGMA table_info(auth_supervisors)').all() as { name: string }[]).map(
      (c) => c.name,
    ),
  );
  const add = (name: string, definition: string) => {
    if (!columns.has(name))
      db.exec(`ALTER TABLE auth_supervisors ADD COLUMN ${name} ${definition}`);
  };
  add('role', "TEXT NOT NULL DEFAULT 'supervisor'");
  add('site_ids', 'TEXT');
  add('created_by', 'TEXT');
}

function parseSites(json: string | null): string[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** The principal of a session of this account. */
export function principalOfSession(
  account: AccountRow,
  sessionId: string,
  expiresAt: number,
): Principal {
  return account.role === 'client'
    ? {
        kind: 'client',
        username: account.username,
        sessionId,
        expiresAt,
        siteIds: parseSites(account.site_ids),
      }
    : { kind: 'supervisor', username: account.username, sessionId, expiresAt };
}

const toClient = (row: ClientRow): ClientAccount => ({
  id: row.id,
  username: row.username,
  siteIds: parseSites(row.site_ids),
  createdBy: row.created_by,
  createdAt: new Date(row.created_at).toISOString(),
});

export interface ClientAccountsOptions {
  now: () => number;
  /** Closes the sockets of an ended session (`session:{id}`). */
  endSubject: (subject: string, reason: string) => void;
}

/** Creating, listing and removing client accounts (supervisors do this; see routes/client-accounts.ts). */
export class ClientAccounts {
  constructor(
    private readonly db: Database.Database,
    private readonly options: ClientAccountsOptions,
  ) {}

  /** Adds a client account limited to `siteIds`; throws on a weak password or a taken username. */
  async add(
    username: string,
    password: string,
    siteIds: readonly string[],
    createdBy: string | null,
  ): Promise<ClientAccount> {
    checkNewPassword(password);
    const name = username.trim();
    const hash = await hashPassword(password);
    const id = crypto.randomUUID();
    try {
      this.db
        .prepare(
          `INSERT INTO auth_supervisors (id, username, password_hash, created_at, role, site_ids, created_by)
           VALUES (?, ?, ?, ?, 'client', ?, ?)`,
        )
        .run(id, name, hash, this.options.now(), JSON.stringify([...new Set(siteIds)]), createdBy);
    } catch (error) {
      if (error instanceof Error && /UNIQUE/.test(error.message)) {
        throw new UsernameTakenError(`The username ${name} is already taken`);
      }
      throw error;
    }
    const created = this.get(id);
    if (!created) throw new Error('client account was not stored');
    return created;
  }

  get(id: string): ClientAccount | null {
    const row = this.db
      .prepare(
        "SELECT id, username, site_ids, created_by, created_at FROM auth_supervisors WHERE id = ? AND role = 'client'",
      )
      .get(id) as ClientRow | undefined;
    return row ? toClient(row) : null;
  }

  list(): ClientAccount[] {
    const rows = this.db
      .prepare(
        "SELECT id, username, site_ids, created_by, created_at FROM auth_supervisors WHERE role = 'client' ORDER BY username COLLATE NOCASE",
      )
      .all() as ClientRow[];
    return rows.map(toClient);
  }

  /** Removes the account, ends its sessions and closes their sockets; false when there is none. */
  remove(id: string): boolean {
    const sessions = this.db
      .prepare('SELECT id FROM auth_sessions WHERE supervisor_id = ?')
      .all(id) as { id: string }[];
    const result = this.db
      .prepare("DELETE FROM auth_supervisors WHERE id = ? AND role = 'client'")
      .run(id);
    if (result.changes === 0) return false;
    this.db.prepare('DELETE FROM auth_sessions WHERE supervisor_id = ?').run(id);
    for (const session of sessions) {
      this.options.endSubject(`session:${session.id}`, 'client account removed');
    }
    return true;
  }
}
