import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  formatDepth,
  formatHours,
  shiftTypeLabel,
  type BundleShiftSummary,
  type Site,
} from '@plod/model';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { plodReportPath } from '../../routes/client';
import { ApiError } from '../../auth';
import { downloadText } from '../csv-editor/download';
import {
  SITE_CONFIG_MESSAGES,
  fetchCompletedReports,
  fetchSiteCsv,
  notifyExportFailure,
} from './api';

const SHOWN = 10;

// No listing for the shown site means it is loading.
type Listing =
  | { siteId: string; state: 'ready'; reports: BundleShiftSummary[] }
  | { siteId: string; state: 'failed'; message: string };

function ReportLine({ report }: { report: BundleShiftSummary }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" data-testid="completed-report">
      <Stack gap={0} style={{ minWidth: 0 }}>
        {/* A line of 44 px: the link is a thumb's target on a phone. */}
        <Anchor
          component={Link}
          to={plodReportPath(report.id)}
          fw={700}
          truncate
          style={{ display: 'block', lineHeight: '44px' }}
        >
          {report.rig ?? 'No rig'} · {report.date ?? 'No date'}
        </Anchor>
        <Text size="sm" c="dimmed">
          {report.shiftType ? shiftTypeLabel(report.shiftType) : 'Shift not set'} ·{' '}
          {report.operator ?? 'No operator'}
        </Text>
      </Stack>
      <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
        <Text fw={700}>{formatDepth(report.totalDepthDrilled)} m</Text>
        <Text size="sm" c="dimmed">
          {formatHours(report.hoursWorked)} h
        </Text>
      </Stack>
    </Group>
  );
}

export interface ExportManagementProps {
  site: Site;
  online: boolean;
}

/**
 * SPEC 2 export management: the site's completed reports as the server holds them, and one CSV
 * of them all (the server builds it, so it is the same file every export of the site gives).
 */
export function ExportManagement({ site, online }: ExportManagementProps) {
  const [listing, setListing] = useState<Listing | null>(null);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    if (!online) return;
    let live = true;
    const siteId = site.id;
    fetchCompletedReports(siteId).then(
      (reports) => {
        if (live) setListing({ siteId, state: 'ready', reports });
      },
      (error: unknown) => {
        if (!live) return;
        const message = error instanceof ApiError ? error.serverMessage : String(error);
        setListing({ siteId, state: 'failed', message });
      },
    );
    return () => {
      live = false;
    };
  }, [site.id, online]);

  const current = listing?.siteId === site.id ? listing : null;

  const exportCsv = async () => {
    setExporting(true);
    try {
      const reports = await fetchCompletedReports(site.id);
      setListing({ siteId: site.id, state: 'ready', reports });
      if (reports.length === 0) {
        notifications.show({ color: 'yellow', message: SITE_CONFIG_MESSAGES.noCompleted });
        return;
      }
      const file = await fetchSiteCsv(site.id);
      downloadText(file.filename, file.text);
      notifications.show({
        color: 'green',
        title: 'Export',
        message: SITE_CONFIG_MESSAGES.exported(reports.length),
      });
    } catch (error) {
      notifyExportFailure(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card withBorder component="section" aria-label="Export management">
      <Stack>
        <Group justify="space-between">
          <Title order={3} fz={18}>
            Export management
          </Title>
          {current?.state === 'ready' && (
            <Badge variant="light" size="lg" data-testid="completed-count">
              {current.reports.length} completed
            </Badge>
          )}
        </Group>
        {!online ? (
          <Alert color="gray" variant="light">
            Exports need the network. Reconnect to see this site&apos;s completed reports.
          </Alert>
        ) : current === null ? (
          <Text c="dimmed">Loading completed reports...</Text>
        ) : current.state === 'failed' ? (
          <Alert color="red" variant="light">
            {current.message}
          </Alert>
        ) : current.reports.length === 0 ? (
          <Text c="dimmed">{SITE_CONFIG_MESSAGES.noCompleted}</Text>
        ) : (
          <Stack gap="xs">
            {current.reports.slice(0, SHOWN).map((report) => (
              <ReportLine key={report.id} report={report} />
            ))}
            {current.reports.length > SHOWN && (
              <Text size="sm" c="dimmed">
                and {current.reports.length - SHOWN} more in the export
              </Text>
            )}
          </Stack>
        )}
        <Button
          onClick={() => void exportCsv()}
          disabled={!online}
          loading={exporting}
          variant="light"
        >
          Export CSV
        </Button>
      </Stack>
    </Card>
  );
}
