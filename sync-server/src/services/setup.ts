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
import type {
  ConsumableCreate,
  ConsumableId,
  ConsumableUpdate,
  CrewMemberId,
  CrewMemberCreate,
  CrewMemberUpdate,
  DowntimeCodeCreate,
  DowntimeCodeId,
  DowntimeCodeUpdate,
  HireToolCreate,
  HireToolId,
  HireToolUpdate,
  RigCreate,
  RigId,
  RigUpdate,
  SiteCreate,
  SiteId,
  SiteUpdate,
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

// Ids arrive as path text; one that names nothing is not found by the model (404).
export const SITES: SetupKind<ReturnType<typeof readSites>[number], SiteCreate, SiteUpdate> = {
  what: 'Site',
  read: readSites,
  add: addSite,
  update: (doc, id, patch) => updateSite(doc, id as SiteId, patch),
  remove: (doc, id) => deleteSite(doc, id as SiteId),
};

/** Rigs, crew members and tools belong to a site that exists. */
const siteMustExist = (doc: Y.Doc, body: { siteId?: string }) =>
  requireKnown('site', body.siteId, readSites(doc));

export const RIGS: SetupKind<ReturnType<typeof readRigs>[number], RigCreate, RigUpdate> = {
  what: 'Rig',
  check: siteMustExist,
  read: readRigs,
  add: addRig,
  update: (doc, id, patch) => updateRig(doc, id as RigId, patch),
  remove: (doc, id) => deleteRig(doc, id as RigId),
};

export const CREW_MEMBERS: SetupKind<
  ReturnType<typeof readCrewMembers>[number],
  CrewMemberCreate,
  CrewMemberUpdate
> = {
  what: 'Crew member',
  check: siteMustExist,
  read: readCrewMembers,
  add: addCrewMember,
  update: (doc, id, patch) => updateCrewMember(doc, id as CrewMemberId, patch),
  remove: (doc, id) => deleteCrewMember(doc, id as CrewMemberId),
};

export const HIRE_TOOLS: SetupKind<
  ReturnType<typeof readHireTools>[number],
  HireToolCreate,
  HireToolUpdate
> = {
  what: 'Hire tool',
  check: siteMustExist,
  read: readHireTools,
  add: addHireTool,
  update: (doc, id, patch) => updateHireTool(doc, id as HireToolId, patch),
  remove: (doc, id) => deleteHireTool(doc, id as HireToolId),
};

/**
 * A site list's entry (a downtime code, a consumable) stays on the site it was added to: only an
 * added one names a site, which must exist.
 */
function addedSiteMustExist(doc: Y.Doc, body: object): void {
  if ('siteId' in body && typeof body.siteId === 'string')
    siteMustExist(doc, { siteId: body.siteId });
}

export const DOWNTIME_CODES: SetupKind<
  ReturnType<typeof readDowntimeCodes>[number],
  DowntimeCodeCreate,
  DowntimeCodeUpdate
> = {
  what: 'Downtime code',
  check: addedSiteMustExist,
  read: readDowntimeCodes,
  add: addDowntimeCode,
  update: (doc, id, patch) => updateDowntimeCode(doc, id as DowntimeCodeId, patch),
  remove: (doc, id) => deleteDowntimeCode(doc, id as DowntimeCodeId),
};

export const CONSUMABLES: SetupKind<
  ReturnType<typeof readConsumables>[number],
  ConsumableCreate,
  ConsumableUpdate
> = {
  what: 'Consumable',
  check: addedSiteMustExist,
  read: readConsumables,
  add: addConsumable,
  update: (doc, id, patch) => updateConsumable(doc, id as ConsumableId, patch),
  remove: (doc, id) => deleteConsumable(doc, id as ConsumableId),
};

/** Sites with the labels of their registered holes (SPEC 3 Site.holeIds). */
export async function sitesWithHoleIds(docs: DocumentService) {
  const sites = await docs.readSetup(readSites);
  const holes = await docs.readHoles(readHoleRegister);
  return sitesWithHoles(sites, holes);
}
