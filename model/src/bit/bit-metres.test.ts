import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { HoleId } from '../ids/ids.ts';
import { addHoleToReport } from '../hole/report-hole-doc.ts';
import { readReport } from '../report-doc/snapshot.ts';
import { v1ReportDoc } from '../docs/schema-fixtures.ts';
import { newReportDoc, syncAll } from '../report-doc/testing.ts';
import { createReportUndo } from '../report-doc/undo.ts';
import { addRun } from '../run/run-doc.ts';
import { addBitChange, readBitChanges, removeBitChange } from './bit-changes-part.ts';
import type { MetresBitChange, MetresRun } from './bit-metres.ts';
import { bitDownAfter, bitMetresOfPlod, lifeToDateMetres, metresPerBit } from './bit-metres.ts';
import {
  holeContinuation,
  holeProgressMark,
  readHoleProgress,
  recordHoleProgress,
} from '../holes-doc/hole-progress.ts';

const DH = 'DH-7' as HoleId;
const run = (fromDepth: number, toDepth: number, holeId = 'DH-7'): MetresRun => ({
  holeId,
  fromDepth,
  toDepth,
});
let next = 0;
const change = (
  bitSerial: string,
  action: 'in' | 'out',
  depth: number,
  holeId = 'DH-7',
): MetresBitChange => ({
  id: `c${String(next++).padStart(3, '0')}`,
  bitSerial,
  holeId,
  action,
  depth,
});

describe('metres per bit on a plod', () => {
  it('counts the runs between a bit in and its bit out', () => {
    const runs = [run(0, 3), run(3, 6), run(6, 9), run(9, 12)];
    expect(
      bitMetresOfPlod(runs, [change('A', 'in', 0), change('A', 'out', 6), change('B', 'in', 6)]),
    ).toEqual([
      { bitSerial: 'A', holeId: 'DH-7', metres: 6 },
      { bitSerial: 'B', holeId: 'DH-7', metres: 6 },
    ]);
  });

  it('splits a run the bit changed in the middle of', () => {
    expect(
      bitMetresOfPlod([run(10, 13)], [change('A', 'out', 11.5), change('B', 'in', 11.5)]),
    ).toEqual([
      { bitSerial: 'A', holeId: 'DH-7', metres: 1.5 },
      { bitSerial: 'B', holeId: 'DH-7', metres: 1.5 },
    ]);
  });

  it('counts a bit that came in on an earlier plod up to where it came out on this one', () => {
    const earlier = bitMetresOfPlod([run(0, 3), run(3, 6)], [change('A', 'in', 1)]);
    const later = bitMetresOfPlod([run(6, 9), run(9, 12)], [change('A', 'out', 10)]);
    expect(metresPerBit([...earlier, ...later])).toEqual(new Map([['A', 9]]));
  });

  it('counts a bit carried in from an earlier plod for the runs it stayed down, with no change of it here', () => {
    const runs = [run(20, 23), run(23, 26)];
    const carried = [{ holeId: 'DH-7', bitSerial: 'A', depth: 20 }];
    expect(bitMetresOfPlod(runs, [], carried)).toEqual([
      { bitSerial: 'A', holeId: 'DH-7', metres: 6 },
    ]);
    // Another bit going in ends it there, though no one recorded the carried bit coming out.
    expect(bitMetresOfPlod(runs, [change('B', 'in', 24)], carried)).toEqual([
      { bitSerial: 'A', holeId: 'DH-7', metres: 4 },
      { bitSerial: 'B', holeId: 'DH-7', metres: 2 },
    ]);
    // A change of the carried bit itself is read as before (an out with no in reaches up).
    expect(bitMetresOfPlod(runs, [change('A', 'out', 25)], carried)).toEqual([
      { bitSerial: 'A', holeId: 'DH-7', metres: 5 },
    ]);
  });

  it('keeps holes apart and adds a bit used on two holes', () => {
    const runs = [run(0, 3), run(0, 4, 'DH-8')];
    const rows = bitMetresOfPlod(runs, [change('A', 'in', 0), change('A', 'in', 2, 'DH-8')]);
    expect(rows.map((r) => r.metres)).toEqual([3, 2]);
    expect(metresPerBit(rows).get('A')).toBe(5);
  });
});

