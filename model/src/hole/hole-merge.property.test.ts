import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { HoleId, RunId, SiteId } from '../ids/ids.ts';
import { isModelError } from '../errors/errors.ts';
import {
  chooseRegisteredHoleSetting,
  initHolesDoc,
  readHoleRegister,
  registerHole,
} from '../holes-doc/holes-doc.ts';
import { brokenInvariants } from '../report-doc/invariants.ts';
import { readReport } from '../report-doc/snapshot.ts';
import { mergeUpdates, newReportDoc, permutations, syncInto } from '../report-doc/testing.ts';
import { addRun, removeRun, updateRun } from '../run/run-doc.ts';
import { addHoleToReport, chooseHoleSetting, readReportHoles } from './report-hole-doc.ts';
import type { HoleSetting, SettingValue } from './setup-writes.ts';

/**
 * Any two or three phones that set up one hole id apart, change its settings, choose between
 * differing values and record and correct runs, synced in any order: they end with one hole, the
 * same everywhere; every value of a setting stays visible until a phone that had seen it sets that
 * setting again; and a run's length is always one it recorded (when added, or when corrected).
 */

const HOLE = 'DH-2026-050' as HoleId;
const SITE = '0190a000-0000-7000-8000-0000000000a1' as SiteId;
const DOMAIN = {
  targetDepth: [60, 100, 150],
  constantStickUp: [0, 0.2, 0.5],
  dip: [-60, -70],
  azimuth: [0, 90],
  hasOriExtension: [false, true],
} as const;
type Setting = keyof typeof DOMAIN;
const SETTINGS = Object.keys(DOMAIN) as Setting[];

const at = fc.nat(2);
const setup = fc.record({
  targetDepth: fc.constantFrom(...DOMAIN.targetDepth),
  constantStickUp: fc.constantFrom(...DOMAIN.constantStickUp),
  dip: fc.constantFrom(...DOMAIN.dip),
  azimuth: fc.constantFrom(...DOMAIN.azimuth),
  hasOriExtension: fc.boolean(),
});
const command = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), at, setup }),
  fc.record({
    kind: fc.constant('edit' as const),
    at,
    setting: fc.constantFrom(...SETTINGS),
    pick: fc.nat(2),
  }),
  fc.record({ kind: fc.constant('choose' as const), at, pick: fc.nat(5) }),
  fc.record({ kind: fc.constant('run' as const), at, stickUp: fc.constantFrom(0, 0.2, 0.5, 1) }),
  fc.record({
    kind: fc.constant('editRun' as const),
    at,
    pick: fc.nat(9),
    stickUp: fc.constantFrom(0, 0.3, 0.5),
  }),
  fc.record({ kind: fc.constant('removeRun' as const), at, pick: fc.nat(9) }),
  fc.record({ kind: fc.constant('sync' as const), from: at, to: at }),
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

/** A phone: its copy of the report and of the hole register. */
interface Phone {
  report: Y.Doc;
  holes: Y.Doc;
}

/**
 * The rule, kept apart from the implementation: a write hides an earlier value of a setting only when
 * the phone that made it had seen that value. Each write remembers every write its phone knew of.
 */
class Oracle {
  private writes: {
    id: number;
    values: Partial<Record<Setting, SettingValue>>;
    seen: Set<number>;
  }[] = [];
  private known: Set<number>[];
  constructor(phones: number) {
    this.known = Array.from({ length: phones }, () => new Set<number>());
  }
  write(phone: number, values: Partial<Record<string, SettingValue>>): void {
    const id = this.writes.length;
    this.writes.push({ id, values, seen: new Set(this.known[phone]) });
    this.known[phone]?.add(id);
  }
  sync(from: number, to: number): void {
    for (const id of this.known[from] ?? []) this.known[to]?.add(id);
  }
  /** The values of a setting no later write (by a phone that saw them) replaced. */
  visible(setting: Setting): SettingValue[] {
    const setting_ = this.writes.filter((w) => w.values[setting] !== undefined);
    const heads = setting_.filter((w) => !setting_.some((o) => o.seen.has(w.id)));
    return [...new Set(heads.map((w) => w.values[setting] as SettingValue))].sort();
  }
}

function attempt(fn: () => unknown): boolean {
  try {
    fn();
    return true;
  } catch (error) {
    if (!isModelError(error)) throw error;
    return false;
  }
}

function shown(doc: Y.Doc, setting: Setting, register: boolean): SettingValue[] {
  const hole = register ? readHoleRegister(doc)[0] : readReportHoles(doc)[0];
  if (!hole) return [];
  const conflict = hole.conflicts.find((c) => c.setting === setting);
  return (conflict ? conflict.options.map((o) => o.value) : [hole[setting]]).sort();
}

