/**
 * A document store alone, in this process (no sockets, no Yjs): the CPU and wall time a commit
 * costs at the latency bench's load. Each commit holds `perCommit` updates of 35 bytes spread over
 * `docs` documents (10 commits a second carry 3,000 updates/s), and every document is compacted, as
 * the relay does, once it has between half and all of 500 rows since its last snapshot (a 600-byte
 * snapshot). SQLite: synchronous=FULL, WAL, the CPU the relay's writer thread spends. PostgreSQL
 * (`store-pg`): a throwaway cluster with fsync on; the CPU is this process's side only (what the
 * relay's event loop spends sending and reading), the server's is its own processes'.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase, startPgCluster } from '../scripts/pg-cluster.ts';
import type { DocumentStore } from '../src/store/document-store.ts';
import { PgStore } from '../src/store/pg-store.ts';
import { SqliteStore } from '../src/store/sqlite-store.ts';
import { reportNames, round } from './processes.ts';

export interface StoreOptions {
  docs: number;
  perCommit: number;
  commits: number;
}

interface OpenedStore {
  label: string;
  store: DocumentStore;
  cleanup(): Promise<void>;
  /** CPU time so far of the database server's processes, when they are not this one. */
  serverCpuMs?: () => number;
}

/** /proc's clock ticks per second (USER_HZ), 100 on Linux. */
const TICKS_PER_SECOND = 100;

/** User and system CPU of the postmaster and its children (backends, WAL writer, checkpointer). */
function clusterCpuMs(postmaster: number): number {
  let ticks = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // Fields after the command name (in parentheses): state, ppid, ... utime (14th), stime (15th).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(entry) !== postmaster && Number(fields[1]) !== postmaster) continue;
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

export async function storeBench(options: StoreOptions): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plod-store-bench-'));
  await measureStore(options, {
    label: 'synchronous=FULL',
    store: new SqliteStore(path.join(dir, 'plod.db'), { synchronous: 'FULL' }),
    cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }),
  });
}

export async function storePgBench(options: StoreOptions): Promise<void> {
  const cluster = await startPgCluster({ fsync: true });
  try {
    const url = await createDatabase(cluster.url, `bench_${randomUUID().slice(0, 8)}`);
    const store = new PgStore(url);
    await store.ready();
    const postmaster = Number(
      fs.readFileSync(path.join(cluster.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    await measureStore(options, {
      label: 'PostgreSQL, fsync on',
      store,
      cleanup: () => Promise.resolve(),
      serverCpuMs: () => clusterCpuMs(postmaster),
    });
  } finally {
    await cluster.stop();
  }
}

async function measureStore(options: StoreOptions, opened: OpenedStore): Promise<void> {
  console.log(
    `\n## Store commits: ${options.commits} commits of ${options.perCommit} updates over ` +
      `${options.docs} documents, compacting at 250-500 rows, ${opened.label}`,
  );
  const { store } = opened;
  try {
    const names = reportNames(options.docs);
    const updates = Array.from({ length: 1024 }, (_, i) =>
      Uint8Array.from({ length: 35 }, (_, j) => (i * 31 + j) & 0xff),
    );
    const snapshot = new Uint8Array(600).fill(7);
    const rows = new Map(names.map((name) => [name, 0]));
    const limits = new Map(names.map((name) => [name, 250 + Math.floor(Math.random() * 251)]));
    const lastSeq = new Map<string, number>();
    let compactions = 0;
    let next = 0;
    const server0 = opened.serverCpuMs?.() ?? 0;
    const cpu0 = process.cpuUsage();
    const wall0 = performance.now();
    for (let commit = 0; commit < options.commits; commit++) {
      const entries = Array.from({ length: options.perCommit }, () => {
        const docName = names[next % names.length] ?? '';
        const update = updates[next % updates.length] ?? new Uint8Array(1);
        next += 1;
        return { docName, update };
      });
      const seqs = await store.append(entries);
      entries.forEach((entry, i) => {
        rows.set(entry.docName, (rows.get(entry.docName) ?? 0) + 1);
        lastSeq.set(entry.docName, seqs[i] ?? 0);
      });
      for (const name of names) {
        if ((rows.get(name) ?? 0) < (limits.get(name) ?? 0)) continue;
        await store.compact(name, snapshot, lastSeq.get(name) ?? 0);
        rows.set(name, 0);
        compactions += 1;
      }
    }
    const cpu = process.cpuUsage(cpu0);
    const serverMs = (opened.serverCpuMs?.() ?? 0) - server0;
    const wallMs = performance.now() - wall0;
    const perCommit = (us: number) => round(us / 1000 / options.commits);
    console.table([
      {
        cpuMsPerCommit: perCommit(cpu.user + cpu.system),
        userMs: perCommit(cpu.user),
        systemMs: perCommit(cpu.system),
        wallMsPerCommit: round(wallMs / options.commits),
        cpuUsPerUpdate: round((cpu.user + cpu.system) / (options.commits * options.perCommit), 1),
        ...(opened.serverCpuMs ? { serverCpuMsPerCommit: round(serverMs / options.commits) } : {}),
        compactions,
      },
    ]);
  } finally {
    await store.close();
    await opened.cleanup();
  }
}
