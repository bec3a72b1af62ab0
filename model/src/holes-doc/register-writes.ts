import type * as Y from 'yjs';
import { nowIso } from '../docs/entries.ts';
import type { FieldKinds, SetupWrite } from '../hole/setup-writes.ts';
import {
  HOLE_CONFIG_FIELD_KINDS,
  readLegacyWrites,
  readSetupWrites,
} from '../hole/setup-writes.ts';
import { HOLES_ROOTS, HOLES_SCHEMA_VERSION } from '../kernel/holes-keys.ts';

// Zod-free on purpose: the hole numbers a device keeps in stock (hole-numbers.ts) read the register's
// writes from the app's first screen, which must not load the field schemas (holes-doc.ts).

export const REGISTER_FIELD_KINDS: FieldKinds = {
  siteId: 'string',
  ...HOLE_CONFIG_FIELD_KINDS,
};

export const LEGACY_WRITE_PREFIX = 'register-legacy:';

export function setupsMap(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap(HOLES_ROOTS.setups);
}

/** Run a change to the register as one transaction, stamping when it last changed. */
export function mutateHoles<T>(doc: Y.Doc, change: () => T): T {
  let result: T | undefined;
  doc.transact(() => {
    result = change();
    doc.getMap(HOLES_ROOTS.meta).set('updatedAt', nowIso());
  });
  return result as T;
}

/**
 * Every setup write of the register, the layout before schema 2 included: what a report copies when
 * it continues a hole, so settings still to be chosen stay so there.
 */
export function readRegisterWrites(doc: Y.Doc): SetupWrite[] {
  return [
    ...readSetupWrites(setupsMap(doc), REGISTER_FIELD_KINDS),
    ...readLegacyWrites(
      doc.getMap(HOLES_ROOTS.holes),
      REGISTER_FIELD_KINDS,
      LEGACY_WRITE_PREFIX,
      'createdAt',
    ),
  ];
}

/** A new hole register at the current schema version (call once per deployment). */
export function initHolesDoc(doc: Y.Doc): void {
  mutateHoles(doc, () => doc.getMap(HOLES_ROOTS.meta).set('schemaVersion', HOLES_SCHEMA_VERSION));
}