describe('bit changes on a plod', () => {
  it('are stored with a normalised serial and read into the snapshot with metres', () => {
    const doc = newReportDoc();
    addHoleToReport(doc, { holeId: DH });
    addBitChange(doc, { bitSerial: ' nq-1', holeId: DH, action: 'in', depth: 0 });
    addRun(doc, DH, { rodAdded: true, stickUp: 0 });
    addRun(doc, DH, { rodAdded: true, stickUp: 0 });
    const report = readReport(doc);
    expect(report.bitChanges).toEqual([
      expect.objectContaining({ bitSerial: 'NQ-1', holeId: DH, action: 'in', depth: 0 }),
    ]);
    const drilled = report.holes[0]?.currentDepth ?? 0;
    expect(drilled).toBeGreaterThan(0);
    expect(report.bitMetres).toEqual([{ bitSerial: 'NQ-1', holeId: DH, metres: drilled }]);
  });

  it('refuses an unknown action or a depth that is not a number from 0', () => {
    const doc = newReportDoc();
    expect(() =>
      addBitChange(doc, { bitSerial: 'A', holeId: DH, action: 'up' as 'in', depth: 1 }),
    ).toThrow();
    expect(() =>
      addBitChange(doc, { bitSerial: 'A', holeId: DH, action: 'in', depth: -1 }),
    ).toThrow();
    expect(() =>
      addBitChange(doc, { bitSerial: 'A', holeId: DH, action: 'in', depth: 'x' }),
    ).toThrow();
    expect(readBitChanges(doc)).toEqual([]);
  });
});

describe('a bit left down a hole, carried to the next plod', () => {
  it('is credited on a plod that takes the hole up and records no change of it', () => {
    const register = new Y.Doc();
    const first = newReportDoc();
    addHoleToReport(first, { holeId: DH, targetDepth: 500 });
    addBitChange(first, { bitSerial: 'nq-5', holeId: DH, action: 'in', depth: 0 });
    addRun(first, DH, { rodAdded: true, stickUp: 0 });
    const firstReport = readReport(first);
    const firstHole = firstReport.holes[0];
    if (!firstHole || !firstReport.id) throw new Error('no hole');
    recordHoleProgress(
      register,
      holeProgressMark(firstHole, firstReport.id, firstReport.bitChanges),
    );

    const second = newReportDoc();
    const start = holeContinuation(readHoleProgress(register), DH, readReport(second).id);
    expect(start.startBit).toBe('NQ-5');
    addHoleToReport(second, { holeId: DH, targetDepth: 500 }, start);
    addRun(second, DH, { rodAdded: true, stickUp: 0 });
    addRun(second, DH, { rodAdded: true, stickUp: 0 });
    const secondReport = readReport(second);
    const drilled = secondReport.holes[0]?.drilledThisShift ?? 0;
    expect(drilled).toBeGreaterThan(0);
    expect(secondReport.bitMetres).toEqual([{ bitSerial: 'NQ-5', holeId: DH, metres: drilled }]);
    // Still down at the end: the next plod carries it on.
    const secondHole = secondReport.holes[0];
    if (!secondHole || !secondReport.id) throw new Error('no hole');
    expect(holeProgressMark(secondHole, secondReport.id, secondReport.bitChanges).bitDown).toBe(
      'NQ-5',
    );
  });

  it('is not carried once pulled', () => {
    expect(bitDownAfter('A', [{ id: 'c1', bitSerial: 'A', action: 'out', depth: 12 }])).toBeNull();
    expect(
      bitDownAfter('A', [
        { id: 'c1', bitSerial: 'A', action: 'out', depth: 12 },
        { id: 'c2', bitSerial: 'B', action: 'in', depth: 12 },
      ]),
    ).toBe('B');
    expect(bitDownAfter(null, [{ id: 'c1', bitSerial: 'B', action: 'out', depth: 3 }])).toBeNull();
  });
});

describe('a plod made before bit changes', () => {
  it('reads with none and no metres, the rest as it was', () => {
    const doc = v1ReportDoc('0190a000-0000-7000-8000-0000000000b1');
    const before = readReport(doc);
    expect(before.bitChanges).toEqual([]);
    expect(before.bitMetres).toEqual([]);
    expect(before.crew).toHaveLength(3);
  });
});

describe('undo of a bit change', () => {
  it('takes the change off this plod, and its metres with it', () => {
    const LOCAL = Symbol('local');
    const doc = newReportDoc();
    addHoleToReport(doc, { holeId: DH });
    addRun(doc, DH, { rodAdded: true, stickUp: 0 });
    const undo = createReportUndo(doc, { localOrigin: LOCAL });
    doc.transact(
      () => addBitChange(doc, { bitSerial: 'NQ-9', holeId: DH, action: 'in', depth: 0 }),
      LOCAL,
    );
    expect(readReport(doc).bitMetres).toHaveLength(1);
    expect(undo.undo()).toEqual({ kind: 'undone', label: 'bit change added' });
    expect(readReport(doc).bitChanges).toEqual([]);
    expect(readReport(doc).bitMetres).toEqual([]);
    undo.destroy();
  });
});

