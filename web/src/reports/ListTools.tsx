import type { ReportStatus, ReportsIndexRow, PlodFilter } from '@plod/model';
import { ExportButtons } from '../plod-list/ExportButtons';
import { FilterBar } from '../plod-list/FilterBar';
import type { PlodListAddress } from '../plod-list/filter';
import { useFilterOptions } from '../plod-list/options';

/**
 * The Plods list's filters and (for a supervisor) the summary export: their own chunk, loaded
 * when shown, so the list's first paint carries neither the setup reader nor the form controls.
 */
export default function ListTools({
  address,
  rows,
  statuses,
  exportFilter,
  initiallyOpen,
}: {
  address: PlodListAddress;
  rows: readonly ReportsIndexRow[];
  statuses: readonly ReportStatus[];
  /** The filter the shown plods answer to, for the export; null: no export (a crew phone). */
  exportFilter: PlodFilter | null;
  /** The person asked for the filters (a phone shows them at once). */
  initiallyOpen: boolean;
}) {
  const options = useFilterOptions(rows);
  return (
    <>
      <FilterBar
        address={address}
        options={options}
        statuses={statuses}
        initiallyOpen={initiallyOpen}
        noneTicked="every plod of the tab"
      />
      {exportFilter && <ExportButtons filter={exportFilter} />}
    </>
  );
}
