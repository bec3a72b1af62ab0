import { Group, Stack, Text } from '@mantine/core';
import {
  REPORT_STATUSES,
  formatDepth,
  formatHours,
  type PlodFilter,
  type ReportsIndexRow,
} from '@plod/model';
import { useMemo } from 'react';
import { ScreenHeader } from '../components/ScreenHeader';
import { SupervisorsOnly } from '../components/SignInFirst';
import { useNow } from '../lib/useNow';
import { useWide } from '../lib/useWide';
import { ExportButtons } from '../plod-list/ExportButtons';
import { FilterBar } from '../plod-list/FilterBar';
import { filterPlods, usePlodListAddress } from '../plod-list/filter';
import { useFilterOptions } from '../plod-list/options';
import { Pager } from '../plod-list/Pager';
import { AfterPaint, pageFrom, serverPlods, sumStatuses, usePlodSource } from '../plod-list/source';
import { useConnection } from '../sync';
import { StatRow } from './plod/StatRow';
import { LateEdits } from './supervisor-live/LateEdits';
import { MissingShiftsCount } from './supervisor-live/MissingShiftsCount';
import { useLateEditSessions } from './supervisor-live/late-edits';
import { LiveReportCards, LiveReportTable } from './supervisor-live/LiveReports';
import { totalsOf } from './supervisor-live/live-rows';

/** With no status chosen, Live shows every plod still in play (deleted ones under their own tick). */
const CURRENT = REPORT_STATUSES.filter((status) => status !== 'deleted');
const NO_ROWS: readonly ReportsIndexRow[] = [];

function LiveBody() {
  const { enabled, browserOnline } = useConnection();
  const online = enabled && browserOnline;
  const lateEdits = useLateEditSessions(online);
  const wide = useWide();
  const now = useNow(15_000).getTime();
  const address = usePlodListAddress();
  const filter: PlodFilter = useMemo(
    () => (address.filter.statuses ? address.filter : { ...address.filter, statuses: CURRENT }),
    [address.filter],
  );
  // The first page comes from the server; the reports index (kept in step with every report by
  // the server, live here as crews work) takes over once it has reached this browser.
  const source = usePlodSource(
    { list: filter, totals: filter, page: address.page },
    { online, serverFirst: true },
  );
  const rows = source.index;
  const server = serverPlods(source);
  const options = useFilterOptions(rows ?? server?.paged.rows ?? NO_ROWS);
  const shown = useMemo(() => (rows ? filterPlods(rows, filter) : null), [rows, filter]);
  const paged = pageFrom(source, shown, address.page);
  const totals = useMemo(
    () => (shown ? totalsOf(shown) : server ? sumStatuses(server.statuses) : null),
    [shown, server],
  );
  const byId = useMemo(
    () => new Map((rows ?? paged?.rows ?? NO_ROWS).map((row) => [row.id, row])),
    [rows, paged],
  );
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
      <MissingShiftsCount online={online} />
      <LateEdits
        state={lateEdits}
        online={online}
        reports={byId}
        filter={address.filter}
        complete={rows !== null}
      />
      <FilterBar
        address={address}
        options={options}
        statuses={REPORT_STATUSES}
        noneTicked="every plod but deleted ones"
      />
      <ExportButtons filter={filter} />
      <StatRow
        stats={[
          {
            label: 'Plods',
            value: totals ? String(totals.count) : '…',
            testId: 'live-total-count',
          },
          {
            label: 'Metres',
            value: totals ? formatDepth(totals.metres) : '…',
            testId: 'live-total-metres',
          },
          {
            label: 'Hours',
            value: totals ? formatHours(totals.hours) : '…',
            testId: 'live-total-hours',
          },
        ]}
      />
      {paged === null ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="live-loading">
          Loading plods…
        </Text>
      ) : paged.total === 0 ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="live-empty">
          No plods to show
        </Text>
      ) : (
        <Stack gap="xs">
          <Rows rows={paged.rows} now={now} lateEditIds={lateEditIds} online={online} />
          <Pager paged={paged} onPage={address.setPage} />
        </Stack>
      )}
      {paged !== null && <AfterPaint run={source.openIndex} />}
      <Group justify="center" mt="xl" />
    </>
  );
}

/** Live Reports (/live): supervisors only; anyone else signs in first and comes back. */
export default function SupervisorLive() {
  return (
    <SupervisorsOnly>
      <LiveBody />
    </SupervisorsOnly>
  );
}
