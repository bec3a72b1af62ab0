import type * as Y from 'yjs';
import type { Actor } from '../auth/principal.ts';
import {
  addConsumable,
  deleteConsumable,
  readConsumables,
  updateConsumable,
  addCrewMember,
  addDowntimeCode,
  deleteDowntimeCode,
  readDowntimeCodes,
  updateDowntimeCode,
  addHireTool,
  addRig,
  addSite,
  deleteCrewMember,
  deleteHireTool,
  deleteRig,
  deleteSite,
  readCrewMembers,
  readHireTools,
  readHoleRegister,
  readRigs,
  readSites,
  sitesWithHoles,
  updateCrewMember,
  updateHireTool,
  updateRig,
  updateSite,
} from '@plod/model';
import type { DocumentService } from './documents.ts';
import { NotFoundError } from '../errors.ts';
import { requireKnown } from './references.ts';

/** A collection of the setup document (rigs, crew members, hire-tool library) and its mutations. */
export interface SetupKind<T extends { id: string }, In, Patch> {
  what: string;
  read(doc: Y.Doc): T[];
  add(doc: Y.Doc, input: In): string;
  update(doc: Y.Doc, id: string, patch: Patch): void;
  remove(doc: Y.Doc, id: string): boolean;
  /** Refuses (400) a body naming something that does not exist, before anything is written. */
  check?(doc: Y.Doc, body: In | Patch): void;
}

/** Supervisor reference data, written as transactions on the 'setup' document. */
export class SetupCollection<T extends { id: string }, In, Patch> {
  constructor(
    private readonly docs: DocumentService,
    readonly kind: SetupKind<T, In, Patch>,
  ) {}

  list(): Promise<T[]> {
    return this.docs.readSetup((doc) => this.kind.read(doc));
  }

  async add(by: Actor, input: In): Promise<T> {
    const id = await this.docs.writeSetup(by, (doc) => {
      this.kind.check?.(doc, input);
      return this.kind.add(doc, input);
    });
    return this.one(id);
  }

  async update(by: Actor, id: string, patch: Patch): Promise<T> {
    await this.docs.writeSetup(by, (doc) => {
      this.kind.check?.(doc, patch);
      this.kind.update(doc, id, patch);
    });
    return this.one(id);
  }

  async remove(by: Actor, id: string) {
    const removed = await this.docs.writeSetup(by, (doc) => this.kind.remove(doc, id));
    if (!removed) throw NotFoundError.of(this.kind.what, id);
    return { message: `${this.kind.what} deleted`, id };
  }

  async one(id: string): Promise<T> {
    const found = (await this.list()).find((item) => item.id === id);
    if (!found) throw NotFoundError.of(this.kind.what, id);
    return found;
  }
}

/** The model's read, add, update and delete of one setup collection (ids typed by kind). */
interface ModelCollection<T, In, Patch, Id extends string> {
  read(doc: Y.Doc): T[];
  add(doc: Y.Doc, input: In): string;
  update(doc: Y.Doc, id: Id, patch: Patch): void;
  remove(doc: Y.Doc, id: Id): boolean;
}

// Ids arrive as path text; one that names nothing is not found by the model (404).
function setupKind<T extends { id: string }, In, Patch, Id extends string>(
  what: string,
  model: ModelCollection<T, In, Patch, Id>,
  check?: (doc: Y.Doc, body: In | Patch) => void,
): SetupKind<T, In, Patch> {
  return {
    what,
    ...(check ? { check } : {}),
    read: model.read,
    add: model.add,
    update: (doc, id, patch) => model.update(doc, id as Id, patch),
    remove: (doc, id) => model.remove(doc, id as Id),
  };
}

export const SITES = setupKind('Site', {
  read: readSites,
  add: addSite,
  update: updateSite,
  remove: deleteSite,
});

/** Rigs, crew members and tools belong to a site that exists. */
const siteMustExist = (doc: Y.Doc, body: { siteId?: string }) =>
  requireKnown('site', body.siteId, readSites(doc));

export const RIGS = setupKind(
  'Rig',
  { read: readRigs, add: addRig, update: updateRig, remove: deleteRig },
  siteMustExist,
);

export const CREW_MEMBERS = setupKind(
  'Crew member',
  { read: readCrewMembers, add: addCrewMember, update: updateCrewMember, remove: deleteCrewMember },
  siteMustExist,
);

export const HIRE_TOOLS = setupKind(
  'Hire tool',
  { read: readHireTools, add: addHireTool, update: updateHireTool, remove: deleteHireTool },
  siteMustExist,
);

/**
 * A site list's entry (a downtime code, a consumable) stays on the site it was added to: only an
 * added one names a site, which must exist.
 */
function addedSiteMustExist(doc: Y.Doc, body: object): void {
  if ('siteId' in body && typeof body.siteId === 'string')
    siteMustExist(doc, { siteId: body.siteId });
}

export const DOWNTIME_CODES = setupKind(
  'Downtime code',
  {
    read: readDowntimeCodes,
    add: addDowntimeCode,
    update: updateDowntimeCode,
    remove: deleteDowntimeCode,
  },
  addedSiteMustExist,
);

export const CONSUMABLES = setupKind(
  'Consumable',
  { read: readConsumables, add: addConsumable, update: updateConsumable, remove: deleteConsumable },
  addedSiteMustExist,
);

/** Sites with the labels of their registered holes (SPEC 3 Site.holeIds). */
export async function sitesWithHoleIds(docs: DocumentService) {
  const sites = await docs.readSetup(readSites);
  const holes = await docs.readHoles(readHoleRegister);
  return sitesWithHoles(sites, holes);
}
