import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { resolveDataDir } from './data-dir.ts';
import { DATABASE_FILE, backupPrivately } from './store/sqlite-store.ts';

/**
 * `pnpm --filter @plod/sync-server backup <file>`: an online backup of PLOD_DATA_DIR/plod.db,
 * consistent even while the server runs. A relative <file> is taken from where pnpm was started.
 */
async function main(): Promise<void> {
  const target = process.argv[2];
  if (!target) {
    console.error('usage: backup <file>');
    process.exit(2);
  }
  // PLOD_DATA_DIR resolves as the server's does; the target from the folder pnpm was started in.
  const source = path.join(resolveDataDir(), DATABASE_FILE);
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), target);
  if (!fs.existsSync(source)) {
    console.error(`no database at ${source}`);
    process.exit(1);
  }
  // Whatever SQLite creates beside the backup (its journal) is private too.
  process.umask(0o077);
  const db = new Database(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await backupPrivately(db, file);
  } finally {
    db.close();
  }
  console.log(JSON.stringify({ level: 'info', msg: 'backup written', source, file }));
}

await main();
