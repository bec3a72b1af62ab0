import { RigIds, SiteIds, type ShiftDetails } from '@plod/model';
import { describe, expect, it } from 'vitest';
import { choiceOptions, shiftDetailsChanges, type ShiftForm } from './shift-form';

const site = SiteIds.create();
const rig = RigIds.create();
const otherSite = SiteIds.create();
const lists = {
  sites: [
    { id: site, siteName: 'North Pit' },
    { id: otherSite, siteName: 'South Pit' },
  ],
  rigs: [{ id: rig, rigName: 'Rig 7', siteId: site }],
} as unknown as Parameters<typeof shiftDetailsChanges>[3];

const stored: ShiftDetails = {
  date: '2025-07-14',
  shiftType: 'day',
  startTime: '06:00',
  endTime: '18:00',
  siteId: site,
  rigId: rig,
  siteName: 'North Pit',
  rigName: 'Rig 7',
  level: null,
};
const form: ShiftForm = {
  date: '2025-07-14',
  shiftType: 'day',
  startTime: '06:00',
  endTime: '17:30',
  siteId: site,
  rigId: rig,
  level: '',
};
const only =
  (...fields: (keyof ShiftForm)[]) =>
  (field: keyof ShiftForm) =>
    fields.includes(field);
const noLists = { sites: [], rigs: [] };

describe('shiftDetailsChanges', () => {
  it('writes only the field the person changed', () => {
    expect(shiftDetailsChanges(form, stored, only('endTime'), lists)).toEqual({ endTime: '17:30' });
  });

  it('never blanks the site and rig on a phone without the lists', () => {
    expect(shiftDetailsChanges(form, stored, only('endTime'), noLists)).toEqual({
      endTime: '17:30',
    });
  });

  it('fills blanks of the plod with the defaults the form showed', () => {
    const blank: ShiftDetails = { ...stored, startTime: null, endTime: null };
    expect(shiftDetailsChanges(form, blank, only(), lists)).toEqual({
      startTime: '06:00',
      endTime: '17:30',
    });
  });

  it('writes a picked site with its name, and the rig the site change cleared', () => {
    const moved = { ...form, siteId: otherSite, rigId: '' };
    expect(shiftDetailsChanges(moved, stored, only('siteId', 'rigId'), lists)).toEqual({
      siteId: otherSite,
      siteName: 'South Pit',
      rigId: null,
      rigName: null,
    });
  });
});

describe('shiftDetailsChanges and the level', () => {
  it('writes a typed level trimmed, and an emptied one as none', () => {
    const typed = { ...form, level: ' 1040 RL ' };
    expect(shiftDetailsChanges(typed, stored, only('level'), lists)).toEqual({ level: '1040 RL' });
    const emptied = { ...form, level: '  ' };
    expect(
      shiftDetailsChanges(emptied, { ...stored, level: '1040 RL' }, only('level'), lists),
    ).toEqual({ level: null });
  });

  it('leaves a level the person did not touch as it is', () => {
    const shown = { ...form, level: '1040 RL' };
    expect(shiftDetailsChanges(shown, stored, only('endTime'), lists)).toEqual({
      endTime: '17:30',
    });
  });
});

describe('choiceOptions', () => {
  it('keeps the plod’s own choice selectable when the lists lack it', () => {
    expect(choiceOptions('Select Site', [], { id: site, name: 'North Pit' })).toEqual([
      { value: '', label: 'Select Site' },
      { value: site, label: 'North Pit' },
    ]);
    const listed = [{ value: site, label: 'North Pit' }];
    expect(choiceOptions('Select Site', listed, { id: site, name: 'Old name' })).toHaveLength(2);
  });
});
