import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  addTimesheetEntry,
  approveReport,
  concurrentChanges,
  createReport,
  isSubmittedStatus,
  readHistory,
  readReport,
  readReportHistory,
  readReportMeta,
  removeTimesheetEntry,
  reportDocName,
  returnReport,
  setDocActor,
  setReportNotes,
  setStatus,
  updateTimesheetEntry,
  withActor,
} from '@plod/model';
import type { HistoryEntry, ReportId, TimesheetEntryId } from '@plod/model';
import { AppDatabase } from '../../src/app-db/app-database.ts';
import { DocumentManager } from '../../src/docs/document-manager.ts';
import { LateEditDecisions } from '../../src/late-edits/decisions.ts';
import { LateEdits } from '../../src/late-edits/late-edits.ts';
import { createLogger } from '../../src/logger.ts';
import { MemoryStore } from '../../src/store/memory-store.ts';
import type { Actor } from '../../src/auth/principal.ts';

// Three phones and a desk on one plod, over the server's own late-edit machinery (kept edits in the
// app database, decisions on the live document): random schedules of offline windows, edits,
// deletes, submits, approvals, returns and decisions. At the end every replica and the server agree,
// no session is refused, and every change a person made is in the plod, seen and replaced by a later
// one, listed as a conflict, or in a late edit a supervisor discarded.

const PHONES = 3;
const BOSS: Actor = { kind: 'supervisor', username: 'boss', sessionId: null, expiresAt: 0 };

type Step =
  | { kind: 'offline' | 'online'; phone: number }
  | { kind: 'notes'; phone: number }
  | { kind: 'addEntry'; phone: number }
  | { kind: 'editEntry' | 'removeEntry'; phone: number; entry: number }
  | { kind: 'submit' | 'approve' | 'return' }
  | { kind: 'decide'; merge: boolean; pick: number };

const phone = fc.integer({ min: 0, max: PHONES - 1 });
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('offline' as const), phone }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('online' as const), phone }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('notes' as const), phone }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('addEntry' as const), phone }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constantFrom('editEntry' as const, 'editEntry' as const, 'removeEntry' as const),
      phone,
      entry: fc.nat(3),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constantFrom('submit' as const, 'approve' as const, 'return' as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('decide' as const),
      merge: fc.boolean(),
      pick: fc.nat(5),
    }),
  },
);

