import { Badge, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useConnection } from '../sync';
import { SyncIndicator } from '../components/SyncIndicator';
import { formatBytes, readStorageReport, type StorageReport } from '../session/storage';
import { ListModal } from './ListModal';
import { OFFLINE_MESSAGES, offlineAlert, useDownloadData } from './useDownloadData';

export { OFFLINE_MESSAGES, OFFLINE_RECENT_REPORTS } from './useDownloadData';

/** Storage used and whether the browser keeps it, read each time the modal opens. */
function useStorageReport(opened: boolean): StorageReport | null {
  const [report, setReport] = useState<StorageReport | null>(null);
  useEffect(() => {
    if (!opened) return;
    let live = true;
    void readStorageReport().then((next) => {
      if (live) setReport(next);
    });
    return () => {
      live = false;
    };
  }, [opened]);
  return report;
}

function StorageFacts({ report }: { report: StorageReport | null }) {
  const used =
    report?.usage == null
      ? 'Unknown'
      : report.quota
        ? `${formatBytes(report.usage)} of ${formatBytes(report.quota)}`
        : formatBytes(report.usage);
  const kept =
    report?.persisted == null
      ? 'Unknown'
      : report.persisted
        ? 'Persistent: kept when the phone runs low on space'
        : 'Not persistent: the phone may clear it when low on space';
  return (
    <Stack gap={4} data-testid="storage-facts">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={700}>Storage used</Text>
        <Text data-testid="storage-used">{used}</Text>
      </Group>
      <Text
        size="sm"
        c={report?.persisted === false ? 'red.9' : 'dimmed'}
        data-testid="storage-persisted"
      >
        {kept}
      </Text>
    </Stack>
  );
}

/**
 * SPEC 2 Offline Setup modal: connection state, pending sync count, storage, Download Data, Sync
 * Now, Close.
 */
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
  const { pending, flush } = useConnection();
  const { progress, download } = useDownloadData(recentReportIds);
  const [syncing, setSyncing] = useState(false);
  const storage = useStorageReport(opened && progress === null);

  const syncNow = async () => {
    setSyncing(true);
    try {
      const ok = await flush();
      offlineAlert(ok ? OFFLINE_MESSAGES.synced : OFFLINE_MESSAGES.syncFailed, ok);
    } catch {
      offlineAlert(OFFLINE_MESSAGES.syncError, false);
    } finally {
      setSyncing(false);
    }
  };

  return (
    <ListModal title="Offline Setup" opened={opened} onClose={onClose}>
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
      <StorageFacts report={storage} />
      <Text size="sm" c="dimmed">
        Download Data stores sites, rigs, crew, holes and the latest reports on this phone, so they
        open with no signal.
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
    </ListModal>
  );
}