function run(phoneCount: number, commands: readonly Command[]): void {
  const baseReport = newReportDoc();
  const baseHoles = new Y.Doc();
  initHolesDoc(baseHoles);
  const copy = (doc: Y.Doc) => {
    const replica = new Y.Doc();
    Y.applyUpdate(replica, Y.encodeStateAsUpdate(doc));
    return replica;
  };
  const phones: Phone[] = Array.from({ length: phoneCount }, () => ({
    report: copy(baseReport),
    holes: copy(baseHoles),
  }));
  const reportOracle = new Oracle(phoneCount);
  const registerOracle = new Oracle(phoneCount);
  const lengths = new Map<string, Set<number>>();
  const record = (doc: Y.Doc, id: string) => {
    const length = readReportHoles(doc)[0]?.runs.find((r) => r.id === id)?.length;
    if (length !== undefined) lengths.set(id, new Set([...(lengths.get(id) ?? []), length]));
  };

  for (const cmd of commands) {
    if (cmd.kind === 'sync') {
      const from = phones[cmd.from % phoneCount] as Phone;
      const to = phones[cmd.to % phoneCount] as Phone;
      if (from === to) continue;
      syncInto(from.report, to.report);
      syncInto(from.holes, to.holes);
      reportOracle.sync(cmd.from % phoneCount, cmd.to % phoneCount);
      registerOracle.sync(cmd.from % phoneCount, cmd.to % phoneCount);
      continue;
    }
    const index = cmd.at % phoneCount;
    const phone = phones[index] as Phone;
    const hole = readReportHoles(phone.report)[0];
    const registered = readHoleRegister(phone.holes).length > 0;
    const change = (setting: HoleSetting, value: SettingValue) => {
      chooseHoleSetting(phone.report, HOLE, setting, value);
      reportOracle.write(index, { [setting]: value });
      if (registered) {
        chooseRegisteredHoleSetting(phone.holes, HOLE, setting, value);
        registerOracle.write(index, { [setting]: value });
      }
    };
    switch (cmd.kind) {
      case 'create':
        if (hole) break;
        addHoleToReport(phone.report, { holeId: HOLE, ...cmd.setup });
        reportOracle.write(index, cmd.setup);
        if (!registered) {
          registerHole(phone.holes, SITE, { holeId: HOLE, ...cmd.setup });
          registerOracle.write(index, cmd.setup);
        }
        break;
      case 'edit':
        if (hole)
          change(
            cmd.setting,
            DOMAIN[cmd.setting][cmd.pick % DOMAIN[cmd.setting].length] as SettingValue,
          );
        break;
      case 'choose': {
        const conflict = hole?.conflicts[cmd.pick % Math.max(1, hole.conflicts.length)];
        const option = conflict?.options[cmd.pick % conflict.options.length];
        if (conflict && option) change(conflict.setting, option.value);
        break;
      }
      case 'run': {
        let id: RunId | null = null;
        if (hole) attempt(() => (id = addRun(phone.report, HOLE, { stickUp: cmd.stickUp })));
        if (id) record(phone.report, id);
        break;
      }
      case 'editRun': {
        const target = hole?.runs[cmd.pick % Math.max(1, hole.runs.length)];
        if (target && attempt(() => updateRun(phone.report, target.id, { stickUp: cmd.stickUp })))
          record(phone.report, target.id);
        break;
      }
      case 'removeRun': {
        const target = hole?.runs[cmd.pick % Math.max(1, hole.runs.length)];
        if (target) removeRun(phone.report, target.id);
        break;
      }
    }
  }

  // Everyone syncs with everyone (twice round, as a relay would deliver it).
  for (let round = 0; round < 2; round += 1)
    for (let i = 0; i < phoneCount; i += 1)
      for (let j = 0; j < phoneCount; j += 1)
        if (i !== j) {
          syncInto((phones[i] as Phone).report, (phones[j] as Phone).report);
          syncInto((phones[i] as Phone).holes, (phones[j] as Phone).holes);
          reportOracle.sync(i, j);
          registerOracle.sync(i, j);
        }

  const [first, ...rest] = phones.map((p) => readReport(p.report));
  for (const other of rest) expect(other).toEqual(first);
  const registers = phones.map((p) => readHoleRegister(p.holes));
  for (const other of registers.slice(1)) expect(other).toEqual(registers[0]);
  // Merged in any order, the same snapshot.
  for (const order of permutations(phones.map((p) => Y.encodeStateAsUpdate(p.report))))
    expect(readReport(mergeUpdates(order))).toEqual(first);
  if (!first) return;

  expect(first.holes.length).toBeLessThanOrEqual(1);
  expect(brokenInvariants(first)).toEqual([]);
  const merged = (phones[0] as Phone).report;
  const register = (phones[0] as Phone).holes;
  if (first.holes.length === 1) {
    for (const setting of SETTINGS) {
      expect(shown(merged, setting, false)).toEqual(reportOracle.visible(setting));
      expect(shown(register, setting, true)).toEqual(registerOracle.visible(setting));
    }
  }
  for (const run of first.holes[0]?.runs ?? []) {
    expect(lengths.get(run.id)).toContain(run.length);
  }
}

describe('one hole id set up on two or three phones apart', () => {
  it('merges into one hole, keeps differing values until chosen, and never re-measures a run', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 3 }), fc.array(command, { maxLength: 40 }), run),
      { numRuns: 150 },
    );
  });
});
