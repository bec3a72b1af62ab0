import {
  HOLES_DOC_NAME,
  REPORTS_INDEX_DOC_NAME,
  SETUP_DOC_NAME,
  readHoleRegister,
  readReportsIndex,
  readSites,
  sitesWithHoles,
  type Site,
  type SiteId,
  type SiteWithHoles,
} from '@plod/model';
import { useMemo } from 'react';
import type { ConfirmRequest } from '../components/ConfirmModal';
import { useDocSnapshot } from '../sync';
import { applyChange } from './notify';
import type { SetupEditor } from './useSetupEditor';

/** The sites of the setup document with the holes the register holds for each, live. */
export function useSitesWithHoles(): SiteWithHoles[] {
  const sites = useDocSnapshot(SETUP_DOC_NAME, readSites);
  const holes = useDocSnapshot(HOLES_DOC_NAME, readHoleRegister);
  return useMemo(() => sitesWithHoles(sites, holes), [sites, holes]);
}

/** How many plods (any status) each site has, from the reports index, live. */
export function usePlodCounts(): ReadonlyMap<string, number> {
  const rows = useDocSnapshot(REPORTS_INDEX_DOC_NAME, readReportsIndex);
  return useMemo(() => {
    const counts = new Map<string, number>();
    for (const row of rows) {
      if (row.siteId) counts.set(row.siteId, (counts.get(row.siteId) ?? 0) + 1);
    }
    return counts;
  }, [rows]);
}

const plodsWord = (n: number) => (n === 1 ? '1 plod' : `${n} plods`);

/**
 * SPEC 8: deleting a site asks first, warning that its rigs, crew and tools go with it. A site
 * with plods is archived instead, and the question says so.
 */
export function deleteSiteRequest(
  siteName: string,
  plods: number,
  onConfirm: () => void,
): ConfirmRequest {
  if (plods > 0) {
    return {
      title: 'Archive site',
      message: `"${siteName}" has ${plodsWord(plods)}, so it is archived, not deleted: it leaves the crews' site lists, and its rigs, crew, tools and plods are kept (its plods stay readable and exportable). You can unarchive it later.`,
      confirmLabel: 'Archive',
      onConfirm,
    };
  }
  return {
    title: 'Delete site',
    message: `Are you sure you want to delete the site "${siteName}"? This also deletes its rigs, crew members and hire tools.`,
    confirmLabel: 'Delete',
    onConfirm,
  };
}

/**
 * Adding, renaming and deleting a site, as Site Setup and Site Configuration both do: each is a
 * change to the device copy of the setup document (so it works offline and merges with whatever
 * the server holds) with SPEC 8's toasts for the outcome.
 */
export function siteActions(
  edit: Pick<
    SetupEditor,
    'addSite' | 'updateSite' | 'deleteSite' | 'archiveSite' | 'unarchiveSite'
  >,
) {
  return {
    /** The new site's id, or null when it was refused. */
    add(siteName: string): SiteId | null {
      let id: SiteId | null = null;
      applyChange(
        () => {
          id = edit.addSite({ siteName });
        },
        ['Site added', `Site "${siteName}" created successfully`],
        'Failed to create site',
      );
      return id;
    },
    rename(id: SiteId, siteName: string): boolean {
      return applyChange(
        () => edit.updateSite(id, { siteName }),
        ['Site updated', `Site renamed to "${siteName}"`],
        'Failed to update site',
      );
    },
    /** Deletes a site without plods; archives one with plods (they stay readable). */
    remove(site: Pick<Site, 'id' | 'siteName'>, plods: number): boolean {
      if (plods > 0) {
        return applyChange(
          () => void edit.archiveSite(site.id),
          ['Site archived', `Site "${site.siteName}" is archived; its ${plodsWord(plods)} stay`],
          'Failed to archive site',
        );
      }
      return applyChange(
        () => void edit.deleteSite(site.id),
        ['Site deleted', `Site "${site.siteName}" and its rigs, crew and tools were deleted`],
        'Failed to delete site',
      );
    },
    unarchive(site: Pick<Site, 'id' | 'siteName'>): boolean {
      return applyChange(
        () => void edit.unarchiveSite(site.id),
        ['Site unarchived', `Site "${site.siteName}" is back in the crews' lists`],
        'Failed to unarchive site',
      );
    },
  };
}
