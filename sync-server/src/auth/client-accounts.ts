import crypto from 'node:crypto';
import type { AppSql } from '../app-db/app-sql.ts';
import { isUniqueViolation } from '../app-db/app-sql.ts';
import { checkNewPassword } from './accounts.ts';
import { hashPassword, type ScryptParams } from './passwords.ts';
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
  /** PostgreSQL's BIGINT arrives as a string. */
  created_at: number | string;
}

/** A username already taken (by a supervisor or a client). */
export class UsernameTakenError extends Error {
  readonly reason = 'username-taken';
}

/** Adds the role, sites and creator columns to a SQLite accounts table made before client accounts. */
export async function migrateAccountRoles(sql: AppSql): Promise<void> {
  const columns = new Set(
    (await sql.all<{ name: string }>("SELECT name FROM pragma_table_info('auth_supervisors')")).map(
      (c) => c.name,
    ),
  );
  const add = async (name: string, definition: string) => {
    if (!columns.has(name))
      await sql.exec(`ALTER TABLE auth_supervisors ADD COLUMN ${name} ${definition}`);
  };
  await add('role', "TEXT NOT NULL DEFAULT 'supervisor'");
  await add('site_ids', 'TEXT');
  await add('created_by', 'TEXT');
}

/**
 * Adds the sites column to a SQLite devices table made before site crew codes (empty: the device
 * joined with the deployment's crew code and reads every site).
 */
export async function migrateDeviceSites(sql: AppSql): Promise<void> {
  const columns = await sql.all<{ name: string }>(
    "SELECT name FROM pragma_table_info('auth_devices')",
  );
  if (!columns.some((c) => c.name === 'site_ids')) {
    await sql.exec('ALTER TABLE auth_devices ADD COLUMN site_ids TEXT');
  }
}

/** A JSON list of site ids as stored (anything else reads as no sites). */
export function parseSites(json: string | null): string[] {
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
  createdAt: new Date(Number(row.created_at)).toISOString(),
});

export interface ClientAccountsOptions {
  now: () => number;
  /** Closes the sockets of an ended session (`session:{id}`). */
  endSubject: (subject: string, reason: string) => void;
  /** The scrypt cost of new password hashes (AccountsOptions.passwordCost). */
  passwordCost: ScryptParams;
}

/** Creating, listing and removing client accounts (supervisors do this; see routes/client-accounts.ts). */
export class ClientAccounts {
  constructor(
    private readonly sql: AppSql,
    /** Resolves once the accounts tables exist. */
    private readonly ready: () => Promise<void>,
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
    const hash = await hashPassword(password, this.options.passwordCost);
    const id = crypto.randomUUID();
    await this.ready();
    try {
      await this.sql.run(
        `INSERT INTO auth_supervisors (id, username, password_hash, created_at, role, site_ids, created_by)
         VALUES (?, ?, ?, ?, 'client', ?, ?)`,
        [id, name, hash, this.options.now(), JSON.stringify([...new Set(siteIds)]), createdBy],
      );
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new UsernameTakenError(`The username ${name} is already taken`);
      }
      throw error;
    }
    const created = await this.get(id);
    if (!created) throw new Error('client account was not stored');
    return created;
  }

  async get(id: string): Promise<ClientAccount | null> {
    await this.ready();
    const [row] = await this.sql.all<ClientRow>(
      "SELECT id, username, site_ids, created_by, created_at FROM auth_supervisors WHERE id = ? AND role = 'client'",
      [id],
    );
    return row ? toClient(row) : null;
  }

  async list(): Promise<ClientAccount[]> {
    await this.ready();
    const rows = await this.sql.all<ClientRow>(
      "SELECT id, username, site_ids, created_by, created_at FROM auth_supervisors WHERE role = 'client' ORDER BY lower(username), id",
    );
    return rows.map(toClient);
  }

  /** Removes the account, ends its sessions and closes their sockets; false when there is none. */
  async remove(id: string): Promise<boolean> {
    await this.ready();
    const sessions = await this.sql.all<{ id: string }>(
      'SELECT id FROM auth_sessions WHERE supervisor_id = ?',
      [id],
    );
    const removed = await this.sql.all<{ id: string }>(
      "DELETE FROM auth_supervisors WHERE id = ? AND role = 'client' RETURNING id",
      [id],
    );
    if (removed.length === 0) return false;
    await this.sql.run('DELETE FROM auth_sessions WHERE supervisor_id = ?', [id]);
    for (const session of sessions) {
      this.options.endSubject(`session:${session.id}`, 'client account removed');
    }
    return true;
  }
}
