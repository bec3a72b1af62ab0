import type { ContractVersion } from '@plod/model';
import { pricedRow } from './report-row.ts';
import type { ProjectedPlod, ReportRow } from './report-row.ts';

/** Where the projection finds the contract versions that price a site's plods (the contract store). */
export interface PricingSource {
  versionsOfSite(siteId: string): Promise<ContractVersion[]>;
}

/**
 * Prices projected plods for one pass: each site's versions are read once, on first need, so a
 * pass sees one state of a site's contracts. Without a source (or a site) a plod stays unpriced.
 * A failed read rejects: the pass's rows stay dirty for the next one, never written unpriced.
 */
export function passPricer(
  source: PricingSource | null,
): (projected: ProjectedPlod) => Promise<ReportRow> {
  const bySite = new Map<string, Promise<ContractVersion[]>>();
  return async (projected) => {
    const siteId = projected.row.siteId;
    if (!source || siteId === null) return pricedRow(projected, []);
    let versions = bySite.get(siteId);
    if (!versions) {
      versions = source.versionsOfSite(siteId);
      bySite.set(siteId, versions);
    }
    return pricedRow(projected, await versions);
  };
}
