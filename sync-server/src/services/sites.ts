import { archiveSite, deleteSite, readSites, unarchiveSite } from '@plod/model';
import type { SiteId } from '@plod/model';
import type { Actor } from '../auth/principal.ts';
import type { Projector } from '../projections/projector.ts';
import type { DocumentService } from './documents.ts';
import { NotFoundError } from '../errors.ts';

/** What DELETE /api/sites/{id} did. */
export interface SiteRemoval {
  message: string;
  id: string;
  /** True when the site had plods and was archived rather than deleted. */
  archived: boolean;
}

/**
 * Removing a site: one with plods (any status, deleted ones included, which may still be
 * restored) is archived, so its plods stay readable and exportable under its name; one without
 * goes with its rigs, crew and tools.
 */
export class SiteService {
  constructor(
    private readonly docs: DocumentService,
    private readonly projector: Projector,
  ) {}

  async plodCount(siteId: string): Promise<number> {
    await this.projector.flush();
    return this.projector.table.count({ siteId });
  }

  async remove(by: Actor, id: string): Promise<SiteRemoval> {
    const plods = await this.plodCount(id);
    if (plods > 0) {
      const found = await this.docs.writeSetup(by, (doc) => archiveSite(doc, id as SiteId));
      if (!found) throw NotFoundError.of('Site', id);
      const what = plods === 1 ? '1 plod' : `${plods} plods`;
      return { message: `Site archived: it has ${what}, which stay readable`, id, archived: true };
    }
    const removed = await this.docs.writeSetup(by, (doc) => deleteSite(doc, id as SiteId));
    if (!removed) throw NotFoundError.of('Site', id);
    return { message: 'Site deleted', id, archived: false };
  }

  /** Bring an archived site back into the crews' pickers; answers the site. */
  async unarchive(by: Actor, id: string) {
    const found = await this.docs.writeSetup(by, (doc) => unarchiveSite(doc, id as SiteId));
    if (!found) throw NotFoundError.of('Site', id);
    const site = await this.docs.readSetup((doc) => readSites(doc).find((s) => s.id === id));
    if (!site) throw NotFoundError.of('Site', id);
    return site;
  }
}