describe('metres per bit after two phones merge', () => {
  const op = fc.oneof(
    fc.record({ kind: fc.constant('run' as const), phone: fc.nat(1) }),
    fc.record({
      kind: fc.constant('bit' as const),
      phone: fc.nat(1),
      serial: fc.constantFrom('A', 'b', 'C'),
      action: fc.constantFrom('in' as const, 'out' as const),
      depth: fc.integer({ min: 0, max: 30 }),
    }),
    fc.record({ kind: fc.constant('remove' as const), phone: fc.nat(1), pick: fc.nat(5) }),
    fc.record({ kind: fc.constant('sync' as const) }),
  );

  it('any interleaving of runs and bit changes gives both phones the same metres', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 25 }), (ops) => {
        const a = newReportDoc();
        addHoleToReport(a, { holeId: DH });
        const b = new Y.Doc();
        Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
        const phones = [a, b];
        for (const o of ops) {
          if (o.kind === 'sync') {
            syncAll(phones);
            continue;
          }
          const phone = phones[o.phone] as Y.Doc;
          if (o.kind === 'run') addRun(phone, DH, { rodAdded: true, stickUp: 0 });
          else if (o.kind === 'bit')
            addBitChange(phone, {
              bitSerial: o.serial,
              holeId: DH,
              action: o.action,
              depth: o.depth,
            });
          else {
            const rows = readBitChanges(phone);
            const row = rows[o.pick % Math.max(rows.length, 1)];
            if (row) removeBitChange(phone, row.id);
          }
        }
        syncAll(phones);
        const [ra, rb] = phones.map(readReport);
        expect(rb?.bitMetres).toEqual(ra?.bitMetres);
        // Each bit's metres never exceed what the hole drilled on the plod.
        const drilled = ra?.totals.metresDrilled ?? 0;
        for (const row of ra?.bitMetres ?? [])
          expect(row.metres).toBeLessThanOrEqual(drilled + 1e-9);
      }),
    );
  });
});

describe('life-to-date metres over plods', () => {
  it('credits a bit with the runs of a plod between its in and its out, which holds no change of it', () => {
    const first = { runs: [run(10, 20)], changes: [change('LT-1', 'in', 10)] };
    const middle = { runs: [run(20, 30)], changes: [] };
    const last = { runs: [run(30, 45)], changes: [change('LT-1', 'out', 40)] };
    const plods = [first, middle, last];
    expect(lifeToDateMetres(plods).get('LT-1')).toBe(30);
    // Plod by plod, the middle and last plods carry the bit the one before left down.
    const carried = (depth: number) => [{ holeId: 'DH-7', bitSerial: 'LT-1', depth }];
    const byPlod = metresPerBit([
      ...bitMetresOfPlod(first.runs, first.changes),
      ...bitMetresOfPlod(middle.runs, middle.changes, carried(20)),
      ...bitMetresOfPlod(last.runs, last.changes, carried(30)),
    ]);
    expect(byPlod.get('LT-1')).toBe(30);
  });

  it('equals the per-plod sum when each plod carries the bit the one before left down', () => {
    // Plods along one hole; each may put a bit in or pull the one down, at a depth inside its runs.
    const step = fc.record({
      length: fc.integer({ min: 1, max: 20 }),
      change: fc.option(
        fc.record({
          serial: fc.constantFrom('A', 'B', 'C'),
          action: fc.constantFrom<'in' | 'out'>('in', 'out'),
          at: fc.double({ min: 0, max: 1, noNaN: true }),
        }),
      ),
    });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 8 }), (steps) => {
        let depth = 0;
        let down: string | null = null;
        const rows: ReturnType<typeof bitMetresOfPlod> = [];
        const plods = steps.map(({ length, change: c }) => {
          const from = depth;
          depth += length;
          const changes = c ? [change(c.serial, c.action, from + Math.round(c.at * length))] : [];
          // A plod pulls only the bit down (an out of another bit is not what a crew records).
          if (c?.action === 'out' && c.serial !== down) changes.length = 0;
          // And puts a bit in only once the one down is out (the life-to-date rule's reading).
          if (c?.action === 'in' && down !== null) changes.length = 0;
          const runs = [run(from, depth)];
          const carried = down === null ? [] : [{ holeId: 'DH-7', bitSerial: down, depth: from }];
          rows.push(...bitMetresOfPlod(runs, changes, carried));
          down = bitDownAfter(down, changes);
          return { runs, changes };
        });
        expect(metresPerBit(rows)).toEqual(lifeToDateMetres(plods));
      }),
    );
  });

  it('equals the per-plod sum when every plod holds the changes of its own bits', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 1, maxLength: 8 }),
        (lengths) => {
          let depth = 0;
          const plods = lengths.map((length, i) => {
            const from = depth;
            depth += length;
            const serial = `P-${i}`;
            return {
              runs: [run(from, depth)],
              changes: [change(serial, 'in', from), change(serial, 'out', depth)],
            };
          });
          const byPlod = metresPerBit(plods.flatMap((p) => bitMetresOfPlod(p.runs, p.changes)));
          expect(lifeToDateMetres(plods)).toEqual(byPlod);
        },
      ),
    );
  });
});
