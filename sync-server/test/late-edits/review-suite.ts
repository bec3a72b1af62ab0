import { describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import {
  addHoleToReport,
  addRun,
  addTimesheetEntry,
  readReport,
  setReportNotes,
  updateRun,
} from '@plod/model';
import type { HoleId } from '@plod/model';
import type { AppTablesBackend } from '../support/app-tables.ts';
import { synced, tempDir, waitFor } from '../helpers.ts';
import { lateEditServer } from './late-edit-server.ts';

const HOLE = 'DH-7' as HoleId;
const runsOf = (doc: Y.Doc) => readReport(doc).holes.flatMap((hole) => hole.runs);

interface Session {
  id: string;
  reportId: string;
  deviceName: string;
  editIds: string[];
  changes: { part: string; text: string }[];
  mergesAlong: string[];
  cannotMerge: string | null;
}

/** The review: a phone's late edits as sessions with their values, decided in any order. */
/** The suite, on the app tables of `backend` (SQLite and PostgreSQL). */
export function reviewSuite(backend: AppTablesBackend): void {
  describe(`late-edit review (${backend.label})`, () => {
    const { start, call, newReport, crewPhone, serverRead, acknowledged, submitOverSocket } =
      lateEditServer(backend);
    const sessions = async () => (await call('GET', '/api/late-edits/sessions')).body as Session[];

    /** A server, a plod with a hole on it, a crew phone on the plod, and the plod submitted. */
    async function submittedPlod(dataDir = tempDir()) {
      const server = await start(dataDir);
      const room = await newReport('2026-03-02');
      const phone = crewPhone(room, (await server.join('Night phone')).token);
      await synced(phone);
      addHoleToReport(phone.doc, { holeId: HOLE, targetDepth: 100, constantStickUp: 0.5 });
      await acknowledged(phone);
      await submitOverSocket(room);
      return { room, phone, dataDir };
    }

    /** Moves the kept edits so far an hour back, as if the phone came back again much later. */
    function anHourAgo(dataDir: string): Promise<void> {
      const back = new Date(Date.now() - 3_600_000).toISOString();
      return backend.withTables(dataDir, (sql) =>
        sql.run('UPDATE late_edits SET received_at = ?', [back]),
      );
    }

    /**
     * On a submitted plod the phone adds a run; an hour later it changes that run's stick-up (which
     * needs the run) and, given `notes`, the plod's notes: two sessions, the later building on the
     * older.
     */
    async function runThenLaterStickUp(notes?: string) {
      const { room, phone, dataDir } = await submittedPlod();
      const run = addRun(phone.doc, HOLE, { rodAdded: true, stickUp: 0.5 });
      await acknowledged(phone);
      await anHourAgo(dataDir);
      updateRun(phone.doc, run, { stickUp: 0.8 });
      if (notes !== undefined) setReportNotes(phone.doc, notes);
      await acknowledged(phone);
      const [older, later] = await sessions();
      return { room, phone, older, later };
    }

    it('shows one session of many updates as one card with its values, and merges it as one', async () => {
      const { room, phone } = await submittedPlod();
      // Working on after submission: each change reaches the server as an update of its own.
      const first = addRun(phone.doc, HOLE, { rodAdded: true, stickUp: 0.5 });
      await acknowledged(phone);
      addRun(phone.doc, HOLE, { rodAdded: true, stickUp: 0.5 });
      await acknowledged(phone);
      addTimesheetEntry(phone.doc, { activity: 'drilling', startTime: '06:00', endTime: '10:00' });
      await acknowledged(phone);
      updateRun(phone.doc, first, { notes: 'Soft ground' });
      await acknowledged(phone);

      const [session, ...others] = await sessions();
      expect(others).toEqual([]);
      expect(session?.editIds).toHaveLength(4);
      expect(session?.deviceName).toBe('Night phone');
      expect(session?.changes.map((c) => c.text)).toEqual([
        'Run 1 added on DH-7: 0.0-3.0 m',
        'Run 2 added on DH-7: 3.0-5.5 m',
        'Time entry added: Drilling 06:00-10:00',
        'Plod metres 0 -> 5.5 m',
        'Plod hours 0 -> 4 h',
      ]);
      expect(session?.cannotMerge).toBeNull();

      const before = await serverRead(room, (doc) => readReport(doc).updatedAt);
      const merged = await call('POST', `/api/late-edits/sessions/${session?.id ?? ''}/merge`);
      expect(merged.status).toBe(200);
      const report = await serverRead(room, readReport);
      expect(runsOf(await serverRead(room, (d) => d)).map((r) => r.notes)).toEqual([
        'Soft ground',
        null,
      ]);
      expect(report.status).toBe('sent');
      expect(report.timesheet).toHaveLength(1);
      expect((report.updatedAt ?? '') > (before ?? '')).toBe(true);
      expect(await sessions()).toEqual([]);
    });

    it('discards the first session and still merges the later one built on it', async () => {
      // Later, the phone also writes the notes.
      const { room, phone, older, later } = await runThenLaterStickUp('Bit changed at 4 m');
      expect(older?.changes.map((c) => c.text)).toEqual([
        'Run 1 added on DH-7: 0.0-3.0 m',
        'Plod metres 0 -> 3 m',
      ]);
      // Merged now, the later session would take the earlier one along (it needs its run).
      expect(later?.mergesAlong).toEqual([older?.id]);
      expect(later?.changes.map((c) => c.text)).toEqual([
        'Notes empty -> Bit changed at 4 m',
        'Run 1 stick-up 0.5 -> 0.8 m',
        'Plod metres 3 -> 2.7 m',
      ]);

      expect((await call('DELETE', `/api/late-edits/sessions/${older?.id ?? ''}`)).status).toBe(
        204,
      );
      // The run is undone everywhere, the phone included; the later session loses only its run part.
      await waitFor(() => runsOf(phone.doc).length === 0, 'the phone sees its run undone');
      const [left] = await sessions();
      expect(left?.id).toBe(later?.id);
      expect(left?.mergesAlong).toEqual([]);
      expect(left?.changes.map((c) => c.text)).toEqual(['Notes empty -> Bit changed at 4 m']);
      expect((await call('POST', `/api/late-edits/sessions/${left?.id ?? ''}/merge`)).status).toBe(
        200,
      );
      expect(await serverRead(room, (d) => readReport(d).notes)).toBe('Bit changed at 4 m');
      expect(await serverRead(room, runsOf)).toEqual([]);
      expect(await sessions()).toEqual([]);
    });

    it('merges a later session first, taking the earlier one it builds on along', async () => {
      const { room, older, later } = await runThenLaterStickUp();
      expect(later?.mergesAlong).toEqual([older?.id]);
      const merged = await call('POST', `/api/late-edits/sessions/${later?.id ?? ''}/merge`);
      expect(merged.status).toBe(200);
      expect(await serverRead(room, (d) => runsOf(d).map((r) => r.stickUp))).toEqual([0.8]);
      expect(await sessions()).toEqual([]);
      const again = await call('POST', `/api/late-edits/sessions/${older?.id ?? ''}/merge`);
      expect(again).toEqual({
        status: 404,
        body: { message: 'These edits were already merged or discarded.' },
      });
    });

    it('merges all and discards all, per plod or everywhere', async () => {
      const { room, phone } = await submittedPlod();
      setReportNotes(phone.doc, 'First');
      await acknowledged(phone);
      const all = await call('POST', '/api/late-edits/merge-all');
      expect(all).toEqual({ status: 200, body: { sessions: 1, edits: 1, failed: [] } });
      expect(await serverRead(room, (d) => readReport(d).notes)).toBe('First');

      setReportNotes(phone.doc, 'Second');
      await acknowledged(phone);
      const reportId = room.slice('report:'.length);
      const none = await call('POST', `/api/late-edits/discard-all?reportId=${reportId}`);
      expect(none).toEqual({ status: 200, body: { sessions: 1, edits: 1, failed: [] } });
      expect(await serverRead(room, (d) => readReport(d).notes)).toBe('First');
      await waitFor(() => readReport(phone.doc).notes === 'First', 'the phone sees it undone');
      expect(await sessions()).toEqual([]);

      // A plod id that is not one is refused with a message, not read as "every plod".
      const bad = await call('POST', '/api/late-edits/merge-all?reportId=not-an-id');
      expect(bad.status).toBe(400);
      expect((bad.body as { message: string }).message).toMatch(/reportId/);
    });
  });
}
