import * as Y from 'yjs';
import type { HoleId } from '../ids/ids.ts';
import { nowIso } from '../docs/entries.ts';
import { HOLES_ROOTS } from '../kernel/holes-keys.ts';
import { mutateHoles, readRegisterWrites } from './register-writes.ts';

/**
 * Suggested hole ids keep SPEC's DH-{year}-{nnn} and never collide between devices, even offline:
 * each device (or signed-in supervisor) holds a block of numbers the server reserved for it while it
 * was online, and suggests the first number of its blocks that no registered hole uses. Only the
 * server writes blocks, one request at a time, so two blocks never overlap; a device asks for a new
 * block while online once fewer than HOLE_NUMBERS_LOW are left. A device that never reached the
 * server since it joined has no block: it suggests the next free number with a tag made from its own
 * identity (DH-2026-014-K3QF), still readable and distinct from other devices' suggestions.
 */
export const HOLE_NUMBER_BLOCK_SIZE = 10;
export const HOLE_NUMBERS_LOW = 3;

export interface HoleNumberBlock {
  /** Who holds it: `device:{deviceId}` or `supervisor:{username}`. */
  owner: string;
  year: number;
  start: number;
  size: number;
}

const GENERATED = /^DH-(\d{4})-(\d{3,})$/;

/** The owner name of a device or supervisor, the same on the device and on the server. */
export function holeNumberOwner(
  who: { kind: 'device'; deviceId: string } | { kind: 'supervisor'; username: string },
): string {
  return who.kind === 'device' ? `device:${who.deviceId}` : `supervisor:${who.username}`;
}

function numbersMap(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap(HOLES_ROOTS.numbers);
}

/** Every reserved block (malformed entries skipped). */
export function readHoleNumberBlocks(doc: Y.Doc): HoleNumberBlock[] {
  const blocks: HoleNumberBlock[] = [];
  numbersMap(doc).forEach((entry) => {
    if (!(entry instanceof Y.Map)) return;
    const { owner, year, start, size } = entry.toJSON() as Record<string, unknown>;
    if (
      typeof owner === 'string' &&
      Number.isInteger(year) &&
      Number.isInteger(start) &&
      Number.isInteger(size)
    ) {
      blocks.push({ owner, year: year as number, start: start as number, size: size as number });
    }
  });
  return blocks.sort((a, b) => a.year - b.year || a.start - b.start);
}

/** Numbers of a year's generated ids (DH-{year}-{nnn}) in the register. */
function usedNumbers(doc: Y.Doc, year: number): Set<number> {
  const used = new Set<number>();
  for (const write of readRegisterWrites(doc)) {
    const match = GENERATED.exec(write.holeId);
    if (match && Number(match[1]) === year) used.add(Number(match[2]));
  }
  return used;
}

/** The owner's numbers of a year that no registered hole uses, lowest first. */
export function freeHoleNumbers(doc: Y.Doc, owner: string, year: number): number[] {
  const used = usedNumbers(doc, year);
  return readHoleNumberBlocks(doc)
    .filter((b) => b.owner === owner && b.year === year)
    .flatMap((b) => Array.from({ length: b.size }, (_, i) => b.start + i))
    .filter((n) => !used.has(n));
}

/** Highest number of a year that is used or reserved. */
function highestNumber(doc: Y.Doc, year: number): number {
  let highest = 0;
  for (const n of usedNumbers(doc, year)) highest = Math.max(highest, n);
  for (const b of readHoleNumberBlocks(doc))
    if (b.year === year) highest = Math.max(highest, b.start + b.size - 1);
  return highest;
}

function holeIdFor(year: number, n: number): HoleId {
  return `DH-${year}-${String(n).padStart(3, '0')}` as HoleId;
}

/** A short tag of an owner (4 letters and digits), for a device with no reserved numbers. */
export function ownerTag(owner: string): string {
  // FNV-1a: stable across devices and versions, which is all a tag needs.
  let hash = 0x811c9dc5;
  for (let i = 0; i < owner.length; i += 1) {
    hash ^= owner.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36).toUpperCase().padStart(4, '0').slice(-4);
}

/**
 * The hole id to suggest: the owner's first free reserved number, else the next free number tagged
 * with the owner (or plain, for a caller that is nobody in particular).
 */
export function suggestHoleId(doc: Y.Doc, year: number, owner: string | null = null): HoleId {
  const free = owner === null ? undefined : freeHoleNumbers(doc, owner, year)[0];
  if (free !== undefined) return holeIdFor(year, free);
  const next = holeIdFor(year, highestNumber(doc, year) + 1);
  return owner === null ? next : (`${next}-${ownerTag(owner)}` as HoleId);
}

/** True when the owner should ask the server for more numbers (fewer than HOLE_NUMBERS_LOW left). */
export function needsHoleNumbers(doc: Y.Doc, owner: string, year: number): boolean {
  return freeHoleNumbers(doc, owner, year).length < HOLE_NUMBERS_LOW;
}

/**
 * Reserve a block of numbers for an owner (the server's job: it serialises requests, so blocks never
 * overlap). Does nothing while the owner still has HOLE_NUMBERS_LOW or more free numbers.
 */
export function reserveHoleNumbers(
  doc: Y.Doc,
  owner: string,
  year: number,
  size = HOLE_NUMBER_BLOCK_SIZE,
): number[] {
  if (!needsHoleNumbers(doc, owner, year)) return freeHoleNumbers(doc, owner, year);
  const start = highestNumber(doc, year) + 1;
  mutateHoles(doc, () => {
    const entry = new Y.Map<unknown>();
    for (const [key, value] of Object.entries({ owner, year, start, size, at: nowIso() }))
      entry.set(key, value);
    numbersMap(doc).set(`${year}:${start}`, entry);
  });
  return freeHoleNumbers(doc, owner, year);
}
