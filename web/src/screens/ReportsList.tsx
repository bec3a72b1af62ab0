import { ActionIcon, Button, Group, Modal, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { APP_VERSION_LABEL, REPORT_TABS, reportDocName, reportTab, setStatus } from '@plod/model';
import type { ReportId } from '@plod/model';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ScreenHeader } from '../components/ScreenHeader';
import { SyncControls } from '../components/SyncControls';
import { OfflineSetupModal } from '../reports/OfflineSetupModal';
import { ReportCard } from '../reports/ReportCard';
import { SettingsModal } from '../reports/SettingsModal';
import { useNewReport } from '../reports/useNewReport';
import { useReportList } from '../reports/useReportList';
import { useDocMutator, useDocReady } from '../sync';

export const DELETE_CONFIRMATION = 'Are you sure you want to delete this report?';

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
      await ready(name);
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
          <ActionIcon variant="default" aria-label="Settings" onClick={() => setModal('settings')}>
            <Text span fz={22} aria-hidden>
              ⚙
            </Text>
          </ActionIcon>
        }
      />
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mb="md">
        <SyncControls />
        <Button variant="default" onClick={() => setModal('offline')} aria-label="Offline Setup">
          Offline
        </Button>
        <Button component={Link} to="/site-config" variant="default">
          Config
        </Button>
      </SimpleGrid>
      <SimpleGrid cols={2} spacing="sm" mb="lg">
        <Button size="xl" onClick={newReport}>
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
                  <ReportCard key={report.id} report={report} onDelete={setDeleting} />
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
      <SettingsModal opened={modal === 'settings'} onClose={() => setModal(null)} />
      <OfflineSetupModal
        opened={modal === 'offline'}
        onClose={() => setModal(null)}
        recentReportIds={reports.map((report) => report.id)}
      />
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete report">
        <Stack>
          <Text>{DELETE_CONFIRMATION}</Text>
          <Group grow>
            <Button variant="default" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button color="red" onClick={() => void confirmDelete()}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
