import {
  HOLES_DOC_NAME,
  SETUP_DOC_NAME,
  addSite,
  deleteSite,
  readHoleRegister,
  readSites,
  sitesWithHoles,
  updateSite,
  type SiteWithHoles,
} from '@plod/model';
import { useMemo } from 'react';
import { useDocSnapshot, useMutation } from '../../sync';

/** The sites of the setup document with the holes the register holds for each, live. */
export function useSitesWithHoles(): SiteWithHoles[] {
  const sites = useDocSnapshot(SETUP_DOC_NAME, readSites);
  const holes = useDocSnapshot(HOLES_DOC_NAME, readHoleRegister);
  return useMemo(() => sitesWithHoles(sites, holes), [sites, holes]);
}

/** The site mutations Site Configuration makes, on the device copy of the setup document. */
export function useSiteMutations() {
  return {
    addSite: useMutation(SETUP_DOC_NAME, addSite),
    updateSite: useMutation(SETUP_DOC_NAME, updateSite),
    deleteSite: useMutation(SETUP_DOC_NAME, deleteSite),
  };
}

export type SiteMutations = ReturnType<typeof useSiteMutations>;
