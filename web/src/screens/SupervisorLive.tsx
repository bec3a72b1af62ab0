import { Button, Group, NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { REPORTS_INDEX_DOC_NAME, formatDepth, formatHours, readReportsIndex } from '@plod/model';
import { useMemo, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { useAuth } from '../auth';
import { ScreenHeader } from '../components/ScreenHeader';
import { useNow } from '../lib/useNow';
import { useConnection, useDocSnapshot } from '../sync';
import { StatRow } from './plod/StatRow';
import { LateEdits } from './supervisor-live/LateEdits';
import { useLateEdits } from './supervisor-live/late-edits';
import { LiveReportCards, LiveReportTable } from './supervisor-live/LiveReports';
import {
  STATUS_FILTERS,
  STATUS_LABEL,
  filterRows,
  groupBySite,
  siteNames,
  statusCounts,
  totalsOf,
  type StatusFilter,
} from './supervisor-live/live-rows';

const ALL_SITES = '';

function LiveBody() {
  // The server keeps this document in step with every report; it syncs here as crews work.
  const rows = useDocSnapshot(REPORTS_INDEX_DOC_NAME, readReportsIndex);
  const { enabled, browserOnline } = useConnection();
  const online = enabled && browserOnline;
  const lateEdits = useLateEdits(online);
  const wide = useMediaQuery('(min-width: 48em)');
  const now = useNow(15_000).getTime();
  const [site, setSite] = useState<string>(ALL_SITES);
  const [status, setStatus] = useState<StatusFilter>('current');

  const sites = useMemo(() => siteNames(rows), [rows]);
  const counts = useMemo(() => statusCounts(rows), [rows]);
  const byId = useMemo(() => new Map(rows.map((row) => [row.id, row])), [rows]);
  const shown = useMemo(
    () => filterRows(rows, { site: site === ALL_SITES ? null : site, status }),
    [rows, site, status],
  );
  const groups = useMemo(() => groupBySite(shown), [shown]);
  const totals = useMemo(() => totalsOf(shown), [shown]);
  const lateEditIds = useMemo(
    () => new Set((lateEdits.edits ?? []).map((edit) => edit.reportId)),
    [lateEdits.edits],
  );
  const Rows = wide ? LiveReportTable : LiveReportCards;

  return (
    <>
      <ScreenHeader
        title="Live Reports"
        subtitle="Every report across sites, changing as crews work"
        backTo="/site-config"
        backLabel="Site Configuration"
      />
      <LateEdits state={lateEdits} online={online} reports={byId} />
      <SimpleGrid cols={2} spacing="sm" mb="md">
        <NativeSelect
          label="Site"
          data={[
            { value: ALL_SITES, label: 'All sites' },
            ...sites.map((name) => ({ value: name, label: name })),
          ]}
          value={site}
          onChange={(event) => setSite(event.currentTarget.value)}
        />
        <NativeSelect
          label="Status"
          data={STATUS_FILTERS.map((key) => ({
            value: key,
            label: `${STATUS_LABEL[key]} (${counts[key]})`,
          }))}
          value={status}
          onChange={(event) => setStatus(event.currentTarget.value as StatusFilter)}
        />
      </SimpleGrid>
      <StatRow
        stats={[
          { label: 'Reports', value: String(totals.count), testId: 'live-total-count' },
          { label: 'Metres', value: formatDepth(totals.metres), testId: 'live-total-metres' },
          { label: 'Hours', value: formatHours(totals.hours), testId: 'live-total-hours' },
        ]}
      />
      {groups.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="live-empty">
          No reports to show
        </Text>
      ) : (
        <Stack gap="lg">
          {groups.map((group) => (
            <Stack
              key={group.site}
              gap="xs"
              component="section"
              aria-label={group.site}
              data-testid="live-site"
            >
              <Group justify="space-between" align="baseline">
                <Title order={2} fz={20}>
                  {group.site}
                </Title>
                <Text size="sm" c="dimmed">
                  {group.count} {group.count === 1 ? 'report' : 'reports'} ·{' '}
                  {formatDepth(group.metres)} m · {formatHours(group.hours)} h
                </Text>
              </Group>
              <Rows rows={group.rows} now={now} lateEditIds={lateEditIds} />
            </Stack>
          ))}
        </Stack>
      )}
      <Group justify="center" mt="xl">
        <Button component={Link} to="/site-config" variant="subtle">
          Site Configuration
        </Button>
        <Button component={Link} to="/site-setup" variant="subtle">
          Site Setup
        </Button>
      </Group>
    </>
  );
}

/** Live Reports (/live): supervisors only; anyone else goes to the sign-in page. */
export default function SupervisorLive() {
  const auth = useAuth();
  if (auth.kind !== 'supervisor') return <Navigate to="/login" replace />;
  return <LiveBody />;
}
