import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { AssignmentId, SurveyEntryId } from '../ids/ids.ts';
import { assignCrewMember, setPrimaryDriller } from '../crew-assignment/crew-assignment-doc.ts';
import { reportMap } from '../kernel/report-keys.ts';
import { mutateReport } from '../kernel/mutate.ts';
import {
  mergeUpdates,
  newReportDoc,
  permutations,
  replicasOf,
  syncAll,
  syncInto,
} from '../report-doc/testing.ts';
import { setReportNotes, updateShiftDetails } from '../shift-summary/report-meta-doc.ts';
import { addSurveyEntry, readSurvey, updateSurveyEntry } from '../survey/survey-doc.ts';
import { setDocActor } from './actor.ts';
import { concurrentChanges, findConflicts } from './conflicts.ts';
import { readHistory } from './read.ts';
import { fieldKey } from './stored.ts';

/**
 * Random edits of the same few fields on 2 or 3 replicas, with random partial syncs between them.
 * The test keeps its own account of which changes each replica had seen (a sync hands over all the
 * sender has), and checks the history against it after every replica has everything.
 */
const FIELDS = ['notes', 'depth', 'primary', 'endTime', 'azimuth'] as const;
type Field = (typeof FIELDS)[number];

const KEYS: Record<Field, string> = {
  notes: fieldKey('meta', null, 'notes'),
  depth: fieldKey('overrides', null, 'totalDepthDrilled'),
  primary: fieldKey('meta', null, 'primaryAssignmentId'),
  endTime: fieldKey('shift', null, 'endTime'),
  azimuth: '',
};

const command = (replicas: number) =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('write' as const),
        at: fc.nat(replicas - 1),
        field: fc.constantFrom(...FIELDS),
        value: fc.nat(2),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('sync' as const),
        from: fc.nat(replicas - 1),
        to: fc.nat(replicas - 1),
      }),
    },
  );

interface Write {
  recordId: string;
  key: string;
  value: unknown;
  /** Records the writing replica held when it wrote. */
  seen: ReadonlySet<string>;
}

function makeBase() {
  const base = newReportDoc();
  const drillers = [
    assignCrewMember(base, { crewMemberName: 'Bob', role: 'driller' }),
    assignCrewMember(base, { crewMemberName: 'Cy', role: 'driller' }),
    assignCrewMember(base, { crewMemberName: 'Dee', role: 'driller' }),
  ];
  const point = addSurveyEntry(base, { depth: 30 });
  return { base, drillers, point };
}

function write(
  doc: Y.Doc,
  field: Field,
  value: number,
  drillers: readonly AssignmentId[],
  point: SurveyEntryId,
) {
  switch (field) {
    case 'notes':
      return setReportNotes(doc, ['Dry', 'Wet', 'Core loss'][value] ?? null);
    case 'depth':
      // Written as it is, even when unchanged (a mutation that does not check first).
      return mutateReport(doc, () =>
        reportMap(doc, 'overrides').set('totalDepthDrilled', 10 + value),
      );
    case 'primary':
      return setPrimaryDriller(doc, drillers[value] as AssignmentId);
    case 'endTime':
      return updateShiftDetails(doc, { endTime: ['16:00', '17:00', '18:30'][value] ?? '17:00' });
    case 'azimuth':
      return updateSurveyEntry(doc, point, { azimuth: 100 + value });
  }
}

const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

