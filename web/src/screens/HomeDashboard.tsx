import {
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Progress,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import {
  HOLES_DOC_NAME,
  formatDepth,
  readHoleProgress,
  readHoleRegister,
  readReport,
  reportDocName,
  savedReportsPreview,
} from '@plod/model';
import type { ReportId, ReportSnapshot } from '@plod/model';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { ScreenHeader } from '../components/ScreenHeader';
import { plodPath } from '../routes/plod-paths';
import { formatClock, formatUsDate, shiftTypeAt } from '../lib/time';
import { useNow } from '../lib/useNow';
import { activeHole, totalHoles } from '../reports/active-hole';
import { SavedReports } from '../reports/SavedReports';
import { statusLook } from '../reports/status-look';
import { useReportList } from '../reports/useReportList';
import { useCurrentReportId } from '../session/current-report';
import { useDocSnapshot, useOptionalDocSnapshot, useUnreadDocs } from '../sync';
import { lazyOptional } from '../lib/lazyOptional';

const ReferenceDataPrompt = lazyOptional(() => import('../components/ReferenceDataPrompt'));

const CARDS: readonly { to: string; label: string; hint: string }[] = [
  { to: '/run-sheets', label: 'Run Sheets', hint: 'Holes and runs' },
  { to: '/timesheets', label: 'Timesheets', hint: 'Hours worked' },
  { to: '/plods', label: 'Plods', hint: 'Saved shift reports' },
  { to: '/shift-summary', label: 'Shift Summary', hint: 'Totals for the shift' },
  { to: '/reports', label: 'Reports', hint: 'Management reports' },
  { to: '/settings', label: 'Settings', hint: 'App preferences' },
];

function ShiftClock() {
  const now = useNow();
  const shift = shiftTypeAt(now);
  return (
    <Card>
      <Group justify="space-between" align="center" wrap="nowrap">
        <Stack gap={0}>
          <Text fz={{ base: 30, xs: 36 }} fw={800} ff="monospace" lh={1.1} data-testid="clock-time">
            {formatClock(now)}
          </Text>
          <Text c="dimmed" data-testid="clock-date">
            {formatUsDate(now)}
          </Text>
        </Stack>
        {/* Never shrinks: the shift is the one word a crew must read at a glance. */}
        <Badge
          size="lg"
          color={shift === 'day' ? 'yellow' : 'indigo'}
          variant="filled"
          style={{ flexShrink: 0, overflow: 'visible' }}
        >
          {shift === 'day' ? 'DAY SHIFT' : 'NIGHT SHIFT'}
        </Badge>
      </Group>
    </Card>
  );
}

interface CurrentReport {
  /** The current plod, or null when there is none (or it is not on this phone). */
  report: ReportSnapshot | null;
  /** Its device copy, and the hole register's, have been read: until then nothing is drawn of it. */
  read: boolean;
}

function useCurrentReport(id: string | null): CurrentReport {
  const name = id && reportDocName(id as ReportId);
  const report = useOptionalDocSnapshot(name, readReport);
  const unread = useUnreadDocs(name ? [name, HOLES_DOC_NAME] : [HOLES_DOC_NAME]);
  // A plod whose copy already holds it is drawn at once; one not on this phone once its (empty)
  // copy has been read.
  const read = unread.every((doc) => doc === name && Boolean(report?.id));
  return { report: read && report?.id ? report : null, read };
}

export default function HomeDashboard() {
  const currentId = useCurrentReportId();
  const { report: current, read } = useCurrentReport(currentId);
  const register = useDocSnapshot(HOLES_DOC_NAME, readHoleRegister);
  const marks = useDocSnapshot(HOLES_DOC_NAME, readHoleProgress);
  const reports = useReportList();
  const reportHoles = current?.holes ?? [];
  const hole = activeHole(current);
  const look = current && statusLook(current.status);
  // Until the list is read, or while it is empty but for plods still being read: Loading.
  const saved =
    reports && (reports.rows.length > 0 || reports.reading === 0)
      ? savedReportsPreview(reports.rows.filter((r) => r.status !== 'deleted'))
      : null;

  return (
    <>
      <ScreenHeader title="Drilling Operations" backTo="/" backLabel="Plods" />
      <Stack gap="md">
        <Suspense fallback={null}>
          <ReferenceDataPrompt />
        </Suspense>
        <ShiftClock />
        <SimpleGrid cols={2} spacing="sm">
          <Card padding="md">
            <Text size="xs" fw={700} c="dimmed" tt="uppercase">
              Total Holes
            </Text>
            {read ? (
              <Text fz={28} fw={800} data-testid="total-holes">
                {totalHoles(reportHoles, register, marks)}
              </Text>
            ) : (
              <Loader size="sm" mt="xs" />
            )}
          </Card>
          <Card padding="md">
            <Text size="xs" fw={700} c="dimmed" tt="uppercase">
              Active Status
            </Text>
            {read ? (
              <Text fz={24} fw={800} c={hole ? 'green.8' : 'gray.7'} data-testid="active-status">
                {hole ? 'DRILLING' : 'STANDBY'}
              </Text>
            ) : (
              <Loader size="sm" mt="xs" />
            )}
          </Card>
        </SimpleGrid>
        {hole && (
          <Card data-testid="active-hole">
            <Group justify="space-between" mb="xs">
              <Text fw={800} size="lg">
                Active hole {hole.holeId}
              </Text>
              <Text fw={700}>{hole.progress.toFixed(1)}%</Text>
            </Group>
            <Progress
              value={hole.progress}
              size="xl"
              color={hole.nearTarget ? 'orange' : 'blue'}
              aria-label={`${hole.holeId} progress to target depth`}
            />
            <Text c="dimmed" mt="xs">
              {formatDepth(hole.currentDepth)} m of {formatDepth(hole.targetDepth)} m target
            </Text>
          </Card>
        )}
        <Card data-testid="active-saved-report">
          {/* The site, rig and date wrap at word boundaries rather than being cut ("Demo S..."); the
              status and Open move below them when the line is too short for both. */}
          <Group justify="space-between" gap="sm">
            <Stack gap={2} style={{ flex: '1 1 12rem', minWidth: 0 }}>
              <Text fw={800}>Active Saved Report</Text>
              {read ? (
                <Text c="dimmed" size="sm" style={{ overflowWrap: 'break-word' }}>
                  {current
                    ? `${current.shift.siteName ?? 'No site'} - ${current.shift.rigName ?? 'No rig'} · ${current.shift.date ?? ''}`
                    : 'No report in progress'}
                </Text>
              ) : (
                <Text c="dimmed" size="sm">
                  Loading report...
                </Text>
              )}
            </Stack>
            {/* SPEC's "In Progress" is an active plod; otherwise the plod's own status. */}
            {current && look && (
              <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
                <Badge
                  color={current.status === 'active' ? 'orange' : look.color}
                  variant={current.status === 'active' ? 'filled' : 'light'}
                  size="lg"
                  data-testid="active-report-status"
                >
                  {current.status === 'active' ? 'In Progress' : look.label}
                </Badge>
                <Button component={Link} to={plodPath(current.id ?? '')} variant="light">
                  Open
                </Button>
              </Group>
            )}
          </Group>
        </Card>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Button component={Link} to="/main-menu" size="xl">
            Continue Shift
          </Button>
          {/* A static page outside the app, so it opens in its own tab. */}
          <Button
            component="a"
            href="/DOWNLOAD-APK.html"
            target="_blank"
            rel="noopener"
            size="xl"
            variant="outline"
          >
            Download APK
          </Button>
        </SimpleGrid>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" component="nav" aria-label="Operations">
          {CARDS.map((card) => {
            const warn = card.to === '/run-sheets' && hole?.nearTarget === true;
            return (
              <Card
                key={card.to}
                component={Link}
                to={card.to}
                mih={96}
                bg={warn ? 'orange.0' : undefined}
                style={{
                  textDecoration: 'none',
                  borderColor: warn ? 'var(--mantine-color-orange-6)' : undefined,
                }}
                data-warning={warn || undefined}
              >
                <Text fw={700} size="lg">
                  {card.label}
                </Text>
                <Text size="sm" c={warn ? 'orange.9' : 'dimmed'} fw={warn ? 700 : undefined}>
                  {warn ? 'Within 6 m of target depth' : card.hint}
                </Text>
              </Card>
            );
          })}
        </SimpleGrid>
        <SavedReports preview={saved} />
      </Stack>
    </>
  );
}
