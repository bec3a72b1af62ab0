import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import type { AssignmentId, HoleId, RunId, SurveyEntryId, TimesheetEntryId } from '../ids/ids.ts';
import { isModelError } from '../errors/errors.ts';
import {
  assignCrewMember,
  removeCrewAssignment,
  setPrimaryDriller,
} from '../crew-assignment/crew-assignment-doc.ts';
import { addHoleToReport } from '../hole/report-hole-doc.ts';
import { addRun, removeRun } from '../run/run-doc.ts';
import { addSurveyEntry, removeSurveyEntry, updateSurveyEntry } from '../survey/survey-doc.ts';
import { addTimesheetEntry, removeTimesheetEntry } from '../timesheet/timesheet-doc.ts';
import { TIMESHEET_OVER_CAP_MESSAGE } from '../timesheet/timesheet.ts';
import { brokenInvariants } from './invariants.ts';
import { readReport } from './snapshot.ts';
import { newReportDoc, replicasOf, syncAll, syncInto } from './testing.ts';
import { validateReport } from './validate.ts';

const HOLES = ['DH-1', 'DH-2'] as HoleId[];
const NAMES = ['Bob', 'Cy', 'Dee', 'Eve'];
const replica = fc.integer({ min: 0, max: 2 });
const pick = fc.nat(20);

const command = fc.oneof(
  fc.record({
    kind: fc.constant('run' as const),
    at: replica,
    hole: fc.constantFrom(...HOLES),
    rod: fc.boolean(),
    stickUp: fc.constantFrom(0, 0.2, 0.5, 1),
    ori: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('removeRun' as const), at: replica, pick }),
  fc.record({ kind: fc.constant('primary' as const), at: replica, pick }),
  fc.record({
    kind: fc.constant('assign' as const),
    at: replica,
    name: fc.constantFrom(...NAMES),
    driller: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('unassign' as const), at: replica, pick }),
  fc.record({
    kind: fc.constant('time' as const),
    at: replica,
    start: fc.integer({ min: 0, max: 20 }),
    span: fc.integer({ min: 1, max: 6 }),
  }),
  fc.record({ kind: fc.constant('removeTime' as const), at: replica, pick }),
  fc.record({
    kind: fc.constant('editSurvey' as const),
    at: replica,
    pick,
    azimuth: fc.integer({ min: 0, max: 360 }),
  }),
  fc.record({ kind: fc.constant('removeSurvey' as const), at: replica, pick }),
  fc.record({ kind: fc.constant('sync' as const), from: replica, to: replica }),
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

const hhmm = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** Ignore refusals the UI would also show (complete hole, duplicate person, ...); rethrow anything else. */
function attempt(fn: () => unknown): void {
  try {
    fn();
  } catch (error) {
    if (!isModelError(error)) throw error;
  }
}

function choose<T>(items: readonly T[], index: number): T | undefined {
  return items.length === 0 ? undefined : items[index % items.length];
}

function apply(docs: readonly Y.Doc[], cmd: Command, removed: Set<string>): void {
  if (cmd.kind === 'sync') {
    if (cmd.from !== cmd.to) syncInto(docs[cmd.from] as Y.Doc, docs[cmd.to] as Y.Doc);
    return;
  }
  const doc = docs[cmd.at] as Y.Doc;
  const snap = readReport(doc);
  switch (cmd.kind) {
    case 'run':
      return attempt(() =>
        addRun(doc, cmd.hole, { rodAdded: cmd.rod, stickUp: cmd.stickUp, oriToolUsed: cmd.ori }),
      );
    case 'removeRun': {
      const run = choose(
        snap.holes.flatMap((h) => h.runs),
        cmd.pick,
      );
      if (run && removeRun(doc, run.id as RunId)) removed.add(run.id);
      return;
    }
    case 'primary': {
      const a = choose(
        snap.crew.filter((c) => c.role === 'driller'),
        cmd.pick,
      );
      if (a) setPrimaryDriller(doc, a.id);
      return;
    }
    case 'assign':
      return attempt(() =>
        assignCrewMember(doc, {
          crewMemberName: cmd.name,
          role: cmd.driller ? 'driller' : 'offsider',
        }),
      );
    case 'unassign': {
      const a = choose(snap.crew, cmd.pick);
      if (a && removeCrewAssignment(doc, a.id as AssignmentId)) removed.add(a.id);
      return;
    }
    case 'time':
      addTimesheetEntry(doc, {
        startTime: hhmm(cmd.start),
        endTime: hhmm(Math.min(23, cmd.start + cmd.span)),
      });
      return;
    case 'removeTime': {
      const t = choose(snap.timesheet, cmd.pick);
      if (t && removeTimesheetEntry(doc, t.id as TimesheetEntryId)) removed.add(t.id);
      return;
    }
    case 'editSurvey': {
      const s = choose(snap.survey, cmd.pick);
      if (s) updateSurveyEntry(doc, s.id as SurveyEntryId, { azimuth: cmd.azimuth });
      return;
    }
    case 'removeSurvey': {
      const s = choose(snap.survey, cmd.pick);
      if (s && removeSurveyEntry(doc, s.id as SurveyEntryId)) removed.add(s.id);
      return;
    }
  }
}

/** Ids of every entry each replica has seen, so a lost entry (never deleted) is caught. */
function entryIds(doc: Y.Doc): string[] {
  const s = readReport(doc);
  return [
    ...s.holes.flatMap((h) => h.runs.map((r) => r.id)),
    ...s.crew.map((c) => c.id),
    ...s.timesheet.map((t) => t.id),
    ...s.survey.map((x) => x.id),
  ];
}

describe('report convergence under random concurrent edits', () => {
  it('converges three replicas to one snapshot with a consistent depth chain, one primary and no lost entries', () => {
    const base = newReportDoc();
    for (const holeId of HOLES)
      addHoleToReport(base, { holeId, targetDepth: 40, constantStickUp: 0.1 });
    assignCrewMember(base, { crewMemberName: 'Al', role: 'driller', isPrimary: true });
    addSurveyEntry(base, { depth: 10 });
    addSurveyEntry(base, { depth: 20 });

    fc.assert(
      fc.property(fc.array(command, { maxLength: 40 }), (commands) => {
        const docs = replicasOf(base, 3);
        const removed = new Set<string>();
        const seen = new Set<string>();
        for (const cmd of commands) {
          apply(docs, cmd, removed);
          for (const doc of docs) {
            entryIds(doc).forEach((id) => seen.add(id));
            expect(brokenInvariants(readReport(doc))).toEqual([]);
          }
        }
        syncAll(docs);
        const [first, ...rest] = docs.map((d) => readReport(d));
        for (const other of rest) expect(other).toEqual(first);
        if (!first) return;
        expect(brokenInvariants(first)).toEqual([]);
        const present = new Set(entryIds(docs[0] as Y.Doc));
        for (const id of seen) if (!removed.has(id)) expect(present.has(id)).toBe(true);
        const overCap = first.totals.timesheetHours > 12;
        expect(validateReport(first).timesheet).toEqual(
          overCap ? [TIMESHEET_OVER_CAP_MESSAGE] : [],
        );
      }),
      { numRuns: 60 },
    );
  });
});
