import type * as Y from 'yjs';
import { z } from 'zod';
import { SHIFT_TYPES } from '../shift/shift-type.ts';
import { mutateSetup, setupMap } from '../kernel/setup-keys.ts';
import type { RosterShift } from './roster.ts';
import { ROSTER_WEEKDAYS } from './roster.ts';

/**
 * One roster cell as REST and the Roster tab change it: whether `rigId` works `shiftType` on
 * `weekday` at `siteId`. Each cell is one key of the setup document's rosters map, so two
 * supervisors ticking different cells apart both keep theirs; the same cell, the last write wins.
 */
export const rosterCellSchema = z.object({
  siteId: z.string().min(1, 'Site is required'),
  rigId: z.string().min(1, 'Rig is required'),
  weekday: z.union(ROSTER_WEEKDAYS.map((d) => z.literal(d))),
  shiftType: z.enum(SHIFT_TYPES),
  expected: z.boolean(),
});
export type RosterCell = z.infer<typeof rosterCellSchema>;

const cellKey = (cell: Omit<RosterShift, never>) =>
  `${cell.siteId}|${cell.rigId}|${cell.weekday}|${cell.shiftType}`;

function parseKey(key: string): RosterShift | null {
  const [siteId, rigId, weekday, shiftType, ...rest] = key.split('|');
  const day = Number(weekday);
  if (rest.length > 0 || !siteId || !rigId) return null;
  if (!ROSTER_WEEKDAYS.some((d) => d === day)) return null;
  if (shiftType !== 'day' && shiftType !== 'night') return null;
  return { siteId, rigId, weekday: day as RosterShift['weekday'], shiftType };
}

/** Every expected rig-shift of every site (of `siteId` alone when given), in key order. */
export function readRoster(doc: Y.Doc, siteId?: string): RosterShift[] {
  const out: RosterShift[] = [];
  const map = setupMap(doc, 'rosters');
  for (const key of [...map.keys()].sort()) {
    if (map.get(key) !== true) continue;
    const shift = parseKey(key);
    if (shift && (siteId === undefined || shift.siteId === siteId)) out.push(shift);
  }
  return out;
}

/** Sets roster cells (REST checks the site and rigs exist); a cell already so writes nothing. */
export function setRosterCells(doc: Y.Doc, cells: readonly RosterCell[]): void {
  const map = setupMap(doc, 'rosters');
  const changed = cells.filter((cell) => (map.get(cellKey(cell)) === true) !== cell.expected);
  if (changed.length === 0) return;
  mutateSetup(doc, () => {
    for (const cell of changed) map.set(cellKey(cell), cell.expected);
  });
}
