import { describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import type { SiteId } from '../ids/ids.ts';
import { newHolesDoc, replicasOf, syncAll } from '../report-doc/testing.ts';
import { registerHole } from './holes-doc.ts';
import {
  HOLE_NUMBER_BLOCK_SIZE,
  holeNumberOwner,
  needsHoleNumbers,
  ownerTag,
  readHoleNumberBlocks,
  reserveHoleNumbers,
  suggestHoleId,
} from './hole-numbers.ts';

const SITE = '0190a000-0000-7000-8000-0000000000a1' as SiteId;
const PHONE_A = holeNumberOwner({ kind: 'device', deviceId: 'a1b2' });
const PHONE_B = holeNumberOwner({ kind: 'device', deviceId: 'c3d4' });

/** A register where DH-2026-001 already exists (a freshly joined phone used to suggest it). */
function register(): Y.Doc {
  const doc = newHolesDoc();
  registerHole(doc, SITE, { holeId: 'DH-2026-001' });
  return doc;
}

describe('suggested hole ids', () => {
  it('come from blocks the server reserved, past every number already used', () => {
    const server = register();
    reserveHoleNumbers(server, PHONE_A, 2026);
    reserveHoleNumbers(server, PHONE_B, 2026);
    expect(readHoleNumberBlocks(server).map((b) => [b.owner, b.start, b.size])).toEqual([
      [PHONE_A, 2, HOLE_NUMBER_BLOCK_SIZE],
      [PHONE_B, 12, HOLE_NUMBER_BLOCK_SIZE],
    ]);
    expect(suggestHoleId(server, 2026, PHONE_A)).toBe('DH-2026-002');
    expect(suggestHoleId(server, 2026, PHONE_B)).toBe('DH-2026-012');
  });

  it('differ on two phones that are offline, and skip numbers the register already has', () => {
    const server = register();
    reserveHoleNumbers(server, PHONE_A, 2026);
    reserveHoleNumbers(server, PHONE_B, 2026);
    const [a, b] = replicasOf(server, 2) as [Y.Doc, Y.Doc];
    const made = new Set<string>();
    for (let i = 0; i < 4; i += 1) {
      for (const [doc, owner] of [
        [a, PHONE_A],
        [b, PHONE_B],
      ] as const) {
        const id = suggestHoleId(doc, 2026, owner);
        expect(made.has(id)).toBe(false);
        made.add(id);
        registerHole(doc, SITE, { holeId: id });
      }
    }
    syncAll([a, b]);
    // Someone typed a number inside phone A's block by hand: it is skipped.
    registerHole(a, SITE, { holeId: 'DH-2026-006' });
    expect(suggestHoleId(a, 2026, PHONE_A)).toBe('DH-2026-007');
  });

  it('ask for more numbers when few are left, and the server gives each owner its own', () => {
    const server = register();
    expect(needsHoleNumbers(server, PHONE_A, 2026)).toBe(true);
    reserveHoleNumbers(server, PHONE_A, 2026);
    expect(needsHoleNumbers(server, PHONE_A, 2026)).toBe(false);
    // A second request while numbers are left reserves nothing more.
    reserveHoleNumbers(server, PHONE_A, 2026);
    expect(readHoleNumberBlocks(server)).toHaveLength(1);
    for (let n = 2; n <= 9; n += 1)
      registerHole(server, SITE, { holeId: `DH-2026-${String(n).padStart(3, '0')}` });
    expect(needsHoleNumbers(server, PHONE_A, 2026)).toBe(true);
    reserveHoleNumbers(server, PHONE_A, 2026);
    expect(suggestHoleId(server, 2026, PHONE_A)).toBe('DH-2026-010');
    expect(readHoleNumberBlocks(server).at(-1)?.start).toBe(12);
  });

  it('tag the next number with the device when it holds no numbers, so two such phones differ', () => {
    const doc = register();
    const a = suggestHoleId(doc, 2026, PHONE_A);
    const b = suggestHoleId(doc, 2026, PHONE_B);
    expect(a).toBe(`DH-2026-002-${ownerTag(PHONE_A)}`);
    expect(a).toMatch(/^DH-2026-002-[0-9A-Z]{4}$/);
    expect(b).not.toBe(a);
    expect(suggestHoleId(doc, 2026)).toBe('DH-2026-002');
  });
});
