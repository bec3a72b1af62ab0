import {
  SETUP_DOC_NAME,
  drillerKey,
  readSetup,
  type ReportsIndexRow,
  type SetupSnapshot,
} from '@plod/model';
import { useMemo } from 'react';
import { useDocSnapshot } from '../sync';

export interface Option {
  value: string;
  label: string;
}

export interface FilterOptions {
  sites: Option[];
  /** Rigs, each with its site. */
  rigs: (Option & { siteId: string })[];
  drillers: Option[];
}

const byLabel = (a: Option, b: Option) => a.label.localeCompare(b.label);

/**
 * What the filters offer: every site (archived ones marked: their plods stay findable), every rig,
 * and every driller named on a listed plod or in the crew lists.
 */
export function filterOptions(
  setup: Pick<SetupSnapshot, 'sites' | 'rigs' | 'crewMembers'>,
  rows: readonly ReportsIndexRow[],
): FilterOptions {
  const sites = setup.sites.map((site) => ({
    value: site.id,
    label: site.archivedAt ? `${site.siteName} (archived)` : site.siteName,
  }));
  const rigs = setup.rigs.map((rig) => ({ value: rig.id, label: rig.rigName, siteId: rig.siteId }));
  const drillers = new Map<string, string>();
  for (const member of setup.crewMembers) {
    if (member.role === 'driller') drillers.set(drillerKey(member.memberName), member.memberName);
  }
  for (const row of rows) {
    if (row.operator && !drillers.has(drillerKey(row.operator))) {
      drillers.set(drillerKey(row.operator), row.operator.trim());
    }
  }
  return {
    sites: sites.sort(byLabel),
    rigs: rigs.sort(byLabel),
    drillers: [...drillers.values()].map((name) => ({ value: name, label: name })).sort(byLabel),
  };
}

/** The filter options from the setup document and the listed plods, live. */
export function useFilterOptions(rows: readonly ReportsIndexRow[]): FilterOptions {
  const setup = useDocSnapshot(SETUP_DOC_NAME, readSetup);
  return useMemo(() => filterOptions(setup, rows), [setup, rows]);
}
