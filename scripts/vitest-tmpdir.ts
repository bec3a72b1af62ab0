import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * One temporary folder for the whole Vitest run: every test's data folders, SQLite files and spawned
 * servers' folders go inside it (TMPDIR, which os.tmpdir() and the test workers read), and it is
 * removed when the run ends, so repeated runs do not fill the machine's /tmp.
 */
export default function setup(): () => void {
  const folder = mkdtempSync(join(tmpdir(), 'plod-vitest-'));
  const before = process.env.TMPDIR;
  process.env.TMPDIR = folder;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
  };
}
