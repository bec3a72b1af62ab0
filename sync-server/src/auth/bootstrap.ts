import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '../logger.ts';
import type { Accounts } from './accounts.ts';
import { PasswordPolicyError } from './accounts.ts';
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

/**
 * First start: a crew access code, and a first supervisor from the options, or else `admin` with a
 * random password written to `<dataDir>/initial-credentials.txt` (mode 0600; never logged).
 */
export function bootstrap(accounts: Accounts, options: BootstrapOptions): void {
  const { logger } = options;
  let code = accounts.crewCode()?.code ?? null;
  if (code === null) code = accounts.setCrewCode(options.crewCode).code;
  if (accounts.supervisorCount() > 0) return;
  if (options.admin) {
    try {
      accounts.addSupervisorSync(options.admin.username, options.admin.password);
    } catch (error) {
      if (error instanceof PasswordPolicyError) {
        throw new Error(`PLOD_ADMIN_PASSWORD: ${error.message}`, { cause: error });
      }
      throw error;
    }
    logger.info('first supervisor created', { username: options.admin.username.trim() });
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
  try {
    accounts.addSupervisorSync('admin', password);
  } catch (error) {
    fs.rmSync(file, { force: true });
    throw error;
  }
  logger.warn('first start: supervisor "admin" created; password and crew code written', { file });
}