async function run(
  steps: readonly Step[],
  finals: readonly { merge: boolean; pick: number }[],
): Promise<void> {
  const logger = createLogger('silent');
  const manager = new DocumentManager({ store: new MemoryStore(), logger });
  const appDb = AppDatabase.inMemory();
  const lateEdits = new LateEdits(appDb.sql, manager, logger);
  const decisions = new LateEditDecisions(lateEdits, manager, logger);
  const id = '01a20000-0000-7000-8000-00000000abcd' as ReportId;
  const room = reportDocName(id);
  const lease = await manager.open(room);
  const server = lease.doc;
  try {
    await manager.transact(room, (doc) => withActor(doc, boss(), () => createReport(doc, { id })));
    const phones = Array.from({ length: PHONES }, (_, i) => {
      const doc = new Y.Doc();
      setDocActor(doc, {
        kind: 'crew',
        name: `Crew ${i}`,
        deviceId: `device-${i}`,
        deviceName: `Phone ${i}`,
      });
      return {
        doc,
        online: true,
        hold: lateEdits.holdFor(room, device(i)),
        records: new Set<string>(),
      };
    });
    const phoneAt = (i: number) => {
      const p = phones[i];
      if (!p) throw new Error(`no phone ${i}`);
      return p;
    };
    const discarded = new Set<string>();
    for (let i = 0; i < 2; i += 1) {
      addTimesheetEntry(phoneAt(0).doc, {
        activity: 'drilling',
        startTime: '06:00',
        endTime: '08:00',
      });
    }

    /** The relay's part: the phone's news to the server (kept aside once submitted), then back. */
    const sync = async (p: (typeof phones)[number]) => {
      const up = Y.encodeStateAsUpdate(p.doc, Y.encodeStateVector(server));
      if (p.hold.shouldHold(server)) await p.hold.keep(room, up, server);
      else await manager.transact(room, (doc) => Y.applyUpdate(doc, up));
      Y.applyUpdate(p.doc, Y.encodeStateAsUpdate(server, Y.encodeStateVector(p.doc)));
    };
    const syncOnline = async () => {
      for (let round = 0; round < 2; round += 1) {
        for (const p of phones) if (p.online) await sync(p);
      }
    };
    /** A phone's edit, as a screen makes it (not on a plod it knows is submitted); its record noted. */
    const edit = (p: (typeof phones)[number], change: (doc: Y.Doc) => void) => {
      if (isSubmittedStatus(readReportMeta(p.doc).status)) return;
      const before = new Set(readHistory(p.doc).map((e) => e.recordId));
      change(p.doc);
      for (const e of readHistory(p.doc)) if (!before.has(e.recordId)) p.records.add(e.recordId);
    };
    const entriesOf = (doc: Y.Doc) => readReport(doc).timesheet.map((row) => row.id);
    const decide = async (merge: boolean, pick: number) => {
      // Every waiting session can be shown and merged: it names what it changes.
      for (const reviewed of await decisions.review()) {
        expect(reviewed.cannotMerge).toBeNull();
        expect(reviewed.changes).not.toEqual([]);
      }
      const sessions = await lateEdits.sessions();
      const session = sessions[pick % Math.max(1, sessions.length)];
      if (!session) return;
      console.log('DECIDE', merge, session.edits.length);
      if (merge) {
        await decisions.mergeSession(session.id, BOSS);
      } else {
        for (const record of await recordsOf(session.edits.map((e) => e.id))) {
          discarded.add(record);
        }
        await decisions.discardSession(session.id);
      }
    };
    /** History records a discard would take away: those the kept edits bring that the plod lacks. */
    const recordsOf = async (ids: readonly string[]) => {
      const kept = await lateEdits.keptOf(room);
      const withAll = recordIds([server, ...kept.map((k) => k.update)]);
      const without = recordIds([
        server,
        ...kept.filter((k) => !ids.includes(k.id)).map((k) => k.update),
      ]);
      return [...withAll].filter((r) => !without.has(r));
    };
    await syncOnline();
    let counter = 0;

    for (const s of steps) {
      counter += 1;
      switch (s.kind) {
        case 'offline':
          phoneAt(s.phone).online = false;
          break;
        case 'online':
          phoneAt(s.phone).online = true;
          break;
        case 'notes':
          edit(phoneAt(s.phone), (doc) => setReportNotes(doc, `Notes ${counter}`));
          break;
        case 'addEntry':
          edit(phoneAt(s.phone), (doc) =>
            addTimesheetEntry(doc, { activity: 'drilling', startTime: '06:00', endTime: '08:00' }),
          );
          break;
        case 'editEntry':
        case 'removeEntry': {
          const p = phoneAt(s.phone);
          const target = entriesOf(p.doc)[s.entry] as TimesheetEntryId | undefined;
          if (!target) break;
          edit(p, (doc) => {
            if (s.kind === 'editEntry')
              updateTimesheetEntry(doc, target, { notes: `Row ${counter}` });
            else removeTimesheetEntry(doc, target);
          });
          break;
        }
        case 'submit':
        case 'approve':
        case 'return':
          await manager.transact(room, (doc) =>
            withActor(doc, boss(), () => {
              const status = readReportMeta(doc).status;
              if (s.kind === 'submit' && !isSubmittedStatus(status)) setStatus(doc, 'sent');
              if (s.kind === 'approve' && status === 'sent') approveReport(doc, 'Boss');
              if (s.kind === 'return' && status === 'sent') returnReport(doc, 'Fix it', 'Boss');
            }),
          );
          break;
        case 'decide':
          await decide(s.merge, s.pick);
          break;
      }
      await syncOnline();
    }

    // Everyone comes back; every session waiting is decided.
    for (const p of phones) p.online = true;
    await syncOnline();
    for (let i = 0; (await decisions.review()).length > 0; i += 1) {
      const final = finals[i % finals.length] ?? { merge: true, pick: 0 };
      await decide(final.merge, final.pick);
      await syncOnline();
    }
    await syncOnline();

    console.log(
      'STATS',
      JSON.stringify({
        discarded: discarded.size,
        records: phones.map((p) => p.records.size),
        history: readHistory(server).length,
        removals: readReportHistory(server).removals.length,
        conflicts: readReportHistory(server).conflicts.length,
        status: readReportMeta(server).status,
      }),
    );
    // All agree.
    const serverReport = readReport(server);
    for (const p of phones) expect(readReport(p.doc)).toEqual(serverReport);
    const serverHistory = readReportHistory(server);
    for (const p of phones) expect(readReportHistory(p.doc)).toEqual(serverHistory);

    // Every change a person made is accounted for.
    const { entries, conflicts, removals } = serverHistory;
    const inPlod = new Set(entries.map((e) => e.recordId));
    const seen = seenRecords(entries);
    const apart = new Set(concurrentChanges(entries).flatMap((pair) => pair.map((e) => e.id)));
    const listed = new Set([
      ...conflicts.flatMap((c) => c.changes.map((e) => e.id)),
      ...removals.flatMap((r) => r.changes.map((e) => e.id)),
    ]);
    const removedSeeing = removalsSeen(entries);
    for (const p of phones) {
      for (const record of p.records) {
        if (!inPlod.has(record)) {
          expect(discarded, `record ${record} is neither in the plod nor discarded`).toContain(
            record,
          );
          continue;
        }
        for (const change of entries.filter((e) => e.recordId === record && e.kind === 'change')) {
          const accounted =
            seen.has(change.id) ||
            apart.has(change.id) ||
            listed.has(change.id) ||
            removedSeeing.has(change.id) ||
            isCurrent(server, change);
          expect(
            accounted,
            `change ${change.id} (${change.field} ${String(change.new)}) lost`,
          ).toBe(true);
        }
      }
    }
  } finally {
    lease.release();
    await manager.close();
    await appDb.close();
  }
}

