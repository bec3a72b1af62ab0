import { describe, expect, it } from 'vitest';
import type { HoleId } from '../ids/ids.ts';
import { addBitChange } from '../bit/bit-changes-part.ts';
import { addDowntimeEntry } from '../downtime/downtime-part.ts';
import { addHoleToReport } from '../hole/report-hole-doc.ts';
import { readHistory } from '../history/read.ts';
import { readReport } from '../report-doc/snapshot.ts';
import { TEST_SITE_ID, defaultCodeCopy, newReportDoc } from '../report-doc/testing.ts';
import { addRun } from '../run/run-doc.ts';
import { setStatus } from '../shift-summary/report-meta-doc.ts';
import { addTimesheetEntry } from '../timesheet/timesheet-doc.ts';
import { toBundle } from '../report-doc/to-bundle.ts';
import { chargesOfPlod } from '../charges/charges.ts';
import { contractRatesSchema } from '../charges/contract.ts';
import type { ContractVersion } from '../charges/contract.ts';
import { firstSubmittedAt, plodKpiFacts, plodRevenueCents } from './kpi-facts.ts';

const DH = 'DH-K1' as HoleId;
const WATER = defaultCodeCopy(TEST_SITE_ID, 'waiting-water');

describe('a plod’s KPI facts', () => {
  it('are the model’s own hours, downtime, metres per bit and recovery of the plod', () => {
    const doc = newReportDoc();
    addHoleToReport(doc, { holeId: DH, targetDepth: 900 });
    addBitChange(doc, { bitSerial: 'nq-7', holeId: DH, action: 'in', depth: 0 });
    addRun(doc, DH, { rodAdded: true, stickUp: 0 });
    addRun(doc, DH, { rodAdded: true, stickUp: 0, recoveredLength: 2.5 });
    addTimesheetEntry(doc, { activity: 'drilling', startTime: '06:00', endTime: '14:00' });
    addTimesheetEntry(doc, { activity: 'travel', startTime: '14:00', endTime: '15:00' });
    addDowntimeEntry(doc, { ...WATER, startTime: '15:00', endTime: '16:30' });
    addDowntimeEntry(doc, { ...WATER, startTime: '16:30', endTime: '17:00' });
    const snapshot = readReport(doc);
    const facts = plodKpiFacts(snapshot, readHistory(doc));
    const secondRun = snapshot.holes[0]?.runs[1];
    expect(facts).toEqual({
      drillingHours: 8,
      shiftHours: 11,
      downtime: [{ codeName: 'Waiting on water', codeGroup: WATER.codeGroup, hours: 2 }],
      bits: [{ bitSerial: 'NQ-7', metres: snapshot.totals.metresDrilled }],
      holes: [{ holeId: DH, recovered: 2.5, drilled: secondRun?.length }],
      submittedAt: null,
      revenueCents: null,
    });
    expect(snapshot.totals.metresDrilled).toBeGreaterThan(0);
  });

  it('take the first submission’s time, not a later approval’s', () => {
    const history = [
      { section: 'meta' as const, field: 'status', new: 'sent', at: '2026-11-20T08:00:00.000Z' },
      {
        section: 'meta' as const,
        field: 'status',
        new: 'returned',
        at: '2026-11-20T09:00:00.000Z',
      },
      { section: 'meta' as const, field: 'status', new: 'sent', at: '2026-11-21T08:00:00.000Z' },
    ];
    const approved = { status: 'approved' as const, statusSetAt: '2026-11-22T08:00:00.000Z' };
    expect(firstSubmittedAt(approved, history)).toBe('2026-11-20T08:00:00.000Z');
    expect(firstSubmittedAt(approved, [])).toBe('2026-11-22T08:00:00.000Z');
    expect(firstSubmittedAt({ status: 'active', statusSetAt: null }, [])).toBeNull();
  });

  it('name a submission through setStatus: the time its history recorded', () => {
    const doc = newReportDoc();
    setStatus(doc, 'completed');
    expect(plodKpiFacts(readReport(doc), readHistory(doc)).submittedAt).toBeNull();
    setStatus(doc, 'sent');
    const recorded = readHistory(doc).find((e) => e.field === 'status' && e.new === 'sent');
    expect(recorded).toBeDefined();
    expect(plodKpiFacts(readReport(doc), readHistory(doc)).submittedAt).toBe(recorded?.at);
  });
});

describe('a plod’s revenue', () => {
  const version = (effectiveFrom: string, holeSize: string): ContractVersion => ({
    id: `v-${effectiveFrom}`,
    contractId: 'c1',
    effectiveFrom,
    rates: contractRatesSchema.parse({
      metreRates: [{ holeSize, fromDepth: 0, toDepth: 600, rateCents: 10_000 }],
    }),
    createdAt: '2025-01-01T00:00:00.000Z',
    createdBy: null,
  });

  it('is its charges’ total under the version in force on its date, else null', () => {
    const doc = newReportDoc();
    addHoleToReport(doc, { holeId: DH, targetDepth: 900 });
    addRun(doc, DH, { rodAdded: true, stickUp: 0 });
    const bundle = toBundle(doc);
    const size = bundle.runSheetEntries[0]?.barrelType ?? '';
    const inForce = [version('2025-01-01', size)];
    const revenue = plodRevenueCents(bundle, inForce);
    expect(revenue).toBe(chargesOfPlod(bundle, inForce).totalCents);
    expect(revenue).toBeGreaterThan(0);
    // A version from after the plod's date prices nothing: the plod stays unpriced.
    expect(plodRevenueCents(bundle, [version('2025-08-01', size)])).toBeNull();
    expect(plodRevenueCents(bundle, [])).toBeNull();
    // In force but without a rate for its work: priced at 0, not unpriced.
    expect(plodRevenueCents(bundle, [version('2025-01-01', 'no such size')])).toBe(0);
  });
});
