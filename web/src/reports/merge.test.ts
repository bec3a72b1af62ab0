import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { ReportsIndexRow } from '@plod/model';
import { localReportIds, mergeReportRows } from './merge';
import { indexRow } from '../testing/index-row';

const row = (
  id: string,
  updatedAt: string,
  extra: Partial<ReportsIndexRow> = {},
): ReportsIndexRow =>
  indexRow(id, {
    date: '2025-07-01',
    hours: 12,
    createdAt: `2025-07-01T0${id.length}:00:00.000Z`,
    updatedAt,
    ...extra,
  });

describe('mergeReportRows', () => {
  it('shows a report made offline on this device next to the server index', () => {
    const merged = mergeReportRows(
      [row('a', '2025-07-01T07:00:00Z')],
      [row('offline', '2025-07-01T08:00:00Z', { date: '2025-07-02' })],
    );
    expect(merged.map((r) => r.id)).toEqual(['offline', 'a']);
  });

  it("prefers the device's copy when it is as new or newer (unsent edits)", () => {
    const merged = mergeReportRows(
      [row('a', '2025-07-01T07:00:00Z', { operator: 'server' })],
      [row('a', '2025-07-01T09:00:00Z', { operator: 'device' })],
    );
    expect(merged).toHaveLength(1);
    expect(merged[0]?.operator).toBe('device');
  });

  it('prefers the index when another device changed the report since', () => {
    const merged = mergeReportRows(
      [row('a', '2025-07-01T10:00:00Z', { status: 'sent' })],
      [row('a', '2025-07-01T09:00:00Z')],
    );
    expect(merged[0]?.status).toBe('sent');
  });

  it('skips documents that have not loaded a report yet', () => {
    expect(mergeReportRows([], [null]).length).toBe(0);
  });
});

describe('localReportIds', () => {
  it('reads only reports the index lacks or that have unsent edits', () => {
    const index = [row('a', 'x'), row('b', 'x')];
    expect(localReportIds(['a', 'new', 'b'], index, ['b'])).toEqual(['new', 'b']);
  });
});
