import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { isModelError } from '../errors/errors.ts';
import { initHolesDoc } from './holes-doc.ts';
import { syncAll } from '../report-doc/testing.ts';
import { SERIAL_INVALID, normaliseSerial } from '../bit/bit.ts';
import {
  findBit,
  publishBitMetres,
  readBitRegister,
  readPublishedBitMetres,
  registerBit,
  removeBit,
  updateBit,
} from './bit-register.ts';

function register(): Y.Doc {
  const doc = new Y.Doc();
  initHolesDoc(doc);
  return doc;
}

describe('the bit register', () => {
  it('keys a bit by its serial trimmed and upper-cased', () => {
    const doc = register();
    expect(registerBit(doc, { serial: '  nq-7781 ', size: 'NQ', matrix: '7-9' })).toBe('NQ-7781');
    expect(readBitRegister(doc)).toEqual([
      {
        serial: 'NQ-7781',
        size: 'NQ',
        matrix: '7-9',
        status: 'spare',
        registeredAt: expect.any(String),
      },
    ]);
    expect(findBit(doc, 'nq-7781')?.serial).toBe('NQ-7781');
  });

  it('refuses a serial already registered, however it is typed', () => {
    const doc = register();
    registerBit(doc, { serial: 'HQ-1' });
    expect(() => registerBit(doc, { serial: ' hq-1' })).toThrow(
      expect.objectContaining({ reason: 'duplicate-bit' }),
    );
  });

  it('refuses a blank serial or one with a separator in it', () => {
    const doc = register();
    expect(() => registerBit(doc, { serial: '  ' })).toThrow();
    expect(() => registerBit(doc, { serial: 'A|B' })).toThrow(SERIAL_INVALID);
    expect(readBitRegister(doc)).toEqual([]);
  });

  it('changes a bit field by field and removes it', () => {
    const doc = register();
    registerBit(doc, { serial: 'PQ-9', size: 'PQ' });
    expect(updateBit(doc, 'pq-9', { status: 'worn-out' })).toMatchObject({
      size: 'PQ',
      status: 'worn-out',
    });
    expect(removeBit(doc, 'PQ-9')).toBe(true);
    expect(removeBit(doc, 'PQ-9')).toBe(false);
    expect(readBitRegister(doc)).toEqual([]);
    let refusal: unknown;
    try {
      updateBit(doc, 'PQ-9', { status: 'lost' });
    } catch (error) {
      refusal = error;
    }
    expect(isModelError(refusal, 'not-found')).toBe(true);
  });
});

describe('one serial registered on two phones apart', () => {
  it('ends as one bit, the same on both phones', () => {
    const a = register();
    const b = new Y.Doc();
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    registerBit(a, { serial: 'nq-12', size: 'NQ', matrix: '7-9', status: 'in-use' });
    registerBit(b, { serial: 'NQ-12 ', size: 'HQ', matrix: '9-10' });
    syncAll([a, b]);
    expect(readBitRegister(a)).toHaveLength(1);
    expect(readBitRegister(a)).toEqual(readBitRegister(b));
  });

  it('keeps a field one phone changed beside another field the other changed', () => {
    const a = register();
    registerBit(a, { serial: 'BQ-3', size: 'BQ', matrix: '7-9' });
    const b = new Y.Doc();
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    updateBit(a, 'BQ-3', { status: 'worn-out' });
    updateBit(b, 'BQ-3', { matrix: '10-12' });
    syncAll([a, b]);
    expect(readBitRegister(a)).toEqual([
      expect.objectContaining({ serial: 'BQ-3', matrix: '10-12', status: 'worn-out' }),
    ]);
    expect(readBitRegister(b)).toEqual(readBitRegister(a));
  });

  it('any registrations and edits on two or three phones merge to one bit per serial', () => {
    const serial = fc.constantFrom('nq-1', ' NQ-1', 'hq-2', 'HQ-2 ');
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('register' as const),
        phone: fc.nat(2),
        serial,
        size: fc.constantFrom('NQ' as const, 'HQ' as const, 'PQ' as const),
        matrix: fc.constantFrom('7-9', '9-10'),
      }),
      fc.record({
        kind: fc.constant('status' as const),
        phone: fc.nat(2),
        serial,
        status: fc.constantFrom('in-use' as const, 'worn-out' as const, 'lost' as const),
      }),
      fc.record({ kind: fc.constant('sync' as const), from: fc.nat(2), to: fc.nat(2) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 20 }), (ops) => {
        const phones = [register(), new Y.Doc(), new Y.Doc()];
        const first = phones[0] as Y.Doc;
        for (const phone of phones.slice(1)) Y.applyUpdate(phone, Y.encodeStateAsUpdate(first));
        const registered = new Set<string>();
        for (const o of ops) {
          if (o.kind === 'sync') {
            Y.applyUpdate(phones[o.to] as Y.Doc, Y.encodeStateAsUpdate(phones[o.from] as Y.Doc));
            continue;
          }
          const phone = phones[o.phone] as Y.Doc;
          if (o.kind === 'register') {
            if (findBit(phone, o.serial)) continue;
            registerBit(phone, o);
            registered.add(normaliseSerial(o.serial));
          } else if (findBit(phone, o.serial)) {
            updateBit(phone, o.serial, { status: o.status });
          }
        }
        syncAll(phones);
        const shown = phones.map(readBitRegister);
        expect(shown[1]).toEqual(shown[0]);
        expect(shown[2]).toEqual(shown[0]);
        expect(shown[0]?.map((bit) => bit.serial)).toEqual([...registered].sort());
      }),
    );
  });
});

describe('life-to-date metres on the phone', () => {
  it('sums what each plod published, and a plod publishing again replaces its own', () => {
    const doc = register();
    publishBitMetres(doc, 'plod-1', new Map([['NQ-1', 6]]));
    publishBitMetres(
      doc,
      'plod-2',
      new Map([
        ['NQ-1', 4.5],
        ['HQ-2', 3],
      ]),
    );
    expect(readPublishedBitMetres(doc)).toEqual(
      new Map([
        ['NQ-1', 10.5],
        ['HQ-2', 3],
      ]),
    );
    publishBitMetres(doc, 'plod-2', new Map([['NQ-1', 5]]));
    expect(readPublishedBitMetres(doc)).toEqual(new Map([['NQ-1', 11]]));
  });
});
