import { ActionIcon, Button, Group, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { APP_VERSION_LABEL, REPORT_TABS, reportDocName, reportTab } from '@plod/model';
import type { ReportId } from '@plod/model';
import { Suspense, lazy, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ScreenHeader } from '../components/ScreenHeader';
import { SyncControls } from '../components/SyncControls';
import { ReportCard } from '../reports/ReportCard';
import { useNewReport } from '../reports/useNewReport';
import { useReportList } from '../reports/useReportList';
import { useDocMutator, useDocReady } from '../sync';

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

type ModalName = 'settings' | 'offline' | 'delete';

type Tab = (typeof REPORT_TABS)[number];
const TAB_LABEL: Record<Tab, string> = { active: 'Active', sent: 'Sent', deleted: 'Deleted' };

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
  const reports = useReportList();
  const newReport = useNewReport();
  const mutate = useDocMutator();
  const ready = useDocReady();
  const [tab, setTab] = useState<Tab>('active');
  const [modal, setModal] = useState<'settings' | 'offline' | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
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

  const byTab = useMemo(() => {
    const groups: Record<Tab, typeof reports> = { active: [], sent: [], deleted: [] };
    for (const report of reports) groups[reportTab(report.status)].push(report);
    return groups;
  }, [reports]);

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
        <Button variant="default" onClick={() => openModal('offline')} aria-label="Offline Setup">
          Offline
        </Button>
        <Button component={Link} to="/site-config" variant="default">
          Config
        </Button>
      </SimpleGrid>
      <SimpleGrid cols={2} spacing="sm" mb="lg">
        <Button size="xl" onClick={() => void newReport()}>
          New Report
        </Button>
        <Button component={Link} to="/run-sheets" size="xl" variant="light">
          Run Sheets
        </Button>
      </SimpleGrid>
      <Tabs value={tab} onChange={(value) => value && setTab(value as Tab)} keepMounted={false}>
        <Tabs.List grow mb="md">
          {REPORT_TABS.map((key) => (
            <Tabs.Tab key={key} value={key} fz="md" py="md">
              {TAB_LABEL[key]} ({byTab[key].length})
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {REPORT_TABS.map((key) => (
          <Tabs.Panel key={key} value={key}>
            <Stack gap="sm">
              {byTab[key].length === 0 ? (
                <EmptyState tab={key} />
              ) : (
                byTab[key].map((report) => (
                  <ReportCard key={report.id} report={report} onDelete={askDelete} />
                ))
              )}
            </Stack>
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
