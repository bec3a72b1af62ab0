import { describe, expect, it } from 'vitest';
import {
  FILTER_DATE_MESSAGE,
  FILTER_RANGE_MESSAGE,
  type FilterablePlod,
  isEmptyFilter,
  isRealIsoDay,
  matchesPlodFilter,
  parsePlodFilter,
  parseTypedDay,
  plodFilterParams,
} from './plod-filter.ts';

const query = (params: Record<string, string>) => (name: string) => params[name];

const plod = (extra: Partial<FilterablePlod> = {}): FilterablePlod => ({
  status: 'sent',
  date: '2026-03-10',
  siteId: 'north',
  rigId: 'rig-7',
  operator: 'Ann Lee',
  ...extra,
});

describe('plod filter', () => {
  it('reads every parameter, statuses as a set', () => {
    const { filter, errors } = parsePlodFilter(
      query({
        from: '2026-03-01',
        to: '2026-03-31',
        siteId: 'north',
        rigId: 'rig-7',
        driller: ' Ann Lee ',
        status: 'sent, approved,sent',
      }),
    );
    expect(errors).toEqual({});
    expect(filter).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
      siteId: 'north',
      rigId: 'rig-7',
      driller: 'Ann Lee',
      statuses: ['sent', 'approved'],
    });
  });

  it('refuses days that do not exist, other formats, unknown statuses and a backwards range', () => {
    expect(parsePlodFilter(query({ from: '2026-02-30' })).errors).toEqual({
      from: FILTER_DATE_MESSAGE,
    });
    expect(parsePlodFilter(query({ to: '03/10/2026' })).errors).toEqual({
      to: FILTER_DATE_MESSAGE,
    });
    expect(parsePlodFilter(query({ status: 'sent,lost' })).errors.status).toContain('"lost"');
    const backwards = parsePlodFilter(query({ from: '2026-03-31', to: '2026-03-01' }));
    expect(backwards.errors).toEqual({ to: FILTER_RANGE_MESSAGE });
    expect(isRealIsoDay('2024-02-29')).toBe(true);
    expect(isRealIsoDay('2025-02-29')).toBe(false);
  });

  it('matches on every field at once; a dateless plod never passes a date bound', () => {
    const filter = parsePlodFilter(
      query({ from: '2026-03-01', to: '2026-03-10', siteId: 'north', driller: 'ann  LEE' }),
    ).filter;
    expect(matchesPlodFilter(plod(), filter)).toBe(true);
    expect(matchesPlodFilter(plod({ date: '2026-03-11' }), filter)).toBe(false);
    expect(matchesPlodFilter(plod({ date: null }), filter)).toBe(false);
    expect(matchesPlodFilter(plod({ siteId: 'south' }), filter)).toBe(false);
    expect(matchesPlodFilter(plod({ operator: 'Bo' }), filter)).toBe(false);
    expect(matchesPlodFilter(plod({ operator: null }), filter)).toBe(false);
    expect(matchesPlodFilter(plod({ status: 'deleted' }), { statuses: ['sent'] })).toBe(false);
    expect(matchesPlodFilter(plod({ date: null }), {})).toBe(true);
  });

  it('writes the same parameters it reads, in a fixed order', () => {
    const params = plodFilterParams({ statuses: ['sent'], driller: 'Ann', from: '2026-01-02' });
    expect(params).toEqual([
      ['from', '2026-01-02'],
      ['driller', 'Ann'],
      ['status', 'sent'],
    ]);
    const again = parsePlodFilter((name) => new Map(params).get(name)).filter;
    expect(plodFilterParams(again)).toEqual(params);
    expect(isEmptyFilter({})).toBe(true);
    expect(isEmptyFilter({ statuses: [] })).toBe(true);
  });

  it('takes a typed day as YYYY-MM-DD or month/day/year', () => {
    expect(parseTypedDay(' 2026-3-9 ')).toBe('2026-03-09');
    expect(parseTypedDay('2026/03/09')).toBe('2026-03-09');
    expect(parseTypedDay('3/9/2026')).toBe('2026-03-09');
    expect(parseTypedDay('2/30/2026')).toBe(null);
    expect(parseTypedDay('yesterday')).toBe(null);
  });
});
