import { DEFAULT_CLEANUP_DAYS, readSites, reportDocName } from '@plod/model';
import type { ReportId } from '@plod/model';
import type { DocumentService } from './documents.ts';
import { NotFoundError } from '../errors.ts';
import type { Projector } from '../projections/projector.ts';

const DAY_MS = 86_400_000;

/**
 * Removes reports soft-deleted longer ago than their site's cleanup days: the stored document and its
 * projection row. A phone that still holds such a report offline would bring it back when it syncs;
 * it arrives deleted and old, so the next cleanup removes it again.
 */
export class CleanupService {
  constructor(
    private readonly docs: DocumentService,
    private readonly projector: Projector,
  ) {}

  /** One site (its cleanup days), or every site plus reports of no known site (default days). */
  async cleanup(siteId?: string, now = Date.now()) {
    await this.projector.flush();
    const sites = await this.docs.readSetup(readSites);
    const table = this.projector.table;
    const cutoff = (days: number) => new Date(now - days * DAY_MS).toISOString();
    let ids: string[];
    if (siteId !== undefined) {
      const site = sites.find((s) => s.id === siteId);
      if (!site) throw NotFoundError.of('Site', siteId);
      ids = await table.deletedBefore(cutoff(site.autoCleanupDays), site.id);
    } else {
      const known = new Set(sites.map((s) => s.id));
      ids = [];
      for (const site of sites) {
        ids.push(...(await table.deletedBefore(cutoff(site.autoCleanupDays), site.id)));
      }
      for (const id of await table.deletedBefore(cutoff(DEFAULT_CLEANUP_DAYS))) {
        if (!ids.includes(id) && !orphanSiteKnown(await table.siteOf(id), known)) ids.push(id);
      }
    }
    // Through the manager, never the store alone: a report still in memory would be written back.
    const removed: string[] = [];
    for (const id of ids) {
      const name = reportDocName(id as ReportId);
      if (await this.docs.manager.remove(name)) removed.push(id);
      // Gone from the store already (an earlier pass): only its row is left to remove.
      else if (!this.docs.manager.isOpen(name)) removed.push(id);
    }
    await this.projector.removeReports(removed);
    return {
      message: `Cleaned up ${removed.length} deleted reports`,
      cleanedCount: removed.length,
    };
  }
}

function orphanSiteKnown(siteId: string | null, known: ReadonlySet<string>): boolean {
  return siteId !== null && known.has(siteId);
}
