import { Badge, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { HOLES_DOC_NAME, REPORTS_INDEX_DOC_NAME, SETUP_DOC_NAME, reportDocName } from '@plod/model';
import type { ReportId } from '@plod/model';
import { useState } from 'react';
import { downloadDocuments, useConnection, useSyncRuntime } from '../sync';
import { SyncIndicator } from '../components/SyncIndicator';
import { OFFLINE_MESSAGES } from './offline-messages';

/** How many of the newest reports Download Data brings onto the device. */
export const OFFLINE_RECENT_REPORTS = 20;

export { OFFLINE_MESSAGES };

const alert = (message: string, ok: boolean) =>
  notifications.show({ message, color: ok ? 'green' : 'red', title: ok ? 'Done' : 'Sync problem' });

/** SPEC 2 Offline Setup modal: connection state, pending count, Download Data, Sync Now, Close. */
export function OfflineSetupModal({
  opened,
  onClose,
  recentReportIds,
}: {
  opened: boolean;
  onClose: () => void;
  /** Newest first; the first OFFLINE_RECENT_REPORTS are downloaded. */
  recentReportIds: readonly string[];
}) {
  const runtime = useSyncRuntime();
  const { enabled, browserOnline, pending, flush } = useConnection();
  const [progress, setProgress] = useState<number | null>(null);
  const [syncing, setSyncing] = useState(false);
  const online = enabled && browserOnline;

  const download = async () => {
    if (!online) return alert(OFFLINE_MESSAGES.downloadFailed, false);
    try {
      setProgress(0);
      const reference = [SETUP_DOC_NAME, HOLES_DOC_NAME, REPORTS_INDEX_DOC_NAME];
      const reports = recentReportIds
        .slice(0, OFFLINE_RECENT_REPORTS)
        .map((id) => reportDocName(id as ReportId));
      const result = await downloadDocuments(runtime, [...reference, ...reports], (p) =>
        setProgress(p.total === 0 ? 100 : (p.done / p.total) * 100),
      );
      alert(
        result.failed.length === 0 ? OFFLINE_MESSAGES.downloaded : OFFLINE_MESSAGES.downloadFailed,
        result.failed.length === 0,
      );
    } catch {
      alert(OFFLINE_MESSAGES.downloadError, false);
    } finally {
      setProgress(null);
    }
  };

  const syncNow = async () => {
    setSyncing(true);
    try {
      const ok = await flush();
      alert(ok ? OFFLINE_MESSAGES.synced : OFFLINE_MESSAGES.syncFailed, ok);
    } catch {
      alert(OFFLINE_MESSAGES.syncError, false);
    } finally {
      setSyncing(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Offline Setup" size="md">
      <Stack gap="md">
        <Group justify="space-between">
          <Text fw={700}>Connection</Text>
          <SyncIndicator />
        </Group>
        <Group justify="space-between">
          <Text fw={700}>Pending sync</Text>
          <Badge size="lg" color={pending > 0 ? 'orange' : 'gray'} data-testid="offline-pending">
            {pending} {pending === 1 ? 'change' : 'changes'}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Download Data stores sites, rigs, crew, holes and the latest reports on this phone, so
          they open with no signal.
        </Text>
        {progress !== null && (
          <Progress value={progress} size="xl" striped animated aria-label="Download progress" />
        )}
        <Button onClick={() => void download()} loading={progress !== null}>
          Download Data
        </Button>
        <Button variant="light" onClick={() => void syncNow()} loading={syncing}>
          Sync Now
        </Button>
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Stack>
    </Modal>
  );
}
