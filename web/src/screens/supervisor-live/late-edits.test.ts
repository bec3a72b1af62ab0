import type { ReportsIndexRow } from '@plod/model';
import { describe, expect, it } from 'vitest';
import { bulkScope, sessionsShown, type LateEditSession } from './late-edits';
import { indexRow } from '../../testing/index-row';

const plod = (id: string, operator: string): ReportsIndexRow =>
  indexRow(id, { status: 'sent', siteId: 'site-1', operator });

const session = (id: string, reportId: string | null): LateEditSession => ({
  id,
  reportId,
  deviceId: 'device-1',
  deviceName: 'Phone',
  firstReceivedAt: '2025-07-14T08:00:00.000Z',
  lastReceivedAt: '2025-07-14T08:01:00.000Z',
  editIds: [`${id}-edit`],
  parts: ['runs'],
  changes: [],
  mergesAlong: [],
  cannotMerge: null,
});

describe('late-edit sessions on a filtered list', () => {
  const plods = new Map([
    ['p1', plod('p1', 'Ann Driller')],
    ['p2', plod('p2', 'Bob Driller')],
  ]);
  const sessions = [session('s1', 'p1'), session('s2', 'p2'), session('s3', 'p-unknown')];

  it('lists every session when nothing is filtered, known plod or not', () => {
    expect(sessionsShown(sessions, {}, plods).map((s) => s.id)).toEqual(['s1', 's2', 's3']);
  });

  it('lists only the sessions of plods the filter shows, never one it cannot place', () => {
    expect(sessionsShown(sessions, { driller: 'Bob Driller' }, plods).map((s) => s.id)).toEqual([
      's2',
    ]);
    expect(sessionsShown(sessions, { siteId: 'site-2' }, plods)).toEqual([]);
  });
});

describe('what Merge all and Discard all take', () => {
  it('the plods of the sessions shown, each once, even with nothing filtered out', () => {
    // An edit that reaches another plod while the confirmation ("the 2 waiting sessions") is
    // open is not taken with them: the bulk call names the shown plods.
    expect(bulkScope([session('s1', 'p1'), session('s2', 'p1'), session('s3', 'p2')], 0)).toEqual([
      'p1',
      'p2',
    ]);
    expect(bulkScope([session('s1', 'p1')], 3)).toEqual(['p1']);
  });

  it('every session only when a shown one names no plod and none is hidden', () => {
    expect(bulkScope([session('s1', 'p1'), session('s2', null)], 0)).toBeUndefined();
    expect(bulkScope([session('s1', 'p1'), session('s2', null)], 1)).toEqual(['p1']);
  });
});
