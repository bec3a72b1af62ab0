import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '../logger.ts';
import type { Accounts } from './accounts.ts';
import { PasswordPolicyError, checkNewPassword } from './accounts.ts';
import { isUniqueViolation } from '../app-db/app-sql.ts';
import { formatCrewCode, newPassword, normalizeCrewCode } from './secrets.ts';

export const INITIAL_CREDENTIALS_FILE = 'initial-credentials.txt';

export interface BootstrapOptions {
  /** PLOD_ADMIN_USERNAME / PLOD_ADMIN_PASSWORD: the first supervisor, when there is none. */
  admin?: { username: string; password: string };
  /** PLOD_CREW_CODE: the first crew access code, when there is none. */
  crewCode?: string;
  insecureAllowAll: boolean;
  /** Where a generated first password is written (the data folder); null with an in-memory store. */
  credentialsDir: string | null;
  logger: Logger;
}

/** Refuses PLOD_ADMIN_PASSWORD at once when it breaks the password rules (before any table is read). */
export function checkAdminPassword(admin: { password: string } | undefined): void {
  if (!admin) return;
  try {
    checkNewPassword(admin.password);
  } catch (error) {
    if (error instanceof PasswordPolicyError) {
      throw new Error(`PLOD_ADMIN_PASSWORD: ${error.message}`, { cause: error });
    }
    throw error;
  }
}

/**
 * First start: a crew access code, and a first supervisor from the options, or else `admin` with a
 * random password written to `<dataDir>/initial-credentials.txt` (mode 0600; never logged).
 * Processes starting at once on one database make one code and one first supervisor between them.
 */
export async function bootstrap(accounts: Accounts, options: BootstrapOptions): Promise<void> {
  const { logger } = options;
  checkAdminPassword(options.admin);
  const { code } = await accounts.ensureCrewCode(options.crewCode);
  if ((await accounts.supervisorCount()) > 0) return;
  if (options.admin) {
    const username = options.admin.username.trim();
    if (await addFirst(accounts, username, options.admin.password)) {
      logger.info('first supervisor created', { username });
    }
    return;
  }
  if (options.insecureAllowAll) {
    logger.warn('no supervisor account yet (set PLOD_ADMIN_USERNAME and PLOD_ADMIN_PASSWORD)');
    return;
  }
  if (options.credentialsDir === null) {
    logger.warn(
      'no supervisor account and nowhere to write one: set PLOD_ADMIN_USERNAME and PLOD_ADMIN_PASSWORD',
    );
    return;
  }
  const password = newPassword();
  const file = path.join(options.credentialsDir, INITIAL_CREDENTIALS_FILE);
  fs.mkdirSync(options.credentialsDir, { recursive: true });
  fs.writeFileSync(
    file,
    [
      'Plod first start: sign in as this supervisor, then delete this file.',
      'username: admin',
      `password: ${password}`,
      `crew access code: ${formatCrewCode(normalizeCrewCode(code))}`,
      '',
    ].join('\n'),
    { mode: 0o600 },
  );
  fs.chmodSync(file, 0o600);
  let added = false;
  try {
    added = await addFirst(accounts, 'admin', password);
  } finally {
    if (!added) fs.rmSync(file, { force: true });
  }
  if (added) {
    logger.warn('first start: supervisor "admin" created; password and crew code written', {
      file,
    });
  }
}

/**
 * Adds the first supervisor; false when another process on the same database added one first (its
 * username taken, a supervisor there).
 */
async function addFirst(accounts: Accounts, username: string, password: string): Promise<boolean> {
  try {
    await accounts.addSupervisor(username, password);
    return true;
  } catch (error) {
    if (isUniqueViolation(error) && (await accounts.supervisorCount()) > 0) return false;
    throw error;
  }
}
