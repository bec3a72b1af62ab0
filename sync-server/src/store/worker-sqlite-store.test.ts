import fs from 'node:fs';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { SqliteStore } from './sqlite-store.ts';
import { COMPACTION_WAIT_MS, WorkerSqliteStore } from './worker-sqlite-store.ts';
import { runFileStoreContract, tempDbFile } from './store-contract.ts';

const tempFile = () => tempDbFile('plod-wstore-');

runFileStoreContract(
  'WorkerSqliteStore',
  'plod-wstore-',
  (file) => new WorkerSqliteStore(file, { synchronous: 'NORMAL' }),
);

/** This process's threads (Linux) by id: their nice values, from /proc/self/task/{tid}/stat. */
function threadNiceness(): Map<number, number> {
  const threads = new Map<number, number>();
  for (const tid of fs.readdirSync('/proc/self/task')) {
    try {
      const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      // Field 19 (nice) is the 17th after the command name, which may hold spaces.
      threads.set(Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
    } catch {
      // the thread ended while being read
    }
  }
  return threads;
}

/**
 * Transactions committed into a database's WAL file since it was last reset: frames whose header
 * carries the database size after a commit (non-zero only on a transaction's last frame).
 */
function walCommits(file: string): number {
  const wal = fs.readFileSync(`${file}-wal`);
  if (wal.length < 32) return 0;
  const pageSize = wal.readUInt32BE(8);
  const salts = [wal.readUInt32BE(16), wal.readUInt32BE(20)];
  let commits = 0;
  for (let at = 32; at + 24 + pageSize <= wal.length; at += 24 + pageSize) {
    // Frames of an earlier generation of the file (before a reset) are not this one's.
    if (wal.readUInt32BE(at + 8) !== salts[0] || wal.readUInt32BE(at + 12) !== salts[1]) break;
    if (wal.readUInt32BE(at + 4) !== 0) commits += 1;
  }
  return commits;
}

describe('WorkerSqliteStore', () => {
  it('commits a compaction with the append that follows it, as one transaction', async () => {
    const { dir, file } = tempFile();
    const store = new WorkerSqliteStore(file);
    const [seq] = await store.append([{ docName: 'doc', update: new Uint8Array([1]) }]);
    const before = walCommits(file);
    const compacted = store.compact('doc', new Uint8Array([9]), seq ?? 0);
    await store.append([{ docName: 'other', update: new Uint8Array([2]) }]);
    await compacted;
    expect(walCommits(file) - before).toBe(1);
    expect(await store.load('doc')).toEqual({
      snapshot: new Uint8Array([9]),
      snapshotSeq: seq,
      updates: [],
    });
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('commits a compaction alone when no append comes soon, and a delete after it', async () => {
    const { dir, file } = tempFile();
    const store = new WorkerSqliteStore(file);
    const [first, second] = await store.append([
      { docName: 'kept', update: new Uint8Array([1]) },
      { docName: 'gone', update: new Uint8Array([2]) },
    ]);
    const started = performance.now();
    await store.compact('kept', new Uint8Array([8]), first ?? 0);
    expect(performance.now() - started).toBeGreaterThanOrEqual(COMPACTION_WAIT_MS - 5);
    expect((await store.load('kept'))?.snapshot).toEqual(new Uint8Array([8]));
    // Asked before the delete, the compaction is done before it: it must not bring 'gone' back.
    const compacted = store.compact('gone', new Uint8Array([7]), second ?? 0);
    expect(await store.delete('gone')).toBe(true);
    await compacted;
    expect(await store.load('gone')).toBeNull();
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.runIf(process.platform === 'linux')(
    'runs its writer thread at the event loop’s priority, or lower if asked',
    async () => {
      const base = os.getPriority();
      const started = async (writerNiceness?: number) => {
        const { dir, file } = tempFile();
        const before = new Set(threadNiceness().keys());
        const store = new WorkerSqliteStore(file, { writerNiceness });
        await store.append([{ docName: 'doc', update: new Uint8Array([1]) }]);
        const fresh = [...threadNiceness()].filter(([tid]) => !before.has(tid));
        await store.close();
        fs.rmSync(dir, { recursive: true, force: true });
        return fresh.map(([, nice]) => nice);
      };
      // Broadcasts wait for commits: by default the writer is not lowered.
      expect((await started()).filter((nice) => nice !== base)).toEqual([]);
      // Asked, the writer (and only it) among the threads the store started runs nicer.
      const lowered = await started(5);
      expect(lowered.filter((nice) => nice !== base)).toEqual([Math.min(19, base + 5)]);
      expect(os.getPriority()).toBe(base);
    },
  );

  it('leaves WAL checkpoints to the writer thread: writes on the event loop’s connection run none', async () => {
    const { dir, file } = tempFile();
    const store = new WorkerSqliteStore(file);
    const db = store.database;
    db.exec('CREATE TABLE scratch (data BLOB)');
    const insert = db.prepare('INSERT INTO scratch (data) VALUES (?)');
    // 30 commits of about 100 pages each: three times SQLite's default checkpoint limit (1,000).
    for (let i = 0; i < 30; i++) {
      db.transaction(() => {
        for (let j = 0; j < 100; j++) insert.run(Buffer.alloc(3000, i));
      })();
    }
    // Without a checkpoint the log only grows; one would have sent writing back to its start.
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(2_500 * 4096);
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('has committed every append it resolved, as another connection sees after close', async () => {
    const { dir, file } = tempFile();
    const store = new WorkerSqliteStore(file);
    const batches = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        store.append([
          { docName: 'report:1', update: new Uint8Array([i, 1]) },
          { docName: 'report:2', update: new Uint8Array([i, 2]).subarray(1) },
        ]),
      ),
    );
    expect(batches.flat()).toEqual([...batches.flat()].sort((a, b) => a - b));
    await store.close();
    const reader = new SqliteStore(file);
    expect((await reader.load('report:1'))?.updates).toHaveLength(20);
    expect((await reader.load('report:2'))?.updates.map((row) => [...row.update])[0]).toEqual([2]);
    await reader.close();
    expect(fs.existsSync(`${file}-wal`) ? fs.statSync(`${file}-wal`).size : 0).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('rejects (never resolves) writes the dead writer did not answer, then starts a new one', async () => {
    const { dir, file } = tempFile();
    const store = new WorkerSqliteStore(file);
    await store.append([{ docName: 'doc', update: new Uint8Array([1]) }]);
    const inFlight = store.append([{ docName: 'doc', update: new Uint8Array([2]) }]);
    await store.killWriterForTest();
    await expect(inFlight).rejects.toThrow(/exited/);
    await store.append([{ docName: 'doc', update: new Uint8Array([3]) }]);
    const rows = (await store.load('doc'))?.updates.map((row) => row.update[0]);
    expect(rows?.[0]).toBe(1);
    expect(rows?.at(-1)).toBe(3);
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
