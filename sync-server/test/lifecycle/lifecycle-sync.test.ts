import { describe, expect, it } from 'vitest';
import { readReportMeta, reportDocName } from '@plod/model';
import type { ReportId } from '@plod/model';
import { CloseCode } from '../../src/close-codes.ts';
import { startSecureServer } from '../auth/helpers.ts';
import type { As, SecureServer } from '../auth/helpers.ts';
import { closedAfterEach, connectClient, synced, waitFor } from '../helpers.ts';
import type { TestClient } from '../helpers.ts';

/**
 * The lifecycle over /sync, from outside: stock y-websocket clients (the `ws` polyfill) with a crew
 * token or a supervisor's session write the plod's meta root directly, as every client can.
 */
describe('the lifecycle over /sync', () => {
  const { clients, keepServer } = closedAfterEach<SecureServer>();

  const setUp = async () => {
    const live = keepServer(await startSecureServer());
    const boss = await live.signIn();
    const created = await live.call(boss, 'POST', '/api/shift-summaries', { date: '2026-03-02' });
    expect(created.status).toBe(201);
    const id = (created.body as { id: ReportId }).id;
    const statusOf = async () => {
      const res = await live.call(boss, 'GET', `/api/shift-summaries/${id}`);
      expect(res.status).toBe(200);
      return (res.body as { status: string }).status;
    };
    return { live, boss, id, room: reportDocName(id), statusOf };
  };
  const keep = (client: TestClient) => {
    clients.push(client);
    return client;
  };
  const closeCodes = (client: TestClient) => {
    const codes: number[] = [];
    client.provider.on('connection-close', (event) => {
      if (event) codes.push(event.code);
    });
    return codes;
  };

  it('keeps aside a crew device that approves its own plod: the status stays, REST shows it unchanged', async () => {
    const { live, boss, room, statusOf } = await setUp();
    const device = await live.join('Rig 7 phone');
    const phone = keep(
      connectClient(live.url, room, { durability: true, params: { token: device.token } }),
    );
    await synced(phone);
    phone.doc.getMap('meta').set('status', 'approved');
    phone.doc.getMap('meta').set('statusSetBy', 'Rig 7 phone');
    await waitFor(() => phone.tracker?.pending === 0, 'the update answered');

    expect(await statusOf()).toBe('active');
    expect(await live.server.manager.read(room, (doc) => readReportMeta(doc).status)).toBe(
      'active',
    );
    // Kept aside for a supervisor, as a late edit.
    const held = await live.call(boss, 'GET', '/api/late-edits');
    expect((held.body as { deviceId: string }[]).map((edit) => edit.deviceId)).toEqual([
      device.deviceId,
    ]);
    // The crew's REST writes still work (the plod is not locked by the forged status).
    const patched = await live.call(device, 'PATCH', `/api/shift-summaries/${room.slice(7)}`, {
      notes: 'Core tray 3 cracked',
    });
    expect(patched.status).toBe(200);
  });

  it('applies a crew device’s allowed change (Complete Shift) as before', async () => {
    const { live, room, statusOf } = await setUp();
    const device = await live.join('Rig 7 phone');
    const phone = keep(
      connectClient(live.url, room, { durability: true, params: { token: device.token } }),
    );
    await synced(phone);
    phone.doc.getMap('meta').set('status', 'completed');
    await waitFor(() => phone.tracker?.pending === 0, 'the update answered');
    expect(await statusOf()).toBe('completed');
  });

  it('refuses a supervisor socket a return comment without a return, and any change to an approved plod', async () => {
    const { live, boss, id, room, statusOf } = await setUp();
    expect(
      (await live.call(boss, 'PATCH', `/api/shift-summaries/${id}`, { status: 'sent' })).status,
    ).toBe(200);
    /** A supervisor's socket on the plod, synced, and the close codes it gets. */
    const deskSocket = async () => {
      const desk = keep(
        connectClient(live.url, room, {
          headers: live.socketHeaders(boss as As & { kind: 'supervisor' }),
        }),
      );
      const codes = closeCodes(desk);
      await synced(desk);
      return { desk, codes };
    };
    const { desk, codes } = await deskSocket();
    desk.doc.getMap('meta').set('returnComment', 'Fix the hours');
    await waitFor(() => codes.includes(CloseCode.LifecycleRefused), 'the socket closed with 4409');
    expect(
      await live.server.manager.read(room, (doc) => readReportMeta(doc).returnComment),
    ).toBeNull();

    expect((await live.call(boss, 'POST', `/api/shift-summaries/${id}/approve`)).status).toBe(200);
    const { desk: second, codes: secondCodes } = await deskSocket();
    second.doc.getMap('meta').set('notes', 'changed after approval');
    await waitFor(() => secondCodes.includes(CloseCode.LifecycleRefused), 'closed with 4409');
    expect(await live.server.manager.read(room, (doc) => readReportMeta(doc).notes)).toBeNull();
    expect(await statusOf()).toBe('approved');
  });
});
