import {
  HOLES_DOC_NAME,
  SETUP_DOC_NAME,
  readHoleRegister,
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

/** SPEC 8: deleting a site asks first, warning that its rigs, crew and tools go with it. */
export function deleteSiteRequest(siteName: string, onConfirm: () => void): ConfirmRequest {
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
export function siteActions(edit: Pick<SetupEditor, 'addSite' | 'updateSite' | 'deleteSite'>) {
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
    remove(site: Pick<Site, 'id' | 'siteName'>): boolean {
      return applyChange(
        () => void edit.deleteSite(site.id),
        ['Site deleted', `Site "${site.siteName}" and its rigs, crew and tools were deleted`],
        'Failed to delete site',
      );
    },
  };
}
