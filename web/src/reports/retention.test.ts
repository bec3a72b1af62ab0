import type { ReportsIndexRow } from '@plod/model';
import { describe, expect, it } from 'vitest';
import { KEEP_DAYS, isKept, keepFromDay, mayLeave, plodsToLeave } from './retention';
import { indexRow } from '../testing/index-row';

const now = Date.parse('2026-11-29T03:00:00.000Z');
const daysAgo = (days: number) =>
  new Date(now - days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

const row = (id: string, extra: Partial<ReportsIndexRow> = {}): ReportsIndexRow =>
  indexRow(id, {
    status: 'approved',
    siteId: 'site-1',
    rigId: 'rig-1',
    date: daysAgo(60),
    operator: 'Sam',
    metres: 30,
    hours: 12,
    createdAt: `${daysAgo(60)}T06:00:00.000Z`,
    updatedAt: `${daysAgo(59)}T08:00:00.000Z`,
    ...extra,
  });
const plod = (r: ReportsIndexRow) => ({ row: r, name: `report:${r.id}` });

const durable = {
  now,
  unsent: new Set<string>(),
  fromServer: () => true,
  open: () => false,
};

describe('what a phone keeps', () => {
  it('keeps from KEEP_DAYS days back', () => {
    expect(keepFromDay(now)).toBe(daysAgo(KEEP_DAYS));
  });

  it('lets an old submitted plod the server holds leave', () => {
    expect(mayLeave(plod(row('a')), durable)).toBe(true);
    expect(mayLeave(plod(row('b', { status: 'sent' })), durable)).toBe(true);
  });

  it('never lets a plod with unsent edits leave', () => {
    const old = plod(row('a'));
    expect(mayLeave(old, { ...durable, unsent: new Set([old.name]) })).toBe(false);
  });

  it('never lets a plod the phone has not had from the server leave', () => {
    expect(mayLeave(plod(row('a')), { ...durable, fromServer: () => false })).toBe(false);
  });

  it('never lets the plods being worked on leave, however old', () => {
    for (const status of ['active', 'completed', 'returned'] as const) {
      expect(isKept(row('a', { status }), now)).toBe(true);
      expect(mayLeave(plod(row('a', { status })), durable)).toBe(false);
    }
  });

  it('keeps a submitted plod of a recent shift, whenever it last changed', () => {
    expect(mayLeave(plod(row('a', { date: daysAgo(KEEP_DAYS - 1) })), durable)).toBe(false);
    expect(mayLeave(plod(row('a', { date: daysAgo(KEEP_DAYS) })), durable)).toBe(false);
    expect(mayLeave(plod(row('a', { date: daysAgo(KEEP_DAYS + 1) })), durable)).toBe(true);
    const approvedToday = row('a', { updatedAt: `${daysAgo(0)}T01:00:00.000Z` });
    expect(mayLeave(plod(approvedToday), durable)).toBe(true);
    const undated = row('a', { date: null, updatedAt: `${daysAgo(3)}T01:00:00.000Z` });
    expect(mayLeave(plod(undated), durable)).toBe(false);
    expect(mayLeave(plod({ ...undated, updatedAt: `${daysAgo(30)}T01:00:00Z` }), durable)).toBe(
      true,
    );
  });

  it('keeps an open plod', () => {
    const old = plod(row('a'));
    expect(mayLeave(old, { ...durable, open: (name) => name === old.name })).toBe(false);
  });

  it('picks only the plods that may leave', () => {
    const old = plod(row('old'));
    const unsent = plod(row('unsent'));
    const active = plod(row('active', { status: 'active' }));
    const recent = plod(row('recent', { date: daysAgo(2), updatedAt: `${daysAgo(2)}T09:00:00Z` }));
    const left = plodsToLeave([old, unsent, active, recent], {
      ...durable,
      unsent: new Set([unsent.name]),
    });
    expect(left.map((p) => p.row.id)).toEqual(['old']);
  });
});
