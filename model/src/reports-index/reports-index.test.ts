import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import {
  deleteReportsIndexRows,
  readReportsIndex,
  replaceReportsIndex,
  reportsIndexRowSchema,
  setReportsIndexRows,
  toIndexRow,
  type ReportsIndexRow,
} from './reports-index.ts';

const row = (id: string, date: string, extra: Partial<ReportsIndexRow> = {}): ReportsIndexRow => ({
  id,
  status: 'active',
  siteId: 'site-1',
  rigId: null,
  site: 'North Pit',
  rig: 'Rig 7',
  date,
  shiftType: 'day',
  operator: null,
  metres: 0,
  hours: 12,
  createdAt: `${date}T06:00:00.000Z`,
  updatedAt: `${date}T06:00:00.000Z`,
  ...extra,
});

describe('reports index document', () => {
  it('reads rows newest shift first', () => {
    const doc = new Y.Doc();
    setReportsIndexRows(doc, [
      row('a', '2025-07-01'),
      row('b', '2025-07-03'),
      row('c', '2025-07-02'),
    ]);
    expect(readReportsIndex(doc).map((r) => r.id)).toEqual(['b', 'c', 'a']);
  });

  it('writes nothing when a row is unchanged, so the document only grows with real changes', () => {
    const doc = new Y.Doc();
    setReportsIndexRows(doc, [row('a', '2025-07-01')]);
    let updates = 0;
    doc.on('update', () => (updates += 1));
    expect(setReportsIndexRows(doc, [row('a', '2025-07-01')])).toBe(0);
    expect(updates).toBe(0);
    expect(setReportsIndexRows(doc, [row('a', '2025-07-01', { status: 'sent' })])).toBe(1);
    expect(readReportsIndex(doc)[0]?.status).toBe('sent');
  });

  it('deletes rows and replaces the whole set after a rebuild', () => {
    const doc = new Y.Doc();
    setReportsIndexRows(doc, [row('a', '2025-07-01'), row('b', '2025-07-02')]);
    expect(deleteReportsIndexRows(doc, ['a', 'missing'])).toBe(1);
    replaceReportsIndex(doc, [row('c', '2025-07-05')]);
    expect(readReportsIndex(doc).map((r) => r.id)).toEqual(['c']);
  });

  it('leaves out a row that is not a report row instead of throwing', () => {
    const doc = new Y.Doc();
    doc.getMap('rows').set('x', { nonsense: true });
    setReportsIndexRows(doc, [row('a', '2025-07-01')]);
    expect(readReportsIndex(doc).map((r) => r.id)).toEqual(['a']);
  });
});

describe('zod-free row reading', () => {
  // rows.ts reads without zod for the web app's first screen; it must agree with the schema.
  const samples: unknown[] = [
    row('a', '2025-07-01'),
    { ...row('b', '2025-07-02'), extra: 1 },
    {
      id: 'c',
      status: 'bogus',
      site: 3,
      rig: null,
      shiftType: 'dusk',
      metres: '4',
      hours: Infinity,
    },
    { id: 'd', status: 'completed', shiftType: 'night', metres: 12.5, hours: NaN },
    { id: '' },
    { site: 'no id' },
    ['a'],
    null,
    'row',
    7,
  ];
  it.each(samples.map((sample) => [sample]))('reads %j as the schema does', (sample) => {
    const parsed = reportsIndexRowSchema.safeParse(sample);
    expect(toIndexRow(sample)).toEqual(parsed.success ? parsed.data : null);
  });
});
