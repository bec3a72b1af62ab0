/**
 * The SQLite document store alone, in this process (no sockets, no Yjs): the CPU and wall time a
 * commit costs at the latency bench's load, as the relay's writer thread spends it. Each commit
 * holds `perCommit` updates of 35 bytes spread over `docs` documents (10 commits a second carry
 * 3,000 updates/s), and every document is compacted, as the relay does, once it has between half
 * and all of 500 rows since its last snapshot (a 600-byte snapshot). synchronous=FULL, WAL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteStore } from '../src/store/sqlite-store.ts';
import { reportNames, round } from './processes.ts';

export interface StoreOptions {
  docs: number;
  perCommit: number;
  commits: number;
}

export async function storeBench(options: StoreOptions): Promise<void> {
  console.log(
    `\n## Store commits: ${options.commits} commits of ${options.perCommit} updates over ` +
      `${options.docs} documents, compacting at 250-500 rows, synchronous=FULL`,
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plod-store-bench-'));
  const store = new SqliteStore(path.join(dir, 'plod.db'), { synchronous: 'FULL' });
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
    const wallMs = performance.now() - wall0;
    const perCommit = (us: number) => round(us / 1000 / options.commits);
    console.table([
      {
        cpuMsPerCommit: perCommit(cpu.user + cpu.system),
        userMs: perCommit(cpu.user),
        systemMs: perCommit(cpu.system),
        wallMsPerCommit: round(wallMs / options.commits),
        cpuUsPerUpdate: round((cpu.user + cpu.system) / (options.commits * options.perCommit), 1),
        compactions,
      },
    ]);
  } finally {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
