import type { ReportsIndexRow } from '@plod/model';
import { describe, expect, it } from 'vitest';
import { sessionsShown, type LateEditSession } from './late-edits';

const plod = (id: string, operator: string): ReportsIndexRow => ({
  id,
  status: 'sent',
  siteId: 'site-1',
  rigId: null,
  site: 'North Pit',
  rig: 'Rig 7',
  date: '2025-07-14',
  shiftType: 'day',
  operator,
  metres: 0,
  hours: 0,
  createdAt: null,
  updatedAt: null,
});

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
