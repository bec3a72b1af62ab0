import { describe, expect, it } from 'vitest';
import { dummyHash, hashPassword, hashPasswordSync, verifyPassword } from './passwords.ts';
import { formatCrewCode, newCrewCode, sameCrewCode } from './secrets.ts';

// Cheap parameters keep the test fast; the stored parameters are the ones verified against.
const FAST = { N: 1024, r: 8, p: 1 };

describe('passwords', () => {
  it('hashes with a fresh salt and its parameters, and verifies only the right password', async () => {
    const a = await hashPassword('correct horse', FAST);
    const b = hashPasswordSync('correct horse', FAST);
    expect(a).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('correct horse', b)).toBe(true);
    expect(await verifyPassword('correct hors', a)).toBe(false);
    expect(await verifyPassword('correct horse', 'scrypt$1024$8$1$AAAA$AAAA')).toBe(false);
    expect(await verifyPassword('correct horse', 'plain')).toBe(false);
  });

  it('uses the production cost (N=2^15) by default, for the dummy hash too', async () => {
    expect(await dummyHash()).toMatch(/^scrypt\$32768\$8\$1\$/);
  });
});

describe('crew codes', () => {
  it('are 8 unambiguous symbols, shown in two groups, compared ignoring case, dashes and spaces', () => {
    const code = newCrewCode();
    expect(code).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
    expect(formatCrewCode(code)).toBe(`${code.slice(0, 4)}-${code.slice(4)}`);
    expect(sameCrewCode(` ${formatCrewCode(code).toLowerCase()} `, code)).toBe(true);
    expect(sameCrewCode(code.slice(0, 7), code)).toBe(false);
  });
});
