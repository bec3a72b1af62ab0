import path from 'node:path';
import readline from 'node:readline';
import { AppDatabase } from '../app-db/app-database.ts';
import { resolveDataDir } from '../data-dir.ts';
import { DATABASE_FILE } from '../store/sqlite-store.ts';
import { Accounts, PasswordPolicyError } from './accounts.ts';

/**
 * `pnpm --filter @plod/sync-server add-supervisor <username>`: adds a supervisor to the server's app
 * database (PLOD_DATA_DIR's, or PostgreSQL's when PLOD_DATABASE_URL is set), or sets a new password
 * for an existing one (ending their sessions). The password comes from PLOD_NEW_PASSWORD or the
 * first line of stdin, never from the command line (shell history). Safe while the server runs
 * (SQLite WAL, or PostgreSQL); the server's open sockets of reset sessions stay until they reconnect.
 */
async function readPassword(): Promise<string> {
  const fromEnv = process.env.PLOD_NEW_PASSWORD;
  if (fromEnv !== undefined) return fromEnv;
  if (process.stdin.isTTY) process.stderr.write('Password (input is shown): ');
  const lines = readline.createInterface({ input: process.stdin });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

async function main(): Promise<number> {
  const username = process.argv[2]?.trim();
  if (!username) {
    console.error('usage: add-supervisor <username>   (password from PLOD_NEW_PASSWORD or stdin)');
    return 2;
  }
  const password = await readPassword();
  const file = path.join(resolveDataDir(), DATABASE_FILE);
  const postgresUrl = process.env.PLOD_DATABASE_URL || undefined;
  const db = AppDatabase.open(file, { postgresUrl });
  try {
    const accounts = new Accounts(db.sql);
    if (await accounts.resetPassword(username, password)) {
      console.log(`password changed for supervisor ${username} (their sessions were ended)`);
    } else {
      await accounts.addSupervisor(username, password);
      console.log(`supervisor ${username} added`);
    }
    return 0;
  } catch (error) {
    if (error instanceof PasswordPolicyError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await db.close();
  }
}

process.exitCode = await main();
