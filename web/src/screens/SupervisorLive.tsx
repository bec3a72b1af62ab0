import { Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  REPORTS_INDEX_DOC_NAME,
  REPORT_STATUSES,
  formatDepth,
  formatHours,
  readReportsIndex,
  type PlodFilter,
} from '@plod/model';
import { useMemo } from 'react';
import { useAuth } from '../auth';
import { ScreenHeader } from '../components/ScreenHeader';
import { SignInFirst } from '../components/SignInFirst';
import { useNow } from '../lib/useNow';
import { ExportButtons } from '../plod-list/ExportButtons';
import { FilterBar } from '../plod-list/FilterBar';
import { filterPlods, pageOf, usePlodListAddress } from '../plod-list/filter';
import { useFilterOptions } from '../plod-list/options';
import { Pager } from '../plod-list/Pager';
import { useConnection, useDocSnapshot } from '../sync';
import { StatRow } from './plod/StatRow';
import { LateEdits } from './supervisor-live/LateEdits';
import { useLateEditSessions } from './supervisor-live/late-edits';
import { LiveReportCards, LiveReportTable } from './supervisor-live/LiveReports';
import { totalsOf } from './supervisor-live/live-rows';

/** With no status chosen, Live shows every plod still in play (deleted ones under their own tick). */
const CURRENT = REPORT_STATUSES.filter((status) => status !== 'deleted');

function LiveBody() {
  // The server keeps this document in step with every report; it syncs here as crews work.
  const rows = useDocSnapshot(REPORTS_INDEX_DOC_NAME, readReportsIndex);
  const { enabled, browserOnline } = useConnection();
  const online = enabled && browserOnline;
  const lateEdits = useLateEditSessions(online);
  const wide = useMediaQuery('(min-width: 48em)', true);
  const now = useNow(15_000).getTime();
  const address = usePlodListAddress();
  const options = useFilterOptions(rows);
  const filter: PlodFilter = useMemo(
    () => (address.filter.statuses ? address.filter : { ...address.filter, statuses: CURRENT }),
    [address.filter],
  );
  const shown = useMemo(() => filterPlods(rows, filter), [rows, filter]);
  const paged = pageOf(shown, address.page);
  const totals = useMemo(() => totalsOf(shown), [shown]);
  const byId = useMemo(() => new Map(rows.map((row) => [row.id, row])), [rows]);
  const lateEditIds = useMemo(
    () => new Set((lateEdits.sessions ?? []).map((session) => session.reportId)),
    [lateEdits.sessions],
  );
  const Rows = wide ? LiveReportTable : LiveReportCards;

  return (
    <>
      <ScreenHeader
        title="Live Reports"
        subtitle="Every plod across sites, changing as crews work"
      />
      <LateEdits state={lateEdits} online={online} reports={byId} />
      <FilterBar
        address={address}
        options={options}
        statuses={REPORT_STATUSES}
        noneTicked="every plod but deleted ones"
      />
      <ExportButtons filter={filter} />
      <StatRow
        stats={[
          { label: 'Plods', value: String(totals.count), testId: 'live-total-count' },
          { label: 'Metres', value: formatDepth(totals.metres), testId: 'live-total-metres' },
          { label: 'Hours', value: formatHours(totals.hours), testId: 'live-total-hours' },
        ]}
      />
      {paged.total === 0 ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="live-empty">
          No plods to show
        </Text>
      ) : (
        <Stack gap="xs">
          <Rows rows={paged.rows} now={now} lateEditIds={lateEditIds} online={online} />
          <Pager paged={paged} onPage={address.setPage} />
        </Stack>
      )}
      <Group justify="center" mt="xl" />
    </>
  );
}

/** Live Reports (/live): supervisors only; anyone else signs in first and comes back. */
export default function SupervisorLive() {
  const auth = useAuth();
  if (auth.kind !== 'supervisor') return <SignInFirst />;
  return <LiveBody />;
}
