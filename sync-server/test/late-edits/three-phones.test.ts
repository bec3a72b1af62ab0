import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  addHoleToReport,
  addRun,
  addTimesheetEntry,
  approveReport,
  readReport,
  readReportHistory,
  readReportMeta,
  removeTimesheetEntry,
  reportDocName,
  restoreRemovedEntry,
  returnReport,
  setReportNotes,
  setStatus,
  updateTimesheetEntry,
} from '@plod/model';
import type { HoleId, ReportId } from '@plod/model';
import { startSecureServer } from '../auth/helpers.ts';
import type { As, SecureServer } from '../auth/helpers.ts';
import { closedAfterEach, connectClient, synced, tempDir, waitFor } from '../helpers.ts';
import type { TestClient } from '../helpers.ts';

const HOLE = 'DH-9' as HoleId;

interface Session {
  id: string;
  deviceName: string;
  changes: { part: string; text: string }[];
  cannotMerge: string | null;
}

describe('late edits of three phones', () => {
  let server: SecureServer | null = null;
  const { clients, keepServer } = closedAfterEach<SecureServer>();
  const live = (): SecureServer => {
    if (!server) throw new Error('no server');
    return server;
  };
  const acknowledged = (client: TestClient) =>
    waitFor(() => client.tracker?.pending === 0, 'edits acknowledged');

  async function phone(room: string, name: string, clientID: number): Promise<TestClient> {
    const device = await live().join(name);
    const doc = new Y.Doc();
    doc.clientID = clientID;
    const client = connectClient(live().url, room, {
      doc,
      durability: true,
      params: { token: device.token },
    });
    clients.push(client);
    await synced(client);
    return client;
  }

  /** A server of its own with a plod on it: its supervisor and the plod's room. */
  async function plodOnNewServer() {
    server = keepServer(await startSecureServer({ dataDir: tempDir() }));
    const boss: As & { kind: 'supervisor' } = await server.signIn();
    const created = await live().call(boss, 'POST', '/api/shift-summaries', {
      date: '2026-03-02',
    });
    return { boss, room: reportDocName((created.body as { id: ReportId }).id) };
  }

  /** The supervisor's desk on `room`, synced. */
  async function deskOn(room: string, boss: As & { kind: 'supervisor' }): Promise<TestClient> {
    const desk = connectClient(live().url, room, { headers: live().socketHeaders(boss) });
    clients.push(desk);
    await synced(desk);
    return desk;
  }

  /** Offline phones come back, one after another, each until its edits are acknowledged. */
  async function backOnline(phones: TestClient[]): Promise<void> {
    for (const back of phones) {
      back.provider.connect();
      await synced(back);
      await acknowledged(back);
    }
  }

  // Phone A makes the plod; B and C open it and go offline; B adds a run and notes, C a time
  // entry; A submits, the desk returns it, A fixes and resubmits, the desk approves; B and C come
  // back. Both client id orders and both arrival orders.
  for (const [bId, cId, bFirst] of [
    [200, 100, true],
    [100, 200, true],
    [200, 100, false],
    [100, 200, false],
  ] as const) {
    it(`every session shows its changes and merges (B ${bId}, C ${cId}, ${bFirst ? 'B' : 'C'} back first)`, async () => {
      const { boss, room } = await plodOnNewServer();
      const a = await phone(room, 'Phone A', 50);
      addHoleToReport(a.doc, { holeId: HOLE, targetDepth: 100, constantStickUp: 0.5 });
      for (let i = 0; i < 3; i += 1) addRun(a.doc, HOLE, { rodAdded: true, stickUp: 0.5 });
      addTimesheetEntry(a.doc, { activity: 'drilling', startTime: '06:00', endTime: '08:00' });
      await acknowledged(a);
      const b = await phone(room, 'Phone B', bId);
      const c = await phone(room, 'Phone C', cId);
      b.provider.disconnect();
      c.provider.disconnect();
      addRun(b.doc, HOLE, { rodAdded: true, stickUp: 0.5 });
      setReportNotes(b.doc, 'B notes');
      addTimesheetEntry(c.doc, { activity: 'drilling', startTime: '08:00', endTime: '10:00' });

      setStatus(a.doc, 'completed');
      setStatus(a.doc, 'sent');
      await acknowledged(a);
      const desk = await deskOn(room, boss);
      await waitFor(() => readReportMeta(desk.doc).status === 'sent', 'desk sees it sent');
      returnReport(desk.doc, 'Fix the hours', 'Boss');
      await waitFor(() => readReportMeta(a.doc).status === 'returned', 'A sees it returned');
      setReportNotes(a.doc, 'A fixed it');
      setStatus(a.doc, 'sent');
      await acknowledged(a);
      await waitFor(() => readReportMeta(desk.doc).notes === 'A fixed it', 'desk sees the fix');
      await waitFor(() => readReportMeta(desk.doc).status === 'sent', 'desk sees it resent');
      approveReport(desk.doc, 'Boss');
      await waitFor(() => readReportMeta(a.doc).status === 'approved', 'A sees it approved');

      await backOnline(bFirst ? [b, c] : [c, b]);
      const sessions = (await live().call(boss, 'GET', '/api/late-edits/sessions'))
        .body as Session[];
      expect(sessions.map((s) => [s.deviceName, s.cannotMerge])).toEqual(
        expect.arrayContaining([
          ['Phone B', null],
          ['Phone C', null],
        ]),
      );
      for (const session of sessions) expect(session.changes).not.toEqual([]);
      for (const session of sessions) {
        const merged = await live().call(
          boss,
          'POST',
          `/api/late-edits/sessions/${session.id}/merge`,
        );
        expect(merged.status).toBe(200);
      }
      const serverState = await live().server.manager.read(room, (doc) => readReport(doc));
      expect(serverState.holes.flatMap((h) => h.runs)).toHaveLength(4);
      expect(serverState.timesheet).toHaveLength(2);
      for (const client of [a, b, c, desk]) {
        await waitFor(
          () => JSON.stringify(readReport(client.doc)) === JSON.stringify(serverState),
          'every replica agrees with the server',
        );
      }
    });
  }

  for (const [bId, cId] of [
    [200, 100],
    [100, 200],
  ] as const) {
    it(`two late edits of one field are both kept, one shown as the conflict (B ${bId}, C ${cId})`, async () => {
      const { boss, room } = await plodOnNewServer();
      const a = await phone(room, 'Phone A', 50);
      setReportNotes(a.doc, 'A notes');
      await acknowledged(a);
      const b = await phone(room, 'Phone B', bId);
      const c = await phone(room, 'Phone C', cId);
      b.provider.disconnect();
      c.provider.disconnect();
      setReportNotes(b.doc, 'B notes');
      setReportNotes(c.doc, 'C notes');
      const desk = await deskOn(room, boss);
      setStatus(desk.doc, 'sent');
      approveReport(desk.doc, 'Boss');
      await waitFor(() => readReportMeta(a.doc).status === 'approved', 'A sees it approved');
      await backOnline([b, c]);
      const sessions = (await live().call(boss, 'GET', '/api/late-edits/sessions'))
        .body as Session[];
      expect(sessions.map((s) => s.deviceName).sort()).toEqual(['Phone B', 'Phone C']);
      for (const session of sessions) {
        expect(session.cannotMerge).toBeNull();
        expect(session.changes.map((change) => change.text).join(' ')).toContain(
          session.deviceName === 'Phone B' ? 'B notes' : 'C notes',
        );
      }
      const mergeSession = async (id: string) => {
        const merged = await live().call(boss, 'POST', `/api/late-edits/sessions/${id}/merge`);
        expect(merged.status).toBe(200);
      };
      await mergeSession(sessions[0]?.id ?? '');
      // Once the first is merged, the other still names what its phone wrote: a change made apart.
      const [left, ...none] = (await live().call(boss, 'GET', '/api/late-edits/sessions'))
        .body as Session[];
      expect(none).toEqual([]);
      const theirs = left?.deviceName === 'Phone B' ? 'B notes' : 'C notes';
      const first = left?.deviceName === 'Phone B' ? 'C notes' : 'B notes';
      expect(left?.changes).toContainEqual({
        part: 'Notes',
        text: `Conflict: Notes A notes → ${theirs}, made apart from Notes A notes → ${first}`,
      });
      await mergeSession(left?.id ?? '');
      const { conflicts } = await live().server.manager.read(room, readReportHistory);
      expect(conflicts.map((c) => [c.field, c.changes.map((ch) => ch.new).sort()])).toEqual([
        ['notes', ['B notes', 'C notes']],
      ]);
      const notes = await live().server.manager.read(room, (doc) => readReportMeta(doc).notes);
      for (const client of [a, b, c, desk]) {
        await waitFor(() => readReportMeta(client.doc).notes === notes, 'every phone agrees');
      }
    });
  }

  it('an edit to an entry another phone deleted is a conflict in the review and the history, and Restore brings it back', async () => {
    const { boss, room } = await plodOnNewServer();
    const a = await phone(room, 'Phone A', 50);
    const entry = addTimesheetEntry(a.doc, {
      activity: 'drilling',
      startTime: '06:00',
      endTime: '08:00',
    });
    await acknowledged(a);
    const b = await phone(room, 'Phone B', 200);
    const c = await phone(room, 'Phone C', 100);
    b.provider.disconnect();
    c.provider.disconnect();
    removeTimesheetEntry(b.doc, entry);
    updateTimesheetEntry(c.doc, entry, { notes: 'Bit stuck' });
    const desk = await deskOn(room, boss);
    setStatus(desk.doc, 'sent');
    await waitFor(() => readReportMeta(a.doc).status === 'sent', 'A sees it sent');
    await backOnline([b, c]);
    const mergeAll = await live().call(boss, 'GET', '/api/late-edits/sessions');
    const sessions = mergeAll.body as Session[];
    expect(sessions).toHaveLength(2);
    const first = sessions.find((session) => session.deviceName === 'Phone B');
    expect(
      (await live().call(boss, 'POST', `/api/late-edits/sessions/${first?.id ?? ''}/merge`)).status,
    ).toBe(200);
    const [other] = (await live().call(boss, 'GET', '/api/late-edits/sessions')).body as Session[];
    expect(other?.deviceName).toBe('Phone C');
    expect(other?.changes.map((change) => change.text)).toContainEqual(
      expect.stringMatching(/^Conflict: .*Bit stuck.*made apart from Removed/),
    );
    expect(
      (await live().call(boss, 'POST', `/api/late-edits/sessions/${other?.id ?? ''}/merge`)).status,
    ).toBe(200);
    const history = (
      await live().call(boss, 'GET', `/api/shift-summaries/${room.slice('report:'.length)}/history`)
    ).body as { removals: { entryId: string; changeIds: string[] }[] };
    expect(history.removals.map((r) => [r.entryId, r.changeIds.length])).toEqual([[entry, 1]]);
    for (const client of [a, b, c, desk]) {
      await waitFor(
        () => readReportHistory(client.doc).removals.length === 1,
        'every phone lists the conflict',
      );
    }
    const [conflict] = readReportHistory(desk.doc).removals;
    if (!conflict) throw new Error('no conflict');
    restoreRemovedEntry(desk.doc, conflict);
    for (const client of [a, b, c]) {
      await waitFor(
        () =>
          readReport(client.doc)
            .timesheet.map((row) => row.notes)
            .join() === 'Bit stuck',
        'every phone has the entry back with the edit',
      );
      expect(readReportHistory(client.doc).removals).toEqual([]);
    }
  });
});
