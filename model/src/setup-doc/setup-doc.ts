import * as Y from 'yjs';
import type { Migration, MigrationResult } from '../docs/migrations.ts';
import { runMigrations, storedSchemaVersion } from '../docs/migrations.ts';
import type { Consumable } from '../consumable/consumable.ts';
import { readConsumables } from '../consumable/consumable-library-doc.ts';
import type { CrewMember } from '../crew-member/crew-member.ts';
import { readCrewMembers } from '../crew-member/crew-member-doc.ts';
import type { DowntimeCode } from '../downtime/downtime.ts';
import { readDowntimeCodes, seedDefaultDowntimeCodes } from '../downtime/downtime-codes-doc.ts';
import type { HireTool } from '../hire-tool/hire-tool.ts';
import { readHireTools } from '../hire-tool/hire-tool-library-doc.ts';
import type { Rig } from '../rig/rig.ts';
import { readRigs } from '../rig/rig-doc.ts';
import type { Site } from '../site/site.ts';
import { readSites } from '../site/site-doc.ts';
import type { RosterShift } from '../roster/roster.ts';
import { readRoster } from '../roster/roster-doc.ts';
import { SETUP_ROOTS, SETUP_SCHEMA_VERSION, setupMap } from '../kernel/setup-keys.ts';

/** Everything in the setup document as plain, checked values. */
export interface SetupSnapshot {
  schemaVersion: number;
  sites: Site[];
  rigs: Rig[];
  crewMembers: CrewMember[];
  hireTools: HireTool[];
  downtimeCodes: DowntimeCode[];
  consumables: Consumable[];
  /** Every site's expected rig-shifts. */
  roster: RosterShift[];
}

/** Read the setup document. */
export function readSetup(doc: Y.Doc): SetupSnapshot {
  return {
    schemaVersion: storedSchemaVersion(doc, SETUP_ROOTS.meta, Object.values(SETUP_ROOTS)),
    sites: readSites(doc),
    rigs: readRigs(doc),
    crewMembers: readCrewMembers(doc),
    hireTools: readHireTools(doc),
    downtimeCodes: readDowntimeCodes(doc),
    consumables: readConsumables(doc),
    roster: readRoster(doc),
  };
}

/**
 * Setup migrations. Version 1 kept a library tool's name under `name` (the SPEC's other name for it) and
 * saved a cleared supervisor email as ''; version 2 uses `toolName` and null. Version 3 gives every
 * site the default downtime codes (ids derived from the site, so two devices migrating apart agree).
 */
export const SETUP_MIGRATIONS: readonly Migration[] = [
  {
    version: 2,
    description: 'hire tool name -> toolName; empty supervisor email -> null',
    up(doc) {
      setupMap(doc, 'hireTools').forEach((tool) => {
        if (!(tool instanceof Y.Map) || !tool.has('name')) return;
        if (!tool.has('toolName')) tool.set('toolName', tool.get('name'));
        tool.delete('name');
      });
      setupMap(doc, 'sites').forEach((site) => {
        if (site instanceof Y.Map && typeof site.get('supervisorEmail') === 'string') {
          const email = String(site.get('supervisorEmail')).trim();
          if (email === '') site.set('supervisorEmail', null);
        }
      });
    },
  },
  {
    version: 3,
    description: 'every site gets the default downtime codes',
    up(doc) {
      for (const site of readSites(doc)) seedDefaultDowntimeCodes(doc, site.id);
    },
  },
];

/** Bring the setup document to the current schema version (run on load). */
export function migrateSetupDoc(doc: Y.Doc): MigrationResult {
  return runMigrations(
    doc,
    SETUP_ROOTS.meta,
    Object.values(SETUP_ROOTS),
    SETUP_MIGRATIONS,
    SETUP_SCHEMA_VERSION,
  );
}
