import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from './helpers.ts';
import { spawnServer } from './process.ts';
import type { ServerProcess } from './process.ts';

const packageDir = path.resolve(import.meta.dirname, '..');
const modeOf = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);

describe('files the server writes', () => {
  const processes: ServerProcess[] = [];
  afterEach(() => {
    for (const p of processes.splice(0)) if (p.child.exitCode === null) p.child.kill('SIGKILL');
  });

  it('makes the data folder 0700 and the database, its WAL, shared memory and backups 0600', async () => {
    const dataDir = path.join(tempDir(), 'plod', 'data');
    const server = await spawnServer({ PLOD_DATA_DIR: dataDir });
    processes.push(server);
    const created = await fetch(`http://127.0.0.1:${server.port}/api/sites`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ siteName: 'Modes' }),
    });
    expect(created.status).toBe(201);
    const db = path.join(dataDir, 'plod.db');
    expect(modeOf(dataDir)).toBe('700');
    expect({
      db: modeOf(db),
      wal: modeOf(`${db}-wal`),
      shm: modeOf(`${db}-shm`),
    }).toEqual({ db: '600', wal: '600', shm: '600' });

    const backup = path.join(tempDir(), 'plod-backup.db');
    execFileSync(process.execPath, ['--import', 'tsx', 'src/backup.ts', backup], {
      cwd: packageDir,
      env: { ...process.env, PLOD_DATA_DIR: dataDir },
      stdio: 'ignore',
    });
    expect(fs.statSync(backup).size).toBeGreaterThan(0);
    expect(modeOf(backup)).toBe('600');
  });
});