function boss() {
  return { kind: 'supervisor' as const, name: 'Boss', deviceId: null, deviceName: null };
}

function device(i: number) {
  return { deviceId: `device-${i}`, deviceName: `Phone ${i}` };
}

function recordIds(parts: readonly (Y.Doc | Uint8Array)[]): Set<string> {
  const doc = new Y.Doc();
  for (const part of parts) {
    Y.applyUpdate(doc, part instanceof Y.Doc ? Y.encodeStateAsUpdate(part) : part);
  }
  const ids = new Set(readHistory(doc).map((e) => e.recordId));
  doc.destroy();
  return ids;
}

/** Changes a later change of the same field saw (it replaced them knowingly). */
function seenRecords(entries: readonly HistoryEntry[]): Set<string> {
  const byField = new Map<string, HistoryEntry[]>();
  for (const e of entries) {
    if (e.kind !== 'change') continue;
    const key = `${e.section}|${e.entryId ?? ''}|${e.field ?? ''}`;
    byField.set(key, [...(byField.get(key) ?? []), e]);
  }
  const seen = new Set<string>();
  for (const changes of byField.values()) {
    const parents = new Set(changes.flatMap((c) => c.parents));
    for (const c of changes) if (parents.has(c.recordId)) seen.add(c.id);
  }
  return seen;
}

/** Changes of rows whose removal saw them (a person deleted the row knowing of the change). */
function removalsSeen(entries: readonly HistoryEntry[]): Set<string> {
  const seen = new Set<string>();
  for (const removal of entries.filter((e) => e.kind === 'remove')) {
    const parents = new Set(removal.parents);
    for (const e of entries) {
      if (e.kind === 'change' && e.entryId === removal.entryId && parents.has(e.recordId)) {
        seen.add(e.id);
      }
    }
  }
  return seen;
}

/** The change's value is what the plod shows now. */
function isCurrent(doc: Y.Doc, change: HistoryEntry): boolean {
  const report = readReport(doc);
  if (change.section === 'meta' && change.field === 'notes') {
    return (report.notes ?? null) === change.new;
  }
  if (change.section === 'timesheet') {
    const row = report.timesheet.find((r) => r.id === change.entryId);
    const value: unknown = row
      ? Object.entries(row).find(([k]) => k === change.field)?.[1]
      : undefined;
    return (value ?? null) === change.new;
  }
  return false;
}

describe('late edits of three phones over random schedules', () => {
  it('leave every replica and the server agreeing, with every change kept, listed or discarded', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 10, maxLength: 40 }),
        fc.array(fc.record({ merge: fc.boolean(), pick: fc.nat(5) }), {
          minLength: 1,
          maxLength: 4,
        }),
        run,
      ),
      { numRuns: 100 },
    );
  }, 120_000);
});
