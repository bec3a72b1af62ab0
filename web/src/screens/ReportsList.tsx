import { ActionIcon, Button, Group, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  APP_VERSION_LABEL,
  REPORT_STATUSES,
  REPORT_TABS,
  reportDocName,
  reportTab,
} from '@plod/model';
import type { PlodFilter, ReportId, ReportsIndexRow } from '@plod/model';
import { Suspense, lazy, useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../auth';
import { filterPlods, usePlodListAddress } from '../plod-list/filter';
import { AfterPaint, pageFrom, serverPlods, sumStatuses, usePlodSource } from '../plod-list/source';
import { RestoreButton } from '../plod-list/RestoreButton';
import { ScreenHeader } from '../components/ScreenHeader';
import { WaitingForSupervisor } from '../components/LateEdits';
import { SyncControls } from '../components/SyncControls';
import { lastShiftRow } from '../reports/last-shift';
import { ReportCard } from '../reports/ReportCard';
import { useKeepListedPlods } from '../reports/useKeepListedPlods';
import { useNewReport } from '../reports/useNewReport';
import { usePhoneRows } from '../reports/phone-rows';
import { usePhoneList, useWithLocalReports } from '../reports/useReportList';
import { canDeletePlod, useEditor } from './plod/access';
import { useKnownReportIds } from '../session/known-reports';
import { useConnection, useDocMutator, useDocReady } from '../sync';
import { useWide } from '../lib/useWide';
import { markFirstScreenShown } from '../app/first-screen';
import { lazyOptional } from '../lib/lazyOptional';

// The modals open only after a tap, so they (and Mantine's Modal, Switch, Progress, ScrollArea and
// floating-ui under them) are separate chunks kept out of the first route's download. The service
// worker precaches them, so opening one offline is still instant.
const SettingsModal = lazy(() =>
  import('../reports/SettingsModal').then((m) => ({ default: m.SettingsModal })),
);
const OfflineSetupModal = lazy(() =>
  import('../reports/OfflineSetupModal').then((m) => ({ default: m.OfflineSetupModal })),
);
const DeleteReportModal = lazy(() => import('../reports/DeleteReportModal'));
// Filters (with the setup reader), the desk table and the pager load when shown.
const ListTools = lazy(() => import('../reports/ListTools'));
const ReportTable = lazy(() => import('../reports/ReportTable'));
const Pager = lazy(() => import('../plod-list/Pager').then((m) => ({ default: m.Pager })));
// Reading the setup document needs the model's readers: its own chunk, shown once loaded.
const ReferenceDataPrompt = lazyOptional(() => import('../components/ReferenceDataPrompt'));
// New Report's "Start from last shift" reads the last shift's whole plod, with every part's reader
// and zod: its own chunk, loaded only on a phone that has a last shift (a new one, just joined,
// never loads it).
const LastShiftCard = lazyOptional(() => import('../reports/LastShiftCard'));
// A crew phone's sent plods older than it keeps, from the server: loaded on the Sent tab.
const ShowOlder = lazyOptional(() => import('../reports/ShowOlder'));

type ModalName = 'settings' | 'offline' | 'delete';
// A phone's screen shows the first cards of a page: those are drawn at once and the rest of the
// page just after that paint (drawing a whole page of cards held the first one back). Below the
// list's buttons and tabs a phone (390 x 844) shows the first card and the top of the second.
const FIRST_CARDS = 2;
const NO_ROWS: readonly ReportsIndexRow[] = [];

type Tab = (typeof REPORT_TABS)[number];
const TAB_LABEL: Record<Tab, string> = { active: 'Active', sent: 'Sent', deleted: 'Deleted' };
const TAB_STATUSES = Object.fromEntries(
  REPORT_TABS.map((tab) => [tab, REPORT_STATUSES.filter((status) => reportTab(status) === tab)]),
) as Record<Tab, (typeof REPORT_STATUSES)[number][]>;

const isTab = (value: string | null): value is Tab =>
  (REPORT_TABS as readonly (string | null)[]).includes(value);

function EmptyState({ tab }: { tab: Tab }) {
  return (
    <Stack align="center" gap={4} py="xl" data-testid="empty-state">
      <Text fw={700} size="lg">
        No {tab} reports
      </Text>
      {tab === 'active' && <Text c="dimmed">Create a new drill report to get started</Text>}
    </Stack>
  );
}

export default function ReportsList() {
  const editor = useEditor();
  const newReport = useNewReport();
  const mutate = useDocMutator();
  const ready = useDocReady();
  const auth = useAuth();
  const supervisor = auth.kind === 'supervisor';
  const { enabled, browserOnline } = useConnection();
  const online = enabled && browserOnline;
  const wide = useWide();
  // Tab, filters and page live in the address: a reload and a shared link keep them.
  const address = usePlodListAddress();
  const tabParam = address.param('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'active';
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [modal, setModal] = useState<'settings' | 'offline' | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  // False until the list's first rows have painted: what they do not need waits until then.
  const [painted, setPainted] = useState(false);
  // A modal is mounted from its first opening on, so closing still plays Mantine's transition.
  const [used, setUsed] = useState<ReadonlySet<ModalName>>(() => new Set());
  const markUsed = (name: ModalName) =>
    setUsed((prev) => (prev.has(name) ? prev : new Set(prev).add(name)));
  const openModal = (name: 'settings' | 'offline') => {
    markUsed(name);
    setModal(name);
  };
  const askDelete = (id: string) => {
    markUsed('delete');
    setDeleting(id);
  };

  // The filter without statuses sorts plods into tabs; a tab's ticked statuses narrow it further.
  const { statuses } = address.filter;
  const others = useMemo(() => {
    const { statuses: _tabs, ...rest } = address.filter;
    return rest;
  }, [address.filter]);
  const tabFilter: PlodFilter = {
    ...address.filter,
    statuses: statuses?.filter((s) => TAB_STATUSES[tab].includes(s)) ?? TAB_STATUSES[tab],
  };
  // A supervisor's first page comes from the server, then the reports index takes over (see
  // usePlodSource); a crew phone's list, which holds plods only it has, reads the index at once.
  // A crew phone paints from its own rows (reports/phone-rows.ts) and reads the index after that.
  const phone = auth.kind === 'device';
  const source = usePlodSource(
    { list: tabFilter, totals: others, page: address.page },
    { online, serverFirst: supervisor, indexAfterPaint: phone },
  );
  const indexRead = source.index !== null && source.indexInfo?.status === 'ready';
  // Null until the index (on a crew phone, its own rows) has been read: meanwhile the list says it
  // is loading. A plod this phone reads from its own copy is drawn once that is read, never from its
  // older row in the index.
  const deskList = useWithLocalReports(source.index ?? NO_ROWS, !phone && indexRead);
  const searching = Object.keys(address.filter).length > 0;
  const phoneList = usePhoneList(phone && indexRead ? source.index : null, searching);
  const phoneRows = usePhoneRows();
  const listed = phone ? phoneList : deskList;
  const reports = listed?.rows ?? NO_ROWS;
  const listedIds = useMemo(() => new Set(reports.map((row) => row.id)), [reports]);
  const reading = listed?.reading ?? 0;
  const known = useKnownReportIds();
  const lastShift = useMemo(() => lastShiftRow(reports, known), [reports, known]);
  const server = serverPlods(source);
  const showRest = useCallback(() => {
    setPainted(true);
    markFirstScreenShown();
  }, []);
  const byTab = useMemo(() => {
    if (listed === null) return null;
    const groups: Record<Tab, ReportsIndexRow[]> = { active: [], sent: [], deleted: [] };
    for (const report of filterPlods(listed.rows, others))
      groups[reportTab(report.status)].push(report);
    return groups;
  }, [listed, others]);
  const tabCounts: Record<Tab, number> | null = byTab
    ? { active: byTab.active.length, sent: byTab.sent.length, deleted: byTab.deleted.length }
    : server
      ? {
          active: sumStatuses(server.statuses, TAB_STATUSES.active).count,
          sent: sumStatuses(server.statuses, TAB_STATUSES.sent).count,
          deleted: sumStatuses(server.statuses, TAB_STATUSES.deleted).count,
        }
      : null;
  const shown = byTab ? (statuses ? filterPlods(byTab[tab], tabFilter) : byTab[tab]) : null;
  const paged = pageFrom(source, shown, address.page);
  // Every plod a crew phone's list shows opens offline: those being filled in are kept on the phone.
  useKeepListedPlods(paged?.rows ?? NO_ROWS);
  const filtering =
    Object.keys(address.filter).length > 0 || Object.keys(address.errors).length > 0;
  const showTools = wide || filtersOpen || filtering;
  // Supervisors bring a deleted plod back (the server refuses anyone else).
  const restore = (report: ReportsIndexRow) =>
    supervisor && report.status === 'deleted' ? (
      <RestoreButton
        id={report.id}
        online={online}
        title={`${report.site ?? 'No site'} - ${report.rig ?? 'No rig'}`}
      />
    ) : null;

  const confirmDelete = async () => {
    if (!deleting) return;
    const name = reportDocName(deleting as ReportId);
    setDeleting(null);
    try {
      // Soft delete (status deleted) on the document's real state, so it cannot lose to an older status.
      // The write code is its own chunk (see reports/mutations.ts); the dialog's wait covers it.
      const [{ setStatus }] = await Promise.all([import('../reports/mutations'), ready(name)]);
      mutate(name, setStatus, 'deleted');
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Delete',
        message: error instanceof Error ? error.message : 'Failed to delete report',
      });
    }
  };

  return (
    <>
      <ScreenHeader
        title="Plods"
        subtitle={`Shift drill reports · ${APP_VERSION_LABEL}`}
        actions={
          <ActionIcon variant="default" aria-label="Settings" onClick={() => openModal('settings')}>
            <Text span fz={22} aria-hidden>
              ⚙
            </Text>
          </ActionIcon>
        }
      />
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mb="md">
        <SyncControls />
        <Button variant="default" onClick={() => openModal('offline')}>
          Offline Setup
        </Button>
        <Button component={Link} to="/site-config" variant="default">
          Config
        </Button>
      </SimpleGrid>
      <WaitingForSupervisor />
      <Suspense fallback={null}>
        <ReferenceDataPrompt />
      </Suspense>
      <SimpleGrid cols={2} spacing="sm" mb="lg">
        {/* Narrow padding: on a phone each label fits one line. */}
        <Button size="xl" px="xs" onClick={() => void newReport()}>
          New Report
        </Button>
        <Button component={Link} to="/run-sheets" size="xl" px="xs" variant="light">
          Run Sheets
        </Button>
      </SimpleGrid>
      {/* It reads the last shift's whole plod, with the model's readers: after the list's rows. */}
      {lastShift && painted && (
        <Suspense fallback={null}>
          <LastShiftCard row={lastShift} />
        </Suspense>
      )}
      {showTools ? (
        <Suspense fallback={null}>
          <ListTools
            address={address}
            rows={reports}
            statuses={TAB_STATUSES[tab]}
            exportFilter={supervisor ? tabFilter : null}
            initiallyOpen={filtersOpen}
          />
        </Suspense>
      ) : (
        <Button variant="default" fullWidth mb="md" onClick={() => setFiltersOpen(true)}>
          Filter plods
        </Button>
      )}
      <Tabs
        value={tab}
        onChange={(value) => value && address.setParam('tab', value === 'active' ? null : value)}
        keepMounted={false}
      >
        <Tabs.List grow mb="md">
          {REPORT_TABS.map((key) => (
            <Tabs.Tab key={key} value={key} fz="md" py="md">
              {TAB_LABEL[key]}
              {tabCounts ? ` (${tabCounts[key]})` : ''}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {REPORT_TABS.map((key) => (
          <Tabs.Panel key={key} value={key}>
            {/* One boundary: the rows and AfterPaint show together. */}
            <Suspense fallback={null}>
              {paged === null || (paged.total === 0 && reading > 0) ? (
                <Text c="dimmed" ta="center" py="xl" data-testid="plods-loading">
                  Loading plods…
                </Text>
              ) : paged.total === 0 ? (
                <EmptyState tab={key} />
              ) : wide ? (
                <ReportTable
                  reports={paged.rows}
                  onDelete={askDelete}
                  // A crew phone's delete of a submitted plod would only be kept aside by the
                  // server: it is not offered.
                  canDelete={(report) => canDeletePlod(report.status, editor)}
                  extra={restore}
                />
              ) : (
                <Stack gap="sm">
                  {(painted ? paged.rows : paged.rows.slice(0, FIRST_CARDS)).map((report) => (
                    <ReportCard
                      key={report.id}
                      report={report}
                      onDelete={canDeletePlod(report.status, editor) ? askDelete : undefined}
                      extra={restore(report)}
                    />
                  ))}
                </Stack>
              )}
              {paged !== null && paged.total > 0 && reading > 0 && (
                <Text c="dimmed" size="sm" ta="center" py="xs" data-testid="plods-reading">
                  {reading === 1
                    ? 'Reading 1 more plod on this phone…'
                    : `Reading ${reading} more plods on this phone…`}
                </Text>
              )}
              {paged !== null && paged.total > 0 && (paged.pages > 1 || filtering) && (
                // Its own boundary: the rows never wait for the pager's code (a list of more than
                // one page would otherwise show its first row only once that had loaded).
                <Suspense fallback={null}>
                  <Pager paged={paged} onPage={address.setPage} />
                </Suspense>
              )}
              {phone && key === 'sent' && listed !== null && !searching && (
                <ShowOlder online={online} listed={listedIds} />
              )}
              {/* Once the first rows have painted (a phone with no rows of its own yet: once that
                  is known), the rest of the page's cards and the last shift's card come; the index
                  is read once those have painted, never before: reading it holds the main thread. */}
              {(paged !== null || (phone && phoneRows !== null)) && (
                <AfterPaint run={painted ? source.openIndex : showRest} />
              )}
            </Suspense>
          </Tabs.Panel>
        ))}
      </Tabs>
      <Group justify="center" mt="xl">
        <Button component={Link} to="/dashboard" variant="subtle">
          Dashboard
        </Button>
        <Button component={Link} to="/privacy" variant="subtle">
          Privacy Policy
        </Button>
      </Group>
      <Suspense fallback={null}>
        {used.has('settings') && (
          <SettingsModal opened={modal === 'settings'} onClose={() => setModal(null)} />
        )}
        {used.has('offline') && (
          <OfflineSetupModal
            opened={modal === 'offline'}
            onClose={() => setModal(null)}
            recentReportIds={reports.map((report) => report.id)}
          />
        )}
        {used.has('delete') && (
          <DeleteReportModal
            opened={deleting !== null}
            onCancel={() => setDeleting(null)}
            onConfirm={() => void confirmDelete()}
          />
        )}
      </Suspense>
    </>
  );
}
