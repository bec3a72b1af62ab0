import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { INITIAL_CREDENTIALS_FILE } from '../../src/auth/bootstrap.ts';
import { DATABASE_FILE } from '../../src/store/sqlite-store.ts';
import { databasePerTest } from '../pg/database.ts';
import { startServer, tempDir } from '../helpers.ts';
import { CREW_CODE, NOBODY, SUPERVISOR, startSecureServer } from './helpers.ts';

const packageDir = path.resolve(import.meta.dirname, '../..');

/** Runs the add-supervisor command as an operator would, with the server's settings. */
function addSupervisor(username: string, env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/auth/add-supervisor-cli.ts', username],
      { cwd: packageDir, env: { ...process.env, ...env } },
      (error, stdout, stderr) =>
        error ? reject(new Error(stderr || error.message)) : resolve(stdout),
    );
  });
}

describe('accounts with PLOD_DATABASE_URL', () => {
  const { createDatabase, keepServer } = databasePerTest();

  it('keeps supervisors, sessions, devices, client accounts and the crew code in PostgreSQL, none in plod.db, across a restart', async () => {
    const database = await createDatabase();
    const dataDir = tempDir();
    let server = keepServer(await startSecureServer({ databaseUrl: database.url, dataDir }));
    const boss = await server.signIn();
    const phone = await server.join('Rig 7 phone');
    const sites = (await server.call(boss, 'GET', '/api/sites')).body as { id: string }[];
    const created = await server.call(boss, 'POST', '/api/client-accounts', {
      username: 'acme',
      password: 'client password 9',
      siteIds: [sites[0]?.id],
    });
    expect(created.status).toBe(201);

    const rows = async (sql: string) => (await database?.query(sql))?.rows ?? [];
    expect(await rows('SELECT username, role FROM auth_supervisors ORDER BY username')).toEqual([
      { username: 'acme', role: 'client' },
      { username: 'boss', role: 'supervisor' },
    ]);
    expect(await rows('SELECT count(*)::int AS n FROM auth_sessions')).toEqual([{ n: 1 }]);
    expect(await rows('SELECT id, name FROM auth_devices')).toEqual([
      { id: phone.deviceId, name: 'Rig 7 phone' },
    ]);
    expect(await rows('SELECT code FROM auth_crew_code')).toEqual([{ code: 'K7QM4XPD' }]);
    const local = new Database(path.join(dataDir, DATABASE_FILE), { readonly: true });
    try {
      const tables = local
        .prepare<[], string>("SELECT name FROM sqlite_master WHERE name LIKE 'auth%'")
        .pluck()
        .all();
      expect(tables).toEqual([]);
    } finally {
      local.close();
    }

    // Another data folder, the same PostgreSQL: the same accounts, and no first-start password.
    await server.close();
    const elsewhere = tempDir();
    server = keepServer(
      await startSecureServer({
        databaseUrl: database.url,
        dataDir: elsewhere,
        admin: undefined,
        crewCode: undefined,
      }),
    );
    expect(fs.existsSync(path.join(elsewhere, INITIAL_CREDENTIALS_FILE))).toBe(false);
    expect((await server.call(boss, 'GET', '/api/auth/me')).body).toMatchObject({
      kind: 'supervisor',
      username: SUPERVISOR.username,
    });
    expect((await server.call(phone, 'GET', '/api/auth/me')).body).toMatchObject({
      deviceId: phone.deviceId,
    });
    expect((await server.signInClient('acme', 'client password 9')).cookie).not.toBe('');
    expect(
      (await server.call(NOBODY, 'POST', '/api/devices/join', { code: CREW_CODE, deviceName: 'B' }))
        .status,
    ).toBe(201);
  });

  it('writes one first supervisor when two processes start at once on an empty database', async () => {
    const database = await createDatabase();
    const dirs = [tempDir(), tempDir()];
    // Two processes on one database share its cluster secret (one alone refuses the other).
    const cluster = { secret: 'accounts-test-cluster-secret' };
    const [a, b] = await Promise.all(
      dirs.map((dataDir) =>
        startServer({ databaseUrl: database?.url, dataDir, insecureAllowAll: false, cluster }),
      ),
    );
    try {
      const written = dirs.filter((dir) => fs.existsSync(path.join(dir, INITIAL_CREDENTIALS_FILE)));
      expect(written).toHaveLength(1);
      const text = fs.readFileSync(path.join(written[0] ?? '', INITIAL_CREDENTIALS_FILE), 'utf8');
      const password = /password: (\S+)/.exec(text)?.[1] ?? '';
      const code = /crew access code: (\S+)/.exec(text)?.[1] ?? '';
      expect((await database.query('SELECT username FROM auth_supervisors')).rows).toEqual([
        { username: 'admin' },
      ]);
      // Either process signs the written supervisor in and joins a phone with the written code.
      for (const running of [a, b]) {
        const login = await fetch(`${running?.http}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'admin', password }),
        });
        expect(login.status).toBe(200);
        const join = await fetch(`${running?.http}/api/devices/join`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ code, deviceName: 'Phone' }),
        });
        expect(join.status).toBe(201);
      }
    } finally {
      await a?.close();
      await b?.close();
    }
  });

  it('adds a supervisor and resets a password with add-supervisor, in PostgreSQL', async () => {
    const database = await createDatabase();
    const dataDir = tempDir();
    const server = keepServer(await startSecureServer({ databaseUrl: database.url, dataDir }));
    const boss = await server.signIn();
    const env = { PLOD_DATABASE_URL: database.url, PLOD_DATA_DIR: dataDir };
    expect(
      await addSupervisor('night boss', { ...env, PLOD_NEW_PASSWORD: 'night shift password' }),
    ).toContain('supervisor night boss added');
    expect((await server.signIn('Night Boss', 'night shift password')).cookie).not.toBe('');
    expect(
      await addSupervisor('BOSS', { ...env, PLOD_NEW_PASSWORD: 'a brand new password' }),
    ).toContain('password changed');
    // The reset ended the old session: the server reads the same table.
    expect((await server.call(boss, 'GET', '/api/auth/me')).status).toBe(401);
    expect((await server.signIn('boss', 'a brand new password')).cookie).not.toBe('');
  });
});
