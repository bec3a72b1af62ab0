import type * as Y from 'yjs';
import { nowIso, readEntries } from '../docs/entries.ts';

/** Root maps of the supervisor-only setup document ('setup'). */
export const SETUP_ROOTS = {
  /** schemaVersion, updatedAt. */
  meta: 'meta',
  /** Sites with their settings (cleanup days, auto cleanup, supervisor email). */
  sites: 'sites',
  rigs: 'rigs',
  crewMembers: 'crewMembers',
  /** The hire-tool library. */
  hireTools: 'hireTools',
  /** Each site's downtime codes (name, group, chargeable). */
  downtimeCodes: 'downtimeCodes',
  /** Each site's consumables list (name, unit, optional price). */
  consumables: 'consumables',
  /** Each site's roster: key `siteId|rigId|weekday|shift` -> true while that rig-shift is expected. */
  rosters: 'rosters',
} as const;

export type SetupRoot = keyof typeof SETUP_ROOTS;

/** Current schema version of the setup document. */
export const SETUP_SCHEMA_VERSION = 3;

/** A root map of the setup document. */
export function setupMap(doc: Y.Doc, root: SetupRoot): Y.Map<unknown> {
  return doc.getMap(SETUP_ROOTS[root]);
}

/** Run a setup mutation as one transaction and stamp updatedAt. */
export function mutateSetup(doc: Y.Doc, change: () => void): void {
  doc.transact(() => {
    change();
    setupMap(doc, 'meta').set('updatedAt', nowIso());
  });
}

/** A new setup document at the current schema version (call once, when a deployment is created). */
export function initSetupDoc(doc: Y.Doc): void {
  mutateSetup(doc, () => setupMap(doc, 'meta').set('schemaVersion', SETUP_SCHEMA_VERSION));
}

/**
 * How many sites the setup document holds (archived ones too): the number `readSetup(doc).sites`
 * lists, read without the field schemas, so a screen that only asks "are there any sites?" does not
 * load zod (the reports list's first route).
 */
export function setupSiteCount(doc: Y.Doc): number {
  return readEntries(setupMap(doc, 'sites')).length;
}
