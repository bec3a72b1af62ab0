import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { DowntimeCodeId, SiteId } from '../ids/ids.ts';
import { insertEntry } from '../docs/entries.ts';
import { readReport } from '../report-doc/snapshot.ts';
import {
  defaultCodeCopy,
  newReportDoc,
  newSetupDoc,
  replicasOf,
  reportWithStoredEntry,
  syncAll,
} from '../report-doc/testing.ts';
import { setupMap } from '../kernel/setup-keys.ts';
import { migrateSetupDoc, readSetup } from '../setup-doc/setup-doc.ts';
import { addSite } from '../site/site-doc.ts';
import { addTimesheetEntry } from '../timesheet/timesheet-doc.ts';
import type { TimedEntry } from './downtime.ts';
import {
  DEFAULT_DOWNTIME_CODES,
  downtimeCodeCopy,
  downtimeHours,
  findOverlaps,
  overlapMessage,
  shiftHours,
  shiftHoursLine,
} from './downtime.ts';
import {
  readDowntimeCodes,
  seedDefaultDowntimeCodes,
  siteDowntimeCodes,
} from './downtime-codes-doc.ts';
import { addDowntimeEntry, readDowntime, updateDowntimeEntry } from './downtime-part.ts';

const SITE = '0190a000-0000-7000-8000-0000000000a1' as SiteId;
const STANDBY = defaultCodeCopy(SITE, 'client-standby');
const WATER = defaultCodeCopy(SITE, 'waiting-water');

const timed = (
  id: string,
  kind: TimedEntry['kind'],
  startTime: string,
  endTime: string,
): TimedEntry => ({ id, kind, label: id, startTime, endTime });

describe('downtime hours', () => {
  it('crosses midnight as the timesheet does', () => {
    expect(downtimeHours({ startTime: '23:00', endTime: '01:30' })).toBe(2.5);
    expect(downtimeHours({ startTime: '02:00', endTime: '04:00' })).toBe(2);
    expect(downtimeHours({ startTime: '05:00', endTime: '05:00' })).toBe(0);
  });

  it('stores a copy of the code and derives hours', () => {
    const doc = newReportDoc();
    const id = addDowntimeEntry(doc, {
      ...STANDBY,
      startTime: '22:30',
      endTime: '00:30',
      holeId: 'DH-1',
      notes: ' geo late ',
    });
    expect(readDowntime(doc)).toMatchObject([
      { id, ...STANDBY, startTime: '22:30', endTime: '00:30', hours: 2, holeId: 'DH-1' },
    ]);
    expect(readDowntime(doc)[0]?.notes).toBe('geo late');
  });

  it('refuses an entry without an end or a code', () => {
    const doc = newReportDoc();
    expect(() => addDowntimeEntry(doc, { ...WATER, startTime: '01:00' } as never)).toThrow();
    expect(() =>
      addDowntimeEntry(doc, { ...WATER, codeId: ' ', startTime: '01:00', endTime: '02:00' }),
    ).toThrow('Downtime code is required');
  });

  it('reads a malformed stored entry leniently', () => {
    const doc = reportWithStoredEntry('downtime', {
      codeGroup: 'nonsense',
      chargeable: 'yes',
      startTime: 7,
    });
    expect(readDowntime(doc)).toEqual([
      expect.objectContaining({
        codeName: '',
        codeGroup: 'operational',
        chargeable: false,
        startTime: '',
        hours: 0,
      }),
    ]);
  });

  it('leaves a plod made before downtime readable, with none', () => {
    const report = readReport(newReportDoc());
    expect(report.downtime).toEqual([]);
    expect(report.totals.shiftHours.downtimeHours).toBe(0);
  });
});

describe('overlaps', () => {
  it('finds downtime overlapping downtime and timesheet, across midnight', () => {
    const entries = [
      timed('drill', 'timesheet', '18:00', '23:00'),
      timed('travel', 'timesheet', '22:00', '23:30'),
      timed('standby', 'downtime', '23:30', '01:00'),
      timed('water', 'downtime', '00:30', '02:00'),
      timed('weather', 'downtime', '22:30', '23:15'),
    ];
    const pairs = findOverlaps(entries).map((o) => [o.first.id, o.second.id]);
    expect(pairs).toEqual([
      ['drill', 'weather'],
      ['travel', 'weather'],
      ['standby', 'water'],
    ]);
  });

  it('lets entries touch end to start, and ignores 0 h entries', () => {
    expect(
      findOverlaps([
        timed('a', 'downtime', '23:00', '00:00'),
        timed('b', 'downtime', '00:00', '01:00'),
        timed('c', 'downtime', '00:30', '00:30'),
        timed('d', 'timesheet', '01:00', '02:00'),
      ]),
    ).toEqual([]);
  });

  it('says which entries overlap', () => {
    const [overlap] = findOverlaps([
      timed('Drilling', 'timesheet', '18:00', '20:00'),
      timed('Weather', 'downtime', '19:00', '21:00'),
    ]);
    expect(overlap && overlapMessage(overlap)).toBe(
      'Times overlap: timesheet Drilling (18:00-20:00) and downtime Weather (19:00-21:00)',
    );
  });
});

