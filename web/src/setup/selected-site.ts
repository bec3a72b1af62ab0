import type { Site, SiteId } from '@plod/model';
import { useState } from 'react';

export interface SelectedSite<S extends Site = Site> {
  /** The chosen site, or the first site when none was chosen or the chosen one is gone. */
  site: S | null;
  select: (id: SiteId) => void;
}

/** SPEC: the selected site defaults to the first site; a deleted choice falls back to it too. */
export function useSelectedSite<S extends Site>(sites: readonly S[]): SelectedSite<S> {
  const [chosen, setChosen] = useState<SiteId | null>(null);
  const site = sites.find((s) => s.id === chosen) ?? sites[0] ?? null;
  return { site, select: setChosen };
}
