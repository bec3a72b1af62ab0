/**
 * A throwaway PostgreSQL cluster for the tests and the bench: `initdb` into a temporary folder,
 * `postgres` on a free port on 127.0.0.1 with its socket in that folder, stopped and removed by
 * `stop()` (and, if the process exits without calling it, on exit).
 *
 * PostgreSQL refuses to run as root: as root, the cluster runs as the unprivileged user `plodpg`
 * (created, without a home, if missing); as anyone else, as the current user. The binaries are looked up
 * on PATH, then in /usr/local/bin and /usr/lib/postgresql/<version>/bin; if they are missing this
 * throws (the PostgreSQL tests fail, they do not skip).
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './free-port.ts';

const run = promisify(execFile);

export const CLUSTER_USER = 'plodpg';
/** The cluster's superuser (trust authentication: no password, loopback and its own socket only). */
export const CLUSTER_ROLE = 'plod';
const FOLDER_PREFIX = 'plod-pg-';
/** The test process's pid, so a later run can tell a cluster whose owner died (see sweepOrphans). */
const OWNER_FILE = 'owner.pid';

export class PostgresMissingError extends Error {
  readonly reason = 'postgres-missing';
  constructor(missing: string[]) {
    super(
      `PostgreSQL is needed for these tests and ${missing.join(', ')} ${missing.length > 1 ? 'were' : 'was'} ` +
        'not found on PATH, in /usr/local/bin or in /usr/lib/postgresql/<version>/bin. ' +
        'Install PostgreSQL 15 (Debian: apt-get install postgresql-15).',
    );
    this.name = 'PostgresMissingError';
  }
}

export interface PgCluster {
  /** postgres://plod@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** The temporary folder: data/, the socket, the server log. */
  dir: string;
  /** Stops the server (fast shutdown) and removes the folder; safe to call twice. */
  stop(): Promise<void>;
  /**
   * `pg_ctl restart` (fast shutdown: every connection is ended), on the same port and settings;
   * resolves once it accepts connections again.
   */
  restart(): Promise<void>;
}

export interface PgClusterOptions {
  /**
   * fsync off (default for tests): commits are as transactional as ever, only not flushed to the
   * disk, which no test needs and which a shared machine's disk makes slow. The bench keeps it on.
   */
  fsync?: boolean;
}

/** Where the binaries are looked for: PATH, then /usr/local/bin, then Debian's versioned folders. */
export function postgresSearchDirs(): string[] {
  let versioned: string[] = [];
  try {
    versioned = fs
      .readdirSync('/usr/lib/postgresql')
      .sort((a, b) => Number(b) - Number(a))
      .map((version) => path.join('/usr/lib/postgresql', version, 'bin'));
  } catch {
    // no Debian PostgreSQL packages
  }
  return [...(process.env.PATH ?? '').split(':').filter(Boolean), '/usr/local/bin', ...versioned];
}