describe('shift hours', () => {
  it('adds drilling, other activities and downtime', () => {
    const hours = shiftHours(
      [
        { activity: 'drilling', startTime: '18:00', endTime: '23:00' },
        { activity: 'break', startTime: '02:00', endTime: '02:30' },
      ],
      [
        { ...STANDBY, startTime: '23:30', endTime: '01:00' },
        { ...WATER, startTime: '01:00', endTime: '02:00' },
      ],
    );
    expect(hours).toEqual({
      drillingHours: 5,
      otherHours: 0.5,
      downtimeHours: 2.5,
      clientStandbyHours: 1.5,
      chargeableHours: 1.5,
      totalHours: 8,
    });
    expect(shiftHoursLine(hours)).toBe('Drilling 5.0 h, Downtime 2.5 h (client standby 1.5 h)');
  });

  it('adds up the same on every phone after merges', () => {
    const entry = fc.record({
      at: fc.integer({ min: 0, max: 2 }),
      downtime: fc.boolean(),
      standby: fc.boolean(),
      start: fc.integer({ min: 0, max: 47 }),
      span: fc.integer({ min: 0, max: 12 }),
    });
    const time = (half: number) =>
      `${String(Math.floor((half % 48) / 2)).padStart(2, '0')}:${half % 2 ? '30' : '00'}`;
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 12 }), (entries) => {
        const phones = replicasOf(newReportDoc(), 3);
        let expected = 0;
        for (const e of entries) {
          const phone = phones[e.at] as Y.Doc;
          const times = { startTime: time(e.start), endTime: time(e.start + e.span) };
          expected += e.span / 2;
          if (e.downtime) addDowntimeEntry(phone, { ...(e.standby ? STANDBY : WATER), ...times });
          else addTimesheetEntry(phone, { activity: 'drilling', ...times });
        }
        syncAll(phones);
        const totals = phones.map((phone) => readReport(phone).totals.shiftHours);
        for (const t of totals) {
          expect(t).toEqual(totals[0]);
          expect(t.totalHours).toBeCloseTo(expected, 5);
          expect(t.totalHours).toBeCloseTo(t.drillingHours + t.otherHours + t.downtimeHours, 5);
        }
      }),
    );
  });
});

describe('downtime codes', () => {
  it('gives a new site the default list', () => {
    const doc = newSetupDoc();
    const site = addSite(doc, { siteName: 'North Pit' });
    const codes = siteDowntimeCodes(readSetup(doc).downtimeCodes, site);
    expect(codes.map((c) => c.name).sort()).toEqual(
      DEFAULT_DOWNTIME_CODES.map((c) => c.name).sort(),
    );
    expect(codes.find((c) => c.name === 'Client standby')).toMatchObject({
      group: 'client-standby',
      chargeable: true,
    });
  });

  it('merges defaults two offline devices made into one list', () => {
    const base = newSetupDoc();
    insertEntry(setupMap(base, 'sites'), SITE, { siteName: 'North Pit' });
    const [a, b] = replicasOf(base, 2) as [Y.Doc, Y.Doc];
    seedDefaultDowntimeCodes(a, SITE);
    seedDefaultDowntimeCodes(b, SITE);
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b));
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    expect(readDowntimeCodes(a)).toHaveLength(DEFAULT_DOWNTIME_CODES.length);
    expect(readDowntimeCodes(b)).toEqual(readDowntimeCodes(a));
  });

  it('gives sites made before downtime the defaults when the setup document migrates', () => {
    const doc = new Y.Doc();
    doc.transact(() => {
      setupMap(doc, 'meta').set('schemaVersion', 2);
      insertEntry(setupMap(doc, 'sites'), SITE, { siteName: 'North Pit' });
    });
    migrateSetupDoc(doc);
    expect(siteDowntimeCodes(readDowntimeCodes(doc), SITE)).toHaveLength(
      DEFAULT_DOWNTIME_CODES.length,
    );
  });

  it('keeps the copy an entry was recorded with when the code changes later', () => {
    const doc = newReportDoc();
    const code = {
      id: 'c1' as DowntimeCodeId,
      name: 'Rig breakdown',
      group: 'breakdown' as const,
      chargeable: false,
    };
    const id = addDowntimeEntry(doc, {
      ...downtimeCodeCopy(code),
      startTime: '01:00',
      endTime: '02:00',
    });
    updateDowntimeEntry(doc, id, { notes: 'hydraulic hose' });
    expect(readDowntime(doc)[0]).toMatchObject({
      codeName: 'Rig breakdown',
      notes: 'hydraulic hose',
    });
  });
});
