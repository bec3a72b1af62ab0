import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { setReportNotes } from '@plod/model';
import type { ServerOptions } from '../src/server.ts';
import { SqliteStore } from '../src/store/sqlite-store.ts';
import { CREW_CODE, SUPERVISOR, startSecureServer } from './auth/helpers.ts';
import { GatedStore } from './gated-store.ts';
import { closedAfterEach, connectClient, synced, tempDir, waitFor } from './helpers.ts';
import type { TestClient } from './helpers.ts';
import { spawnServer } from './process.ts';
import type { ServerProcess } from './process.ts';

/** A server whose storage can be made to fail as a full disk does, and freed again. */
interface Rig {
  /** How the disk is filled: a real 2 MB tmpfs, or (where mounting is refused) a failing store. */
  kind: 'tmpfs' | 'failing store';
  http(): string;
  url(): string;
  fill(): void;
  free(): void;
  /** Stops the server (SIGTERM) and starts it again on the same data. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** The first supervisor's session cookie on `rig`'s server. */
async function sessionCookie(rig: Rig): Promise<string> {
  const login = await fetch(`${rig.http()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: rig.http() },
    body: JSON.stringify(SUPERVISOR),
  });
  return (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

function tryMountTmpfs(dir: string): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Writes zeros until the file system refuses (ENOSPC). */
function fillUp(file: string): void {
  const fd = fs.openSync(file, 'w');
  try {
    for (const size of [64 * 1024, 4096, 512]) {
      const chunk = Buffer.alloc(size);
      for (;;) {
        try {
          fs.writeSync(fd, chunk);
        } catch {
          break;
        }
      }
    }
  } finally {
    fs.closeSync(fd);
  }
}

async function tmpfsRig(mount: string): Promise<Rig> {
  const dataDir = path.join(mount, 'data');
  const filler = path.join(mount, 'filler');
  const env = {
    PLOD_DATA_DIR: dataDir,
    PLOD_INSECURE_ALLOW_ALL: 'false',
    PLOD_ADMIN_USERNAME: SUPERVISOR.username,
    PLOD_ADMIN_PASSWORD: SUPERVISOR.password,
    PLOD_CREW_CODE: CREW_CODE,
  };
  let server: ServerProcess = await spawnServer(env);
  const stop = async () => {
    if (server.child.exitCode === null) server.child.kill('SIGTERM');
    await server.exited;
  };
  return {
    kind: 'tmpfs',
    http: () => `http://127.0.0.1:${server.port}`,
    url: () => server.url,
    fill: () => fillUp(filler),
    free: () => fs.rmSync(filler, { force: true }),
    restart: async () => {
      const port = String(server.port);
      await stop();
      server = await spawnServer({ ...env, PORT: port });
    },
    close: async () => {
      await stop();
      execFileSync('umount', [mount], { stdio: 'ignore' });
    },
  };
}

async function failingStoreRig(): Promise<Rig> {
  const file = path.join(tempDir(), 'plod.db');
  let store = new GatedStore(new SqliteStore(file));
  let server = await startSecureServer({ store });
  return {
    kind: 'failing store',
    http: () => server.http,
    url: () => server.url,
    fill: () => store.failWith(new Error('database or disk is full')),
    free: () => store.failWith(null),
    restart: async () => {
      const port = server.port;
      await server.close();
      store = new GatedStore(new SqliteStore(file));
      const options: ServerOptions & { port?: number } = { store, port };
      server = await startSecureServer(options);
    },
    close: () => server.close(),
  };
}

interface Answer {
  status: number;
  body: { message?: string; reason?: string; status?: string; id?: string };
}

describe('a full disk', () => {
  const { clients, keepServer } = closedAfterEach<Rig>();
  /** A durable client on plod `id` with the supervisor's session, synced. */
  const supervisorPhone = async (live: Rig, id: string, cookie: string) => {
    const phone = connectClient(live.url(), `report:${id}`, {
      durability: true,
      headers: { cookie, origin: live.http() },
    });
    clients.push(phone);
    await synced(phone);
    return phone;
  };

  it('answers writes, sign-in and join with 503 in time, says degraded, then recovers with nothing lost or doubled', async () => {
    const mount = tempDir('plod-disk-');
    const live = keepServer(tryMountTmpfs(mount) ? await tmpfsRig(mount) : await failingStoreRig());
    console.log(`disk full test runs on: ${live.kind}`);
    const call = async (
      method: string,
      url: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ): Promise<Answer> => {
      const res = await fetch(`${live.http()}${url}`, {
        method,
        headers: {
          origin: live.http(),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        // The bound is 2 s; a write that hangs until space returns fails here.
        signal: AbortSignal.timeout(5_000),
      });
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : {}) as Answer['body'] };
    };
    const signIn = () => call('POST', '/api/auth/login', SUPERVISOR);
    const cookie = await sessionCookie(live);
    const asBoss = { cookie };
    const report = await call('POST', '/api/shift-summaries', { date: '2025-07-01' }, asBoss);
    expect(report.status).toBe(201);
    const id = report.body.id ?? '';
    const phone = await supervisorPhone(live, id, cookie);

    live.fill();
    // Writes with their keys until the store fails (a first few may still fit in the WAL).
    const sent: { key: string; note: string; status: number }[] = [];
    for (let i = 0; i < 40 && !sent.some((write) => write.status === 503); i += 1) {
      const key = `entry-${i}-${crypto.randomUUID()}`;
      const note = `entry ${i} ${'x'.repeat(20_000)}`;
      const answer = await call(
        'POST',
        `/api/timesheet-entries?shiftSummaryId=${id}`,
        { startTime: '06:00', endTime: '07:00', activity: 'drilling', notes: note },
        { ...asBoss, 'idempotency-key': key },
      );
      expect([201, 503]).toContain(answer.status);
      if (answer.status === 503) expect(answer.body.message).toMatch(/cannot save right now/);
      sent.push({ key, note, status: answer.status });
    }
    expect(sent.some((write) => write.status === 503)).toBe(true);

    const refusedSignIn = await signIn();
    expect(refusedSignIn.status).toBe(503);
    expect(refusedSignIn.body.message).toMatch(/cannot save right now/);
    const join = await call('POST', '/api/devices/join', { code: CREW_CODE, deviceName: 'Late' });
    expect(join.status).toBe(503);
    const health = await call('GET', '/api/health');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({
      status: 'degraded',
      reason: expect.stringMatching(/full/),
    });
    phone.doc.getMap('m').set('while full', 'kept on the phone until saved');
    const later = await call(
      'POST',
      `/api/timesheet-entries?shiftSummaryId=${id}`,
      { startTime: '07:00', endTime: '08:00', activity: 'drilling', notes: 'refused at once' },
      { ...asBoss, 'idempotency-key': 'refused-at-once' },
    );
    expect(later.status).toBe(503);
    sent.push({ key: 'refused-at-once', note: 'refused at once', status: 503 });

    live.free();
    await waitFor(async () => (await call('GET', '/api/health')).status === 200, 'healthy', 20_000);
    // Every write that got 503 is retried with its key: each lands once.
    for (const write of sent.filter((item) => item.status === 503)) {
      const body = {
        startTime: write.key === 'refused-at-once' ? '07:00' : '06:00',
        endTime: write.key === 'refused-at-once' ? '08:00' : '07:00',
        activity: 'drilling',
        notes: write.note,
      };
      await waitFor(async () => {
        const answer = await call('POST', `/api/timesheet-entries?shiftSummaryId=${id}`, body, {
          ...asBoss,
          'idempotency-key': write.key,
        });
        return answer.status === 201;
      }, `retry of ${write.key}`);
    }
    await waitFor(() => phone.tracker?.pending === 0, 'the phone’s edit saved', 20_000);
    expect((await signIn()).status).toBe(200);

    const notesNow = async (as = asBoss) => {
      const entries = await call(
        'GET',
        `/api/timesheet-entries?shiftSummaryId=${id}`,
        undefined,
        as,
      );
      return (entries.body as unknown as { notes: string }[]).map((entry) => entry.notes).sort();
    };
    const expected = sent.map((write) => write.note).sort();
    expect(await notesNow()).toEqual(expected);

    // Nothing lost across a restart either.
    await live.restart();
    const again = await sessionCookie(live);
    expect(await notesNow({ cookie: again })).toEqual(expected);
    const check = connectClient(live.url(), `report:${id}`, {
      headers: { cookie: again, origin: live.http() },
    });
    clients.push(check);
    await synced(check);
    expect(check.doc.getMap('m').get('while full')).toBe('kept on the phone until saved');
  }, 120_000);

  it('answers reads from the last saved state, and lists from the projection, while updates wait to commit', async () => {
    const mount = tempDir('plod-disk-');
    const live = keepServer(tryMountTmpfs(mount) ? await tmpfsRig(mount) : await failingStoreRig());
    console.log(`disk full reads test runs on: ${live.kind}`);
    // A read that never answers fails here (the bound is 2 s), rather than hanging the test.
    const get = async (url: string, cookie: string) => {
      const res = await fetch(`${live.http()}${url}`, {
        headers: { cookie },
        signal: AbortSignal.timeout(5_000),
      });
      return {
        status: res.status,
        state: res.headers.get('x-plod-read-state'),
        body: await res.json(),
      };
    };
    const cookie = await sessionCookie(live);
    const created = await fetch(`${live.http()}/api/shift-summaries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: live.http(), cookie },
      body: JSON.stringify({ date: '2025-07-02', notes: 'Saved before the disk filled' }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const phone = await supervisorPhone(live, id, cookie);

    live.fill();
    // The phone edits until the store fails (the first few may still fit in the WAL).
    const filler = phone.doc.getMap('m');
    for (let i = 0; i < 40; i += 1) {
      filler.set(`fill ${i}`, 'x'.repeat(20_000));
      await waitFor(
        async () =>
          phone.tracker?.pending === 0 || (await fetch(`${live.http()}/api/health`)).status === 503,
        'the edit saved or the store failing',
      );
      if (phone.tracker?.pending !== 0) break;
    }
    expect((await fetch(`${live.http()}/api/health`)).status).toBe(503);
    setReportNotes(phone.doc, 'Typed while the disk was full');
    expect(phone.tracker?.pending).toBeGreaterThan(0);

    const one = await get(`/api/shift-summaries/${id}`, cookie);
    expect(one.status).toBe(200);
    expect(one.state).toBe('last-saved');
    expect(one.body).toMatchObject({ id, notes: 'Saved before the disk filled' });
    const list = await get('/api/shift-summaries', cookie);
    expect(list.status).toBe(200);
    expect(list.state).toBe('last-saved');
    expect((list.body as { id: string }[]).map((item) => item.id)).toContain(id);
    for (const url of [
      '/api/shift-summaries/totals',
      `/api/timesheet-entries?shiftSummaryId=${id}`,
      `/api/shift-summaries/${id}/history`,
      '/api/sites',
    ]) {
      expect((await get(url, cookie)).status, url).toBe(200);
    }
    expect(phone.tracker?.pending).toBeGreaterThan(0);

    live.free();
    await waitFor(() => phone.tracker?.pending === 0, 'the phone’s edits saved', 20_000);
    const after = await get(`/api/shift-summaries/${id}`, cookie);
    expect(after.state).toBeNull();
    expect(after.body).toMatchObject({ id, notes: 'Typed while the disk was full' });
  }, 120_000);
});

describe('a commit that does not come', () => {
  it('leaves a read answering from the last saved state, and saying so', async () => {
    const store = new GatedStore(new SqliteStore(path.join(tempDir(), 'plod.db')));
    const server = await startSecureServer({ store });
    const boss = await server.signIn();
    const phones: TestClient[] = [];
    try {
      const created = await server.call(boss, 'POST', '/api/shift-summaries', {
        date: '2025-07-03',
        notes: 'Saved',
      });
      const { id } = created.body as { id: string };
      const phone = connectClient(server.url, `report:${id}`, {
        durability: true,
        headers: server.socketHeaders(boss),
      });
      phones.push(phone);
      await synced(phone);
      // The store neither commits nor fails (a stalled disk): the phone's edit waits.
      store.hold();
      setReportNotes(phone.doc, 'Waiting for its commit');
      await waitFor(() => store.waiting > 0, 'the commit started');
      const read = await server.call(boss, 'GET', `/api/shift-summaries/${id}`);
      expect(read.status).toBe(200);
      expect(read.headers.get('x-plod-read-state')).toBe('last-saved');
      expect(read.body).toMatchObject({ notes: 'Saved' });

      store.release();
      await waitFor(() => phone.tracker?.pending === 0, 'the edit saved');
      const after = await server.call(boss, 'GET', `/api/shift-summaries/${id}`);
      expect(after.headers.get('x-plod-read-state')).toBeNull();
      expect(after.body).toMatchObject({ notes: 'Waiting for its commit' });
    } finally {
      for (const phone of phones) phone.destroy();
      await server.close();
    }
  });
});
