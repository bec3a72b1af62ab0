import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { REPORT_ROOTS } from '../kernel/report-keys.ts';
import { readReport } from '../report-doc/snapshot.ts';
import { newReportDoc } from '../report-doc/testing.ts';
import { lenient } from './lenient.ts';

describe('lenient stored fields', () => {
  const entry = z.object({
    name: lenient(z.string(), ''),
    depth: lenient(z.number().min(0), 0),
    notes: lenient(z.string().nullable(), null),
    active: lenient(z.boolean(), true),
  });

  it('keeps valid values, null included where the field allows it', () => {
    expect(entry.parse({ name: 'DH-1', depth: 12.5, notes: null, active: false })).toEqual({
      name: 'DH-1',
      depth: 12.5,
      notes: null,
      active: false,
    });
  });

  it('gives the fallback for missing fields', () => {
    expect(entry.parse({})).toEqual({ name: '', depth: 0, notes: null, active: true });
  });

  it('gives the fallback for values of the wrong type or out of range', () => {
    expect(entry.parse({ name: 7, depth: -3, notes: 4, active: 'yes' })).toEqual({
      name: '',
      depth: 0,
      notes: null,
      active: true,
    });
    expect(entry.parse({ name: null, depth: null, notes: undefined, active: null })).toEqual({
      name: '',
      depth: 0,
      notes: null,
      active: true,
    });
  });

  it('reads a report whose fields another device filled with values of the wrong type', () => {
    const doc = newReportDoc();
    doc.transact(() => {
      doc.getMap(REPORT_ROOTS.shift).set('date', 20250704);
      doc.getMap(REPORT_ROOTS.shift).set('siteName', { name: 'North Pit' });
      doc.getMap(REPORT_ROOTS.meta).set('status', 'lost');
      doc.getMap(REPORT_ROOTS.overrides).set('hoursWorked', -4);
    });
    const snapshot = readReport(doc);
    expect(snapshot.shift.date).toBeNull();
    expect(snapshot.shift.siteName).toBeNull();
    expect(snapshot.status).toBe('active');
    expect(snapshot.summary.hoursWorked).toBeGreaterThanOrEqual(0);
  });
});
