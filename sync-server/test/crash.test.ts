import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CloseCode } from '../src/close-codes.ts';
import { SqliteStore } from '../src/store/sqlite-store.ts';
import { connectClient, docFrom, synced, tempDir, waitFor } from './helpers.ts';
import type { TestClient } from './helpers.ts';
import { serverWithOneEdit, spawnServer } from './process.ts';
import { expectAcknowledgedIn, expectServedAfterRestart, streamingWriters } from './writers.ts';
import type { ServerProcess } from './process.ts';

const ROOM = 'report:crash';

describe('server process', () => {
  const processes: ServerProcess[] = [];
  const clients: TestClient[] = [];
  afterEach(async () => {
    for (const c of clients.splice(0)) c.destroy();
    for (const p of processes.splice(0)) if (p.child.exitCode === null) p.child.kill('SIGKILL');
  });

  it('keeps every acknowledged update when SIGKILLed while three clients stream', async () => {
    const dataDir = tempDir();
    const first = await spawnServer({ PLOD_DATA_DIR: dataDir });
    processes.push(first);
    const stream = await streamingWriters(first.url, ROOM, ['a', 'b', 'c'], {
      clients,
      upTo: 20_000,
      pause: () => new Promise((resolve) => setImmediate(resolve)),
    });
    const { writers } = stream;
    await stream.untilAcknowledged(1000, {
      message: 'a thousand acknowledged per client',
      timeoutMs: 20_000,
    });
    first.child.kill('SIGKILL');
    // Acknowledgements that reached us before the kill are the promise we must keep.
    const acknowledged = stream.acknowledged();
    const sent = writers.map((w) => w.client.tracker?.localSeq ?? 0);
    await stream.stop();
    expect(await first.exited).toBe('SIGKILL');
    expect(sent.some((count, i) => count > (acknowledged[i] ?? 0))).toBe(true);

    const store = new SqliteStore(path.join(dataDir, 'plod.db'));
    const reloaded = docFrom(await store.load(ROOM));
    await store.close();
    expectAcknowledgedIn(reloaded.getMap('m'), writers, acknowledged);

    // And the restarted server serves it, with the clients reconnecting by themselves.
    const second = await spawnServer({ PLOD_DATA_DIR: dataDir, PORT: String(first.port) });
    processes.push(second);
    await expectServedAfterRestart(second.url, ROOM, writers, clients);
  });

  it('keeps every acknowledged update when SIGKILLed during a compaction', async () => {
    const room = 'report:crash-compacting';
    const dataDir = tempDir();
    const env = {
      PLOD_DATA_DIR: dataDir,
      PLOD_LOG_LEVEL: 'debug',
      // A few MB of document compacted every 20-40 updates: the writer is compacting most of the time.
      PLOD_COMPACT_AFTER_UPDATES: '40',
    };
    let server = await spawnServer(env);
    processes.push(server);
    const seed = connectClient(server.url, room, { durability: true });
    clients.push(seed);
    await synced(seed);
    const big = seed.doc.getMap<string>('big');
    seed.doc.transact(() => {
      for (let i = 0; i < 300; i++) big.set(`b${i}`, `${i}:${'x'.repeat(10_000)}`);
    });
    await waitFor(() => seed.tracker?.pending === 0, 'the big document saved', 20_000);

    const stream = await streamingWriters(server.url, room, ['a', 'b', 'c'], {
      clients,
      upTo: 50_000,
      pause: () => new Promise((resolve) => setTimeout(resolve, 20)),
    });
    const { writers } = stream;

    /** Every update each writer had seen acknowledged is stored (read with the server down). */
    const expectStored = async (acknowledged: number[]) => {
      const store = new SqliteStore(path.join(dataDir, 'plod.db'));
      const reloaded = docFrom(await store.load(room));
      await store.close();
      expect(reloaded.getMap('big').size).toBe(300);
      expectAcknowledgedIn(reloaded.getMap('m'), writers, acknowledged);
    };

    // Killed as a compaction starts (the log says so), until one kill lands before it finished.
    const rounds: { round: number; midCompaction: boolean }[] = [];
    for (let round = 1; round <= 4 && !rounds.some((r) => r.midCompaction); round++) {
      await stream.untilAcknowledged(100, {
        since: stream.acknowledged(),
        message: 'a hundred more acknowledged per client',
        timeoutMs: 30_000,
      });
      const victim = server;
      let acknowledged: number[] = [];
      const linesAtKill: number[] = [];
      victim.onLog((line) => {
        if (linesAtKill.length === 0 && line.includes('"document compacting"')) {
          victim.child.kill('SIGKILL');
          // Acknowledgements that reached us before the kill are the promise we must keep.
          acknowledged = stream.acknowledged();
          linesAtKill.push(victim.logs.length);
        }
      });
      expect(await victim.exited).toBe('SIGKILL');
      const after = victim.logs.slice(linesAtKill[0] ?? 0);
      rounds.push({ round, midCompaction: !after.some((l) => l.includes('"document compacted"')) });
      await expectStored(acknowledged);

      server = await spawnServer({ ...env, PORT: String(victim.port) });
      processes.push(server);
      await waitFor(() => writers.every((w) => w.client.provider.synced), 'clients back', 15_000);
    }
    console.log('SIGKILL during compaction, rounds:', JSON.stringify(rounds));
    expect(rounds.some((r) => r.midCompaction)).toBe(true);

    await stream.settle();
    // The restarted server serves every update.
    await expectServedAfterRestart(server.url, room, writers, clients);
  }, 180_000);

  it('on SIGTERM closes sockets with 1012, commits and exits 0', async () => {
    const { server, dataDir, codes } = await serverWithOneEdit('report:term', {
      processes,
      clients,
    });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(codes).toContain(CloseCode.ServiceRestart);
    const store = new SqliteStore(path.join(dataDir, 'plod.db'));
    expect((await store.listDocuments()).includes('report:term')).toBe(true);
    await store.close();
  });
});