describe('history under random concurrent edits', () => {
  it('is the same on every replica in any merge order, and reports a conflict exactly when two devices changed a field to different values apart', () => {
    const { base, drillers, point } = makeBase();
    KEYS.azimuth = fieldKey('survey', point, 'azimuth');
    const scenario = fc.integer({ min: 2, max: 3 }).chain((replicas) =>
      fc.record({
        replicas: fc.constant(replicas),
        commands: fc.array(command(replicas), { minLength: 8, maxLength: 40, size: 'max' }),
      }),
    );
    fc.assert(
      fc.property(scenario, ({ replicas, commands }) => {
        const docs = replicasOf(base, replicas);
        docs.forEach((doc, i) =>
          setDocActor(doc, { kind: 'crew', name: `P${i}`, deviceId: `d${i}`, deviceName: null }),
        );
        const known = docs.map(() => new Set<string>());
        const writes: Write[] = [];
        for (const cmd of commands) {
          if (cmd.kind === 'sync') {
            if (cmd.from === cmd.to) continue;
            syncInto(docs[cmd.from] as Y.Doc, docs[cmd.to] as Y.Doc);
            known[cmd.from]?.forEach((id) => known[cmd.to]?.add(id));
            continue;
          }
          const doc = docs[cmd.at] as Y.Doc;
          const before = readHistory(doc).length;
          write(doc, cmd.field, cmd.value, drillers, point);
          const made = readHistory(doc).slice(before);
          const mine = known[cmd.at] as Set<string>;
          const change = made.find(
            (e) => fieldKey(e.section, e.entryId, e.field ?? '') === KEYS[cmd.field],
          );
          if (change) {
            writes.push({
              recordId: change.recordId,
              key: KEYS[cmd.field],
              value: change.new,
              seen: new Set(mine),
            });
          }
          made.forEach((e) => mine.add(e.recordId));
        }

        // Every merge order of the replicas' states, and the replicas themselves once synced.
        const updates = docs.map((doc) => Y.encodeStateAsUpdate(doc));
        const merged = permutations(updates).map(mergeUpdates);
        syncAll(docs);
        const history = readHistory(docs[0] as Y.Doc);
        for (const doc of [...docs, ...merged]) expect(readHistory(doc)).toEqual(history);

        // Concurrent pairs: neither had seen the other, and they set different values.
        const expectedPairs = new Set<string>();
        for (const a of writes) {
          for (const b of writes) {
            if (a === b || a.key !== b.key || a.value === b.value) continue;
            if (!a.seen.has(b.recordId) && !b.seen.has(a.recordId)) {
              expectedPairs.add(`${a.key}#${pairKey(a.recordId, b.recordId)}`);
            }
          }
        }
        const reportedPairs = new Set(
          concurrentChanges(history).map(
            ([a, b]) =>
              `${fieldKey(a.section, a.entryId, a.field ?? '')}#${pairKey(a.recordId, b.recordId)}`,
          ),
        );
        expect(reportedPairs).toEqual(expectedPairs);

        // Open conflicts: a field's latest changes (seen by no other change of it) disagree.
        const expectedOpen = new Set<string>();
        for (const field of FIELDS) {
          const ofField = writes.filter((w) => w.key === KEYS[field]);
          const heads = ofField.filter((w) => !ofField.some((o) => o.seen.has(w.recordId)));
          if (new Set(heads.map((h) => JSON.stringify(h.value))).size > 1)
            expectedOpen.add(KEYS[field]);
          // What every replica shows is one of those latest values.
          if (heads.length > 0)
            expect(heads.map((h) => h.value)).toContain(current(docs[0] as Y.Doc, field, point));
        }
        const open = new Set(
          findConflicts(history).map((c) => fieldKey(c.section, c.entryId, c.field)),
        );
        expect(open).toEqual(expectedOpen);
      }),
      { numRuns: 150 },
    );
  });
});

function current(doc: Y.Doc, field: Field, point: SurveyEntryId): unknown {
  switch (field) {
    case 'notes':
      return reportMap(doc, 'meta').get('notes');
    case 'depth':
      return reportMap(doc, 'overrides').get('totalDepthDrilled');
    case 'primary':
      return reportMap(doc, 'meta').get('primaryAssignmentId');
    case 'endTime':
      return reportMap(doc, 'shift').get('endTime');
    case 'azimuth':
      return readSurvey(doc).find((s) => s.id === point)?.azimuth;
  }
}