function findBinary(name: string, dirs: readonly string[]): string | null {
  for (const dir of dirs) {
    const file = path.join(dir, name);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return null;
}

/** initdb and pg_ctl (postgres must be beside them); throws PostgresMissingError naming what lacks. */
export function findPostgresBinaries(dirs: readonly string[] = postgresSearchDirs()): {
  initdb: string;
  pgCtl: string;
} {
  const found = new Map(
    ['initdb', 'pg_ctl', 'postgres'].map((name) => [name, findBinary(name, dirs)]),
  );
  const missing = [...found].filter(([, file]) => file === null).map(([name]) => name);
  if (missing.length > 0) throw new PostgresMissingError(missing);
  return { initdb: found.get('initdb') ?? '', pgCtl: found.get('pg_ctl') ?? '' };
}

const isRoot = () => process.getuid?.() === 0;

/** The user the cluster runs as, created if missing (a system user without a home). */
async function clusterUser(): Promise<{ uid: number; gid: number } | null> {
  if (!isRoot()) return null;
  const ids = async () => ({
    uid: Number((await run('id', ['-u', CLUSTER_USER])).stdout.trim()),
    gid: Number((await run('id', ['-g', CLUSTER_USER])).stdout.trim()),
  });
  try {
    return await ids();
  } catch {
    // Two runs starting at once may both try; the loser's useradd fails and the user exists.
    await run('useradd', ['-r', '-M', '-s', '/usr/sbin/nologin', CLUSTER_USER]).catch(
      () => undefined,
    );
    return ids();
  }
}

/** Runs a PostgreSQL command as the cluster's user, from its folder. */
function asClusterUser(command: string, args: string[], cwd: string) {
  const [file, argv] = isRoot()
    ? ['runuser', ['-u', CLUSTER_USER, '--', command, ...args]]
    : [command, args];
  return run(file, argv, { cwd, timeout: 60_000 });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Stops and removes clusters that an earlier run left behind when its process was killed before it
 * could stop them: folders of ours whose owner process is gone. A live owner's cluster is left alone.
 */
function sweepOrphans(pgCtl: string): void {
  const tmp = os.tmpdir();
  for (const name of fs.readdirSync(tmp)) {
    if (!name.startsWith(FOLDER_PREFIX)) continue;
    const dir = path.join(tmp, name);
    let owner: number;
    try {
      owner = Number(fs.readFileSync(path.join(dir, OWNER_FILE), 'utf8'));
    } catch {
      continue; // not (yet) one of ours
    }
    if (!Number.isInteger(owner) || owner <= 0 || alive(owner)) continue;
    stopNow(pgCtl, dir);
  }
}

/** Immediate stop and removal, synchronously (usable in an exit handler). */
function stopNow(pgCtl: string, dir: string): void {
  const data = path.join(dir, 'data');
  if (fs.existsSync(path.join(data, 'postmaster.pid'))) {
    const args = ['-D', data, '-m', 'immediate', '-w', 'stop'];
    try {
      execFileSync(
        isRoot() ? 'runuser' : pgCtl,
        isRoot() ? ['-u', CLUSTER_USER, '--', pgCtl, ...args] : args,
        {
          cwd: os.tmpdir(),
          stdio: 'ignore',
          timeout: 30_000,
        },
      );
    } catch {
      // already stopped
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

/** Initializes and starts a cluster; see the file's comment. */
export async function startPgCluster(options: PgClusterOptions = {}): Promise<PgCluster> {
  const { initdb, pgCtl } = findPostgresBinaries();
  sweepOrphans(pgCtl);
  const user = await clusterUser();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), FOLDER_PREFIX));
  fs.writeFileSync(path.join(dir, OWNER_FILE), String(process.pid));
  if (user) {
    fs.chownSync(dir, user.uid, user.gid);
    // The cluster's user must reach its folder: a private temporary folder (a test run's) gets
    // search permission for others (names only, never a listing).
    const parent = path.dirname(dir);
    const mode = fs.statSync(parent).mode & 0o7777;
    if ((mode & 0o001) === 0) fs.chmodSync(parent, mode | 0o001);
  }
  const onExit = () => stopNow(pgCtl, dir);
  process.once('exit', onExit);
  const data = path.join(dir, 'data');
  try {
    await asClusterUser(
      initdb,
      [
        '-D',
        data,
        '-A',
        'trust',
        '-U',
        CLUSTER_ROLE,
        '-E',
        'UTF8',
        '--locale=C',
        '--no-sync',
        '--no-instructions',
      ],
      dir,
    );
    const fsync = options.fsync === true ? 'on' : 'off';
    /** `pg_ctl` starting or restarting the server, logging to server.log, waiting up to 30 s. */
    const serverCtl = (action: 'start' | 'restart', args: string[]) =>
      asClusterUser(
        pgCtl,
        ['-D', data, '-l', path.join(dir, 'server.log'), ...args, '-w', '-t', '30', action],
        dir,
      );
    let port = 0;
    // Another process can take the free port between the check and the start: try a few.
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=${fsync}`;
      try {
        await serverCtl('start', ['-o', settings]);
        break;
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
    let stopped: Promise<void> | null = null;
    return {
      url: `postgres://${CLUSTER_ROLE}@127.0.0.1:${port}/postgres`,
      port,
      dir,
      restart: async () => {
        await serverCtl('restart', ['-m', 'fast']);
      },
      stop: () => {
        stopped ??= (async () => {
          process.removeListener('exit', onExit);
          await asClusterUser(pgCtl, ['-D', data, '-m', 'fast', '-w', 'stop'], dir).catch(() =>
            stopNow(pgCtl, dir),
          );
          fs.rmSync(dir, { recursive: true, force: true });
        })();
        return stopped;
      },
    };
  } catch (error) {
    process.removeListener('exit', onExit);
    const log = (() => {
      try {
        return fs.readFileSync(path.join(dir, 'server.log'), 'utf8');
      } catch {
        return '';
      }
    })();
    stopNow(pgCtl, dir);
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(
      `could not start a PostgreSQL test cluster: ${message}${log ? `\n${log}` : ''}`,
    );
  }
}

/** Runs `work` on one connection to `url`, then closes it. */
export async function withConnection<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates the database `name` (letters, digits and underscores) in the cluster `clusterUrl` names,
 * and returns the URL of the new database.
 */
export async function createDatabase(clusterUrl: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
  await withConnection(clusterUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Ends every connection to the database `name` and drops it. */
export async function dropDatabase(clusterUrl: string, name: string): Promise<void> {
  await withConnection(clusterUrl, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  );
}
