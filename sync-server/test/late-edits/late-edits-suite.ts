import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  addHoleToReport,
  addRun,
  addTimesheetEntry,
  readReport,
  readReportMeta,
  setReportNotes,
  setStatus,
  updateRun,
} from '@plod/model';
import type { HoleId } from '@plod/model';
import type { AppTablesBackend } from '../support/app-tables.ts';
import { trackLateEdits } from '@plod/model/sync';
import { synced, tempDir, waitFor } from '../helpers.ts';
import type { TestClient } from '../helpers.ts';
import { lateEditServer } from './late-edit-server.ts';

const HOLE = 'DH-2025-001' as HoleId;
const PHONE_NAME = 'Night shift phone';
const runsOf = (doc: Y.Doc) => readReport(doc).holes.flatMap((hole) => hole.runs);

interface ListedEdit {
  id: string;
  reportId: string;
  deviceId: string;
  deviceName: string;
  receivedAt: string;
  bytes: number;
  parts: string[];
}

/** The suite, on the app tables of `backend` (SQLite and PostgreSQL). */
export function lateEditsSuite(backend: AppTablesBackend): void {
  describe(`late edits (${backend.label}): offline edits that arrive after submission are kept aside`, () => {
    const {
      live,
      start,
      call,
      newReport,
      crewPhone,
      supervisorSocket,
      serverRead,
      acknowledged,
      submitOverSocket,
    } = lateEditServer(backend);
    const listed = async () => {
      const res = await call('GET', '/api/late-edits');
      expect(res.status).toBe(200);
      return res.body as ListedEdit[];
    };
    /**
     * The phone, online after submission, adds a run and then notes on it: both are kept aside, the
     * second building on the first. Resolves with the listed late edits.
     */
    const runThenItsNotes = async (phone: TestClient) => {
      const runId = addRun(phone.doc, HOLE, { style: 'run-sheet', rodAdded: true, stickUp: 0.2 });
      await acknowledged(phone);
      updateRun(phone.doc, runId, { notes: 'Soft ground' });
      await acknowledged(phone);
      return listed();
    };
    /** Reconnects a phone and waits until it has synced (its step 2 re-sends what the server lacks). */
    const reconnect = async (client: TestClient) => {
      client.provider.disconnect();
      client.provider.connect();
      await synced(client);
    };

    it('keeps a late run aside, lists it, survives a restart, merges one edit and discards another', async () => {
      const dataDir = tempDir();
      await start(dataDir);
      const room = await newReport('2025-05-01');
      const id = room.slice('report:'.length);
      const device = await live().join(PHONE_NAME);
      const crewmateDevice = await live().join('Day shift tablet');

      // Before submission, a crew phone's edits are applied as usual.
      const phone = crewPhone(room, device.token);
      await synced(phone);
      addHoleToReport(phone.doc, { holeId: HOLE, targetDepth: 200, constantStickUp: 0.5 });
      await acknowledged(phone);
      expect(await serverRead(room, (doc) => readReport(doc).holes.length)).toBe(1);
      expect(await listed()).toEqual([]);

      // The phone goes offline and adds a run; a crewmate submits the report meanwhile.
      phone.provider.disconnect();
      addRun(phone.doc, HOLE, { style: 'run-sheet', rodAdded: true, stickUp: 0.2 });
      expect(phone.tracker?.pending).toBe(1);
      const crewmate = crewPhone(room, crewmateDevice.token);
      await synced(crewmate);
      setStatus(crewmate.doc, 'sent');
      await acknowledged(crewmate);
      expect(await serverRead(room, (doc) => readReportMeta(doc).status)).toBe('sent');

      // Back online: the run is kept aside, not applied, and the phone's barrier is answered.
      phone.provider.connect();
      await acknowledged(phone);
      expect(await serverRead(room, (doc) => runsOf(doc).length)).toBe(0);
      const [held, ...others] = await listed();
      expect(others).toEqual([]);
      expect(held).toMatchObject({
        reportId: id,
        deviceId: device.deviceId,
        deviceName: PHONE_NAME,
        parts: ['runs'],
      });
      expect(held?.bytes).toBeGreaterThan(0);
      expect(Number.isNaN(Date.parse(held?.receivedAt ?? ''))).toBe(false);
      expect(runsOf(crewmate.doc)).toEqual([]);

      // Reconnecting re-sends the run: no duplicate. A new edit after it is kept on its own.
      await reconnect(phone);
      setReportNotes(phone.doc, 'Bit changed at 40 m');
      await acknowledged(phone);
      const afterReconnect = await listed();
      expect(afterReconnect.map((edit) => edit.parts)).toEqual([['runs'], ['notes']]);
      expect(afterReconnect[0]?.id).toBe(held?.id);

      // Held edits are in the database: they survive a restart.
      phone.provider.disconnect();
      crewmate.provider.disconnect();
      const port = live().port;
      await live().close();
      await start(dataDir, port);
      expect(await listed()).toEqual(afterReconnect);

      // Merge: the run reaches the document, connected clients, fresh clients and the projection.
      crewmate.provider.connect();
      await synced(crewmate);
      const runId = held?.id ?? '';
      expect(await call('POST', `/api/late-edits/${runId}/merge`)).toEqual({
        status: 200,
        body: { id: runId, merged: true, edits: [runId], alongside: [] },
      });
      await waitFor(() => runsOf(crewmate.doc).length === 1, 'merge broadcast');
      const fresh = supervisorSocket(room);
      await synced(fresh);
      expect(runsOf(fresh.doc)).toHaveLength(1);
      expect(readReportMeta(fresh.doc).status).toBe('sent');
      const projector = live().server.rest.projector;
      await projector.flush();
      const row = (await projector.table.dump()).find((r) => r.id === id);
      expect(row?.metres).toBeGreaterThan(0);
      expect(row?.status).toBe('sent');

      // Discard: the notes edit leaves the list and the plod reads as before. The edit is brought in
      // and undone at once, so the phone, once back, sees its notes undone too.
      const notesId = afterReconnect[1]?.id ?? '';
      const before = await serverRead(room, (doc) => readReport(doc));
      expect(await call('DELETE', `/api/late-edits/${notesId}`)).toEqual({
        status: 204,
        body: null,
      });
      expect(await listed()).toEqual([]);
      const after = await serverRead(room, (doc) => readReport(doc));
      expect({ ...after, updatedAt: null }).toEqual({ ...before, updatedAt: null });
      expect(after.notes).toBeNull();

      // The phone re-sends the discarded notes on reconnect: they stay discarded. Its next edit is kept.
      await reconnect(phone);
      await waitFor(
        () => readReportMeta(phone.doc).notes === null,
        'the phone sees the notes undone',
      );
      addTimesheetEntry(phone.doc, { startTime: '06:00', endTime: '08:00', activity: 'drilling' });
      await acknowledged(phone);
      const last = await listed();
      expect(last.map((edit) => edit.parts)).toEqual([['timesheets']]);
      expect(await serverRead(room, (doc) => readReport(doc).timesheet)).toEqual([]);

      // Unknown and already handled ids answer 404.
      for (const gone of [runId, notesId, 'no-such-edit']) {
        expect((await call('POST', `/api/late-edits/${gone}/merge`)).status).toBe(404);
        expect((await call('DELETE', `/api/late-edits/${gone}`)).status).toBe(404);
      }
    });

    it('tells the phone its edits wait, then what was decided; a discarded edit leaves the phone', async () => {
      await start();
      const room = await newReport('2025-05-05');
      const device = await live().join(PHONE_NAME);
      const phone = crewPhone(room, device.token);
      const notices = trackLateEdits(phone.provider);
      await synced(phone);
      addHoleToReport(phone.doc, { holeId: HOLE, targetDepth: 200, constantStickUp: 0.5 });
      await acknowledged(phone);
      await waitFor(() => notices.state.waiting === 0 && phone.provider.synced, 'subscribed');

      // Offline, the phone adds a run and notes; the plod is submitted meanwhile.
      phone.provider.disconnect();
      addRun(phone.doc, HOLE, { style: 'run-sheet', rodAdded: true, stickUp: 0.2 });
      const supervisor = await submitOverSocket(room);

      // Back online: its edit is kept aside, durable (pending 0) and waiting (1).
      phone.provider.connect();
      await acknowledged(phone);
      await waitFor(() => notices.state.waiting === 1, 'told it waits');
      setReportNotes(phone.doc, 'Bit changed at 40 m');
      await waitFor(() => notices.state.waiting === 2, 'the second edit waits too');
      const [runEdit, notesEdit] = await listed();

      // Merge the run: the phone hears it, and keeps the run (the server has it now).
      expect((await call('POST', `/api/late-edits/${runEdit?.id ?? ''}/merge`)).status).toBe(200);
      await waitFor(() => notices.state.waiting === 1, 'merge heard');
      expect(notices.state.decided[0]).toMatchObject({
        id: runEdit?.id,
        decision: 'merged',
        parts: ['runs'],
      });
      expect(runsOf(phone.doc)).toHaveLength(1);

      // Discard the notes: the phone hears it, and its notes go, as on the server and every replica.
      expect((await call('DELETE', `/api/late-edits/${notesEdit?.id ?? ''}`)).status).toBe(204);
      await waitFor(() => notices.state.waiting === 0, 'discard heard');
      // The decision is told once the discarded edit is absorbed, which may come after the count.
      await waitFor(() => notices.state.decided.length === 2, 'the discard decided');
      expect(notices.state.decided.map((d) => [d.id, d.decision])).toEqual([
        [notesEdit?.id, 'discarded'],
        [runEdit?.id, 'merged'],
      ]);
      await waitFor(() => readReportMeta(phone.doc).notes === null, 'notes removed on the phone');
      await waitFor(() => readReportMeta(supervisor.doc).notes === null, 'and on the supervisor');
      const server = await serverRead(room, (doc) => readReport(doc));
      expect(readReport(phone.doc)).toEqual(server);
      expect(readReport(supervisor.doc)).toEqual(server);
      expect(server.holes[0]?.runs).toHaveLength(1);

      // Reconnecting sends nothing new: no late edit comes back.
      await reconnect(phone);
      await acknowledged(phone);
      expect(await listed()).toEqual([]);
      notices.destroy();
    });

    it('tells the phone a discard only once the edit can leave it (after the earlier edit it builds on)', async () => {
      await start();
      const room = await newReport('2025-05-06');
      const phone = crewPhone(room, (await live().join(PHONE_NAME)).token);
      const notices = trackLateEdits(phone.provider);
      await synced(phone);
      addHoleToReport(phone.doc, { holeId: HOLE, targetDepth: 200, constantStickUp: 0.5 });
      await acknowledged(phone);
      await submitOverSocket(room);
      const [first, second] = await runThenItsNotes(phone);
      await waitFor(() => notices.state.waiting === 2, 'both wait');

      // The notes build on the waiting run: discarded, but they cannot leave the phone yet, so the
      // phone is not told they did.
      expect((await call('DELETE', `/api/late-edits/${second?.id ?? ''}`)).status).toBe(204);
      await waitFor(() => notices.state.waiting === 1, 'the discard counted');
      expect(notices.state.decided).toEqual([]);
      expect(runsOf(phone.doc).map((run) => run.notes)).toEqual(['Soft ground']);

      // The run is merged: the notes are absorbed with it, and the phone hears both decisions and
      // ends as the server does.
      expect((await call('POST', `/api/late-edits/${first?.id ?? ''}/merge`)).status).toBe(200);
      await waitFor(() => notices.state.decided.length === 2, 'both decisions heard');
      expect(Object.fromEntries(notices.state.decided.map((d) => [d.id, d.decision]))).toEqual({
        [first?.id ?? '']: 'merged',
        [second?.id ?? '']: 'discarded',
      });
      await waitFor(() => runsOf(phone.doc)[0]?.notes === null, 'notes gone from the phone');
      expect(readReport(phone.doc)).toEqual(await serverRead(room, (doc) => readReport(doc)));
      notices.destroy();
    });

    it('merges an edit that builds on an earlier held edit together with that one', async () => {
      await start();
      const room = await newReport('2025-05-02');
      const phone = crewPhone(room, (await live().join(PHONE_NAME)).token);
      await synced(phone);
      addHoleToReport(phone.doc, { holeId: HOLE, targetDepth: 200, constantStickUp: 0.5 });
      await acknowledged(phone);
      await submitOverSocket(room);

      // Online after submission: each edit is kept as it arrives; the second one edits the first's run.
      const [first, second] = await runThenItsNotes(phone);
      expect(first?.parts).toEqual(['runs']);
      expect(second?.parts).toEqual(['runs']);

      // Merging the second first takes the first along: no refusal, nothing lost.
      const merged = await call('POST', `/api/late-edits/${second?.id ?? ''}/merge`);
      expect(merged).toEqual({
        status: 200,
        body: {
          id: second?.id,
          merged: true,
          edits: [first?.id, second?.id],
          alongside: [first?.id],
        },
      });
      const runs = await serverRead(room, runsOf);
      expect(runs.map((run) => run.notes)).toEqual(['Soft ground']);
      expect(await listed()).toEqual([]);
      const gone = await call('POST', `/api/late-edits/${first?.id ?? ''}/merge`);
      expect(gone).toEqual({
        status: 404,
        body: { message: 'These edits were already merged or discarded.' },
      });
    });

    it('merging an edit made before the phone learnt of the submission leaves the report submitted', async () => {
      await start();
      const room = await newReport('2025-05-03');
      // Concurrent values of one key: Yjs keeps the higher client id's, so the phone's status wins.
      const phoneDoc = new Y.Doc();
      phoneDoc.clientID = 0xfffffffe;
      const crewmateDoc = new Y.Doc();
      crewmateDoc.clientID = 1;
      const phone = crewPhone(room, (await live().join(PHONE_NAME)).token, phoneDoc);
      const crewmate = crewPhone(room, (await live().join('Day shift tablet')).token, crewmateDoc);
      await synced(phone);
      await synced(crewmate);

      phone.provider.disconnect();
      addTimesheetEntry(phone.doc, { startTime: '06:00', endTime: '08:00', activity: 'drilling' });
      setStatus(phone.doc, 'completed');
      setStatus(crewmate.doc, 'sent');
      await acknowledged(crewmate);
      phone.provider.connect();
      await acknowledged(phone);
      const [held] = await listed();
      expect(held?.parts).toEqual(['timesheets', 'status']);

      // Applied as it stands, the phone's offline status would replace the submission.
      const plain = new Y.Doc();
      Y.applyUpdate(plain, Y.encodeStateAsUpdate(crewmate.doc));
      Y.applyUpdate(plain, Y.encodeStateAsUpdate(phone.doc));
      expect(readReportMeta(plain).status).toBe('completed');

      expect((await call('POST', `/api/late-edits/${held?.id ?? ''}/merge`)).status).toBe(200);
      expect(await serverRead(room, (doc) => readReportMeta(doc).status)).toBe('sent');
      expect(await serverRead(room, (doc) => readReport(doc).timesheet)).toHaveLength(1);
      await waitFor(() => readReportMeta(crewmate.doc).status === 'sent', 'crewmate sees it sent');
      expect(readReport(crewmate.doc).timesheet).toHaveLength(1);
    });
    it('refuses to merge a kept edit it cannot read to the end, and leaves the report as it was', async () => {
      const dataDir = tempDir();
      await start(dataDir);
      const room = await newReport('2025-05-04');
      const phone = crewPhone(room, (await live().join(PHONE_NAME)).token);
      await synced(phone);
      await submitOverSocket(room);
      setReportNotes(phone.doc, 'Bit changed at 120 m');
      await acknowledged(phone);
      const [held] = await listed();
      const id = held?.id ?? '';

      // The kept bytes are damaged on disk (cut short): Yjs would throw partway through them.
      await backend.withTables(dataDir, async (sql) => {
        const [row] = await sql.all<{ update_blob: Uint8Array }>(
          'SELECT update_blob FROM late_edits WHERE id = ?',
          [id],
        );
        const cut = row?.update_blob.subarray(0, row.update_blob.byteLength - 3) ?? null;
        await sql.run('UPDATE late_edits SET update_blob = ? WHERE id = ?', [
          cut && Buffer.from(cut),
          id,
        ]);
      });
      const before = await serverRead(room, (doc) => Y.encodeStateAsUpdate(doc));
      const refused = await call('POST', `/api/late-edits/${id}/merge`);
      expect(refused.status).toBe(409);
      expect((refused.body as { message: string }).message).toBe(
        'These edits arrived damaged and cannot be merged. Discard them.',
      );
      expect(await serverRead(room, (doc) => Y.encodeStateAsUpdate(doc))).toEqual(before);
      expect(await serverRead(room, (doc) => readReportMeta(doc).notes)).toBeNull();
      expect((await listed()).map((edit) => edit.id)).toEqual([id]);
      expect((await call('DELETE', `/api/late-edits/${id}`)).status).toBe(204);
    });
  });
}
