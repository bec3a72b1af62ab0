import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { CloseCode } from '../../src/close-codes.ts';
import { CREW_CODE, SUPERVISOR, startSecureServer } from '../auth/helpers.ts';
import type { As, SecureServer } from '../auth/helpers.ts';
import { connectClient, synced, waitFor } from '../helpers.ts';
import type { TestClient } from '../helpers.ts';
import { spawnServer } from '../process.ts';
import type { ServerProcess } from '../process.ts';

/** CPU time (user + system, every thread) the process has used, in clock ticks (/proc, Linux). */
function cpuTicks(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return Number(fields[11]) + Number(fields[12]);
}

/** A crew phone's socket on a report, with its device token, counting what is acknowledged. */
function phone(url: string, room: string, token: string): TestClient {
  return connectClient(url, room, { durability: true, params: { token } });
}

/** `count` edits, each adding something new (so each is kept), then waits until all are kept. */
async function edit(client: TestClient, label: string, count: number): Promise<void> {
  const map = client.doc.getMap('crewNotes');
  for (let i = 0; i < count; i += 1) map.set(`${label}-${i}`, `note ${i} from ${label}`);
  await waitFor(() => client.tracker?.pending === 0, `${label} kept`, 120_000);
}

describe('late edits at scale', () => {
  const processes: ServerProcess[] = [];
  const clients: TestClient[] = [];
  let server: SecureServer | null = null;
  afterEach(async () => {
    for (const c of clients.splice(0)) c.destroy();
    for (const p of processes.splice(0)) if (p.child.exitCode === null) p.child.kill('SIGKILL');
    await server?.close();
    server = null;
  });

  it('keeps the 2,000th edit aside for about what the first ones cost', async () => {
    const spawned = await spawnServer({
      PLOD_INSECURE_ALLOW_ALL: 'false',
      PLOD_ADMIN_USERNAME: SUPERVISOR.username,
      PLOD_ADMIN_PASSWORD: SUPERVISOR.password,
      PLOD_CREW_CODE: CREW_CODE,
    });
    processes.push(spawned);
    const http = `http://127.0.0.1:${spawned.port}`;
    const login = await fetch(`${http}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: http },
      body: JSON.stringify(SUPERVISOR),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const asSupervisor = { 'content-type': 'application/json', origin: http, cookie };
    const created = await fetch(`${http}/api/shift-summaries`, {
      method: 'POST',
      headers: asSupervisor,
      body: JSON.stringify({ date: '2025-06-01' }),
    });
    const id = ((await created.json()) as { id: string }).id;
    const submitted = await fetch(`${http}/api/shift-summaries/${id}`, {
      method: 'PATCH',
      headers: asSupervisor,
      body: JSON.stringify({ status: 'sent' }),
    });
    expect(submitted.status).toBe(200);

    // Five phones, 400 late edits each, one after another: 2,000 edits kept on one plod.
    const costs: number[] = [];
    for (let device = 0; device < 5; device += 1) {
      const joined = await fetch(`${http}/api/devices/join`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code: CREW_CODE, deviceName: `Phone ${device}` }),
      });
      const { token } = (await joined.json()) as { token: string };
      const client = phone(spawned.url, `report:${id}`, token);
      clients.push(client);
      await synced(client);
      for (let batch = 0; batch < 2; batch += 1) {
        const before = cpuTicks(spawned.child.pid ?? 0);
        await edit(client, `d${device}b${batch}`, 200);
        costs.push(cpuTicks(spawned.child.pid ?? 0) - before);
      }
    }
    const lateEdits = await fetch(`${http}/api/late-edits`, { headers: asSupervisor });
    expect(((await lateEdits.json()) as unknown[]).length).toBe(2000);
    // Each batch is 200 edits. Reading every earlier edit for each new one made the last two
    // batches cost about five times the first two; kept flat, they cost about the same (the bound
    // leaves room for a noisy machine).
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    const first = Math.max(1, sum(costs.slice(0, 2)));
    const last = sum(costs.slice(-2));
    console.log(`late edits, server CPU ticks per 200 edits: ${costs.join(', ')}`);
    expect(last).toBeLessThan(first * 2.5);
  }, 240_000);

  it('closes a device’s socket with 4429 and a plain reason at its cap; its edits wait on the phone', async () => {
    server = await startSecureServer({ lateEditsPerDevice: 3 });
    const boss = await server.signIn();
    const created = await server.call(boss, 'POST', '/api/shift-summaries', { date: '2025-06-02' });
    const room = `report:${(created.body as { id: string }).id}`;
    const device = await server.join('Night shift phone');
    const other = await server.join('Day shift phone');
    const mine = phone(server.url, room, device.token);
    const theirs = phone(server.url, room, other.token);
    clients.push(mine, theirs);
    await Promise.all([synced(mine), synced(theirs)]);
    const status = await server.call(boss, 'PATCH', `/api/shift-summaries/${room.slice(7)}`, {
      status: 'sent',
    });
    expect(status.status).toBe(200);

    await edit(mine, 'kept', 3);
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      mine.provider.ws?.addEventListener('close', (event) =>
        resolve({ code: event.code, reason: event.reason }),
      ),
    );
    mine.doc.getMap('crewNotes').set('fourth', 'one too many');
    expect(await closed).toEqual({
      code: CloseCode.TooManyLateEdits,
      reason: 'Too many edits wait for a supervisor on this plod. Ask a supervisor to review them.',
    });
    expect(mine.tracker?.pending).toBe(1);
    const listed = async (as: As) =>
      (await server?.call(as, 'GET', '/api/late-edits'))?.body as {
        id: string;
        deviceId: string;
      }[];
    expect((await listed(boss)).map((edit) => edit.deviceId)).toEqual([
      device.deviceId,
      device.deviceId,
      device.deviceId,
    ]);
    // The cap is per device: a crewmate's late edit is still kept.
    await edit(theirs, 'crewmate', 1);
    expect(await listed(boss)).toHaveLength(4);

    // Once a supervisor has dealt with one, the phone's waiting edit is kept on its next connection.
    const first = (await listed(boss))[0]?.id ?? '';
    expect((await server.call(boss, 'DELETE', `/api/late-edits/${first}`)).status).toBe(204);
    mine.provider.connect();
    await waitFor(() => mine.tracker?.pending === 0, 'the waiting edit kept');
    expect(await listed(boss)).toHaveLength(4);
  });
});
