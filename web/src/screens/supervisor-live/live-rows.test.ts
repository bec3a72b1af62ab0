import { describe, expect, it } from 'vitest';
import {
  NO_SITE,
  changedRecently,
  filterRows,
  groupBySite,
  statusCounts,
  totalsOf,
} from './live-rows';
import { indexRow } from '../../testing/index-row';

describe('live rows', () => {
  const rows = [
    indexRow('a', { site: 'South Pit', metres: 3, hours: 1 }),
    indexRow('b', { site: null, metres: 1 }),
    indexRow('c', { metres: 2.5, hours: 2, status: 'sent' }),
    indexRow('d', { status: 'deleted', metres: 100 }),
  ];

  it('groups by site in name order with reports of no site last, each with totals', () => {
    const groups = groupBySite(rows);
    expect(groups.map((g) => [g.site, g.count, g.metres])).toEqual([
      ['North Pit', 2, 102.5],
      ['South Pit', 1, 3],
      [NO_SITE, 1, 1],
    ]);
  });

  it('leaves deleted reports out of All and counts each status', () => {
    expect(filterRows(rows, { site: null, status: 'current' }).map((r) => r.id)).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(filterRows(rows, { site: 'North Pit', status: 'current' }).map((r) => r.id)).toEqual([
      'c',
    ]);
    expect(filterRows(rows, { site: NO_SITE, status: 'active' }).map((r) => r.id)).toEqual(['b']);
    expect(statusCounts(rows)).toEqual({
      current: 3,
      active: 2,
      completed: 0,
      sent: 1,
      approved: 0,
      returned: 0,
      deleted: 1,
    });
    expect(totalsOf(filterRows(rows, { site: null, status: 'current' }))).toEqual({
      count: 3,
      metres: 6.5,
      hours: 3,
    });
  });

  it('marks a row changed within the last minute', () => {
    const now = Date.parse('2025-07-14T10:00:00.000Z');
    expect(changedRecently(indexRow('x', { updatedAt: '2025-07-14T09:59:30.000Z' }), now)).toBe(
      true,
    );
    expect(changedRecently(indexRow('x', { updatedAt: '2025-07-14T09:58:00.000Z' }), now)).toBe(
      false,
    );
    expect(changedRecently(indexRow('x'), now)).toBe(false);
  });
});
