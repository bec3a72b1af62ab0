import { describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import {
  readReportMeta,
  reportDocName,
  setDocActor,
  setStatus,
  setSummaryOverrides,
} from '@plod/model';
import type { ReportId } from '@plod/model';
import { NOBODY, startSecureServer } from '../auth/helpers.ts';
import type { As, SecureServer } from '../auth/helpers.ts';
import { closedAfterEach, connectClient, synced, waitFor } from '../helpers.ts';
import type { TestClient } from '../helpers.ts';

interface Entry {
  id: string;
  at: string;
  actor: { kind: string; name: string; deviceId: string | null; deviceName: string | null } | null;
  note: string | null;
  section: string;
  group: string;
  field: string | null;
  kind: string;
  old: unknown;
  new: unknown;
  text: string;
}
interface History {
  reportId: string;
  entries: Entry[];
  conflicts: { field: string; label: string; changeIds: string[] }[];
}

describe('GET /api/shift-summaries/{id}/history', () => {
  let server: SecureServer | null = null;
  const { clients, keepServer } = closedAfterEach<SecureServer>();

  const history = async (as: As, id: string) => {
    const reply = await server?.call(as, 'GET', `/api/shift-summaries/${id}/history`);
    expect(reply?.status).toBe(200);
    return reply?.body as History;
  };

  it('names the signed-in supervisor and the joined device of each REST write, old -> new', async () => {
    server = keepServer(await startSecureServer());
    const boss = await server.signIn();
    const phone = await server.join('Rig phone');
    const created = await server.call(phone, 'POST', '/api/shift-summaries', {
      date: '2025-07-14',
      notes: 'Dry hole',
    });
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    const phoneActor = {
      kind: 'crew',
      name: 'Rig phone',
      deviceId: phone.deviceId,
      deviceName: 'Rig phone',
    };

    expect(
      (await server.call(phone, 'PUT', `/api/shift-summaries/${id}`, { totalDepthDrilled: 10.5 }))
        .status,
    ).toBe(200);
    expect(
      (await server.call(boss, 'PATCH', `/api/shift-summaries/${id}`, { totalDepthDrilled: 12.5 }))
        .status,
    ).toBe(200);
    const time = await server.call(phone, 'POST', '/api/timesheet-entries', {
      shiftSummaryId: id,
      startTime: '06:00',
      endTime: '08:00',
    });
    expect(time.status).toBe(201);

    const asPhone = await history(phone, id);
    expect(await history(boss, id)).toEqual(asPhone);
    expect(asPhone.reportId).toBe(id);
    const find = (predicate: (e: Entry) => boolean) => asPhone.entries.filter(predicate);
    // The report was created by the phone: its first changes name it.
    expect(find((e) => e.field === 'notes')).toMatchObject([
      { actor: phoneActor, old: null, new: 'Dry hole', group: 'Notes' },
    ]);
    expect(find((e) => e.field === 'totalDepthDrilled')).toMatchObject([
      // From the derived value shown before the first override (no runs: 0 m).
      { actor: phoneActor, old: 0, new: 10.5, text: 'Total depth 0 → 10.5 m' },
      {
        actor: { kind: 'supervisor', name: 'boss', deviceId: null, deviceName: null },
        old: 10.5,
        new: 12.5,
        text: 'Total depth 10.5 → 12.5 m',
        group: 'Summary',
      },
    ]);
    expect(find((e) => e.section === 'timesheet')).toMatchObject([
      {
        actor: phoneActor,
        kind: 'add',
        field: null,
        text: 'Added time entry drilling 06:00-08:00',
      },
    ]);
    expect(asPhone.conflicts).toEqual([]);
    for (const entry of asPhone.entries) expect(Number.isNaN(Date.parse(entry.at))).toBe(false);
  });

  it('answers 404 for an unknown report and 401 to nobody', async () => {
    server = keepServer(await startSecureServer());
    const boss = await server.signIn();
    const missing = '0190a1b2-0000-7000-8000-000000000000';
    expect((await server.call(boss, 'GET', `/api/shift-summaries/${missing}/history`)).status).toBe(
      404,
    );
    expect(
      (await server.call(NOBODY, 'GET', `/api/shift-summaries/${missing}/history`)).status,
    ).toBe(401);
  });

  it('lists the fields two phones changed apart, and the late edit a supervisor merged', async () => {
    server = keepServer(await startSecureServer());
    const live = server;
    const boss = await live.signIn();
    const created = await live.call(boss, 'POST', '/api/shift-summaries', { date: '2025-07-15' });
    const id = (created.body as { id: ReportId }).id;
    const room = reportDocName(id);
    const phoneOf = async (name: string) => {
      const device = await live.join(name);
      const client = connectClient(live.url, room, {
        durability: true,
        params: { token: device.token },
      });
      clients.push(client);
      setDocActor(client.doc, {
        kind: 'crew',
        name,
        deviceId: device.deviceId,
        deviceName: name,
      });
      await synced(client);
      return client;
    };
    const acknowledged = (client: TestClient) =>
      waitFor(() => client.tracker?.pending === 0, 'edits acknowledged');
    const [ann, bob] = [await phoneOf('Ann'), await phoneOf('Bob')];

    // Both go offline and change total depth; then both sync.
    ann.provider.disconnect();
    bob.provider.disconnect();
    setSummaryOverrides(ann.doc, { totalDepthDrilled: 10.5 });
    setSummaryOverrides(bob.doc, { totalDepthDrilled: 12.5 });
    ann.provider.connect();
    bob.provider.connect();
    await acknowledged(ann);
    await acknowledged(bob);
    const apart = await history(boss, id);
    expect(apart.conflicts).toMatchObject([{ field: 'totalDepthDrilled', label: 'Total depth' }]);
    const names = apart.conflicts[0]?.changeIds.map(
      (changeId) => apart.entries.find((e) => e.id === changeId)?.actor?.name,
    );
    expect(names?.sort()).toEqual(['Ann', 'Bob']);

    // Bob goes offline and changes it again; Ann submits; Bob's change is kept aside, then merged.
    bob.provider.disconnect();
    setSummaryOverrides(bob.doc, { totalDepthDrilled: 8 });
    setStatus(ann.doc, 'sent');
    await acknowledged(ann);
    bob.provider.connect();
    await acknowledged(bob);
    const held = (await live.call(boss, 'GET', '/api/late-edits')).body as { id: string }[];
    expect(held).toHaveLength(1);
    const merge = await live.call(boss, 'POST', `/api/late-edits/${held[0]?.id}/merge`);
    expect(merge.status).toBe(200);
    const merged = await history(boss, id);
    const byBoss = merged.entries.filter((e) => e.actor?.kind === 'supervisor');
    expect(byBoss.at(-1)).toMatchObject({
      note: 'Merged a late edit from Bob',
      field: 'totalDepthDrilled',
      new: 8,
    });
    // Bob had seen both earlier values when he wrote 8: the conflict is settled.
    expect(merged.conflicts).toEqual([]);
    expect(await live.server.manager.read(room, (doc: Y.Doc) => readReportMeta(doc).status)).toBe(
      'sent',
    );
  });
});
