import {
  HOLES_DOC_NAME,
  SETUP_DOC_NAME,
  addConsumable,
  setRosterCells,
  addCrewMember,
  deleteConsumable,
  updateConsumable,
  addDowntimeCode,
  deleteDowntimeCode,
  updateDowntimeCode,
  addHireTool,
  addRig,
  addSite,
  archiveSite,
  deleteCrewMember,
  deleteHireTool,
  deleteRig,
  deleteSite,
  holeIdsOfSite,
  readHoleRegister,
  readSetup,
  unarchiveSite,
  updateCrewMember,
  updateHireTool,
  updateRig,
  updateSite,
  type SetupSnapshot,
  type SiteId,
} from '@plod/model';
import { useMemo } from 'react';
import { useDocSnapshot, useMutation } from '../sync';

/** The setup document (sites, rigs, crew, hire-tool library) as a live plain snapshot. */
export function useSetupSnapshot(): SetupSnapshot {
  return useDocSnapshot(SETUP_DOC_NAME, readSetup);
}

/** How many holes the hole register holds for a site (SPEC: the site's total holes). */
export function useSiteHoleCount(siteId: SiteId | null): number {
  const holes = useDocSnapshot(HOLES_DOC_NAME, readHoleRegister);
  return useMemo(() => (siteId ? holeIdsOfSite(holes, siteId).length : 0), [holes, siteId]);
}

/**
 * The setup document's named mutations, bound to the document. Each runs in one transaction on the
 * device copy (so it works offline) and throws the model's ZodError or ModelError on bad input.
 */
export function useSetupEditor() {
  const doc = SETUP_DOC_NAME;
  return {
    addSite: useMutation(doc, addSite),
    updateSite: useMutation(doc, updateSite),
    deleteSite: useMutation(doc, deleteSite),
    archiveSite: useMutation(doc, archiveSite),
    unarchiveSite: useMutation(doc, unarchiveSite),
    addRig: useMutation(doc, addRig),
    updateRig: useMutation(doc, updateRig),
    deleteRig: useMutation(doc, deleteRig),
    addCrewMember: useMutation(doc, addCrewMember),
    updateCrewMember: useMutation(doc, updateCrewMember),
    deleteCrewMember: useMutation(doc, deleteCrewMember),
    addHireTool: useMutation(doc, addHireTool),
    updateHireTool: useMutation(doc, updateHireTool),
    deleteHireTool: useMutation(doc, deleteHireTool),
    addDowntimeCode: useMutation(doc, addDowntimeCode),
    updateDowntimeCode: useMutation(doc, updateDowntimeCode),
    deleteDowntimeCode: useMutation(doc, deleteDowntimeCode),
    addConsumable: useMutation(doc, addConsumable),
    setRosterCells: useMutation(doc, setRosterCells),
    updateConsumable: useMutation(doc, updateConsumable),
    deleteConsumable: useMutation(doc, deleteConsumable),
  };
}

export type SetupEditor = ReturnType<typeof useSetupEditor>;
