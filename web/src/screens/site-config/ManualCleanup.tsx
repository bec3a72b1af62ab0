import { Alert, Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Site } from '@plod/model';
import { useEffect, useState } from 'react';
import { useConfirm } from '../../components/ConfirmModal';
import { formatStamp } from '../supervisor-live/live-rows';
import {
  SITE_CONFIG_MESSAGES,
  autoCleanupSummary,
  cleanupDeletedReports,
  fetchAutoCleanup,
  type AutoCleanupState,
  type CleanupResult,
} from './api';
import { SettingsCard } from './SettingsCard';

/** SPEC 8's manual cleanup question, with the site's own cleanup days in place of 30. */
export function cleanupMessage(days: number): string {
  const age = days === 1 ? '1 day' : `${days} days`;
  return `Are you sure you want to permanently delete old reports marked as deleted more than ${age} ago? This cannot be undone.`;
}

export interface ManualCleanupProps {
  site: Site;
  online: boolean;
  lastResult: CleanupResult | null;
  onResult: (result: CleanupResult) => void;
}

/** SPEC 2 manual cleanup of one site, after a confirmation, and the last cleanup result. */
export function ManualCleanup({ site, online, lastResult, onResult }: ManualCleanupProps) {
  const confirm = useConfirm();
  const [running, setRunning] = useState(false);
  const [auto, setAuto] = useState<AutoCleanupState | null>(null);
  useEffect(() => {
    if (!online) return;
    let live = true;
    fetchAutoCleanup().then(
      (state) => {
        if (live) setAuto(state);
      },
      () => {
        // Not knowing the last automatic run hides its line; the manual cleanup still works.
      },
    );
    return () => {
      live = false;
    };
  }, [online]);
  const run = async () => {
    setRunning(true);
    try {
      const result = await cleanupDeletedReports(site.id);
      onResult(result);
      notifications.show({ color: 'green', title: 'Cleanup', message: result.message });
    } catch {
      notifications.show({ color: 'red', message: SITE_CONFIG_MESSAGES.cleanupFailed });
    } finally {
      setRunning(false);
    }
  };
  return (
    <SettingsCard title="Manual cleanup" modal={confirm.modal}>
      <Text c="dimmed">
        Permanently removes this site&apos;s reports deleted more than {site.autoCleanupDays}{' '}
        {site.autoCleanupDays === 1 ? 'day' : 'days'} ago.
      </Text>
      {!online && (
        <Alert color="gray" variant="light">
          Cleanup needs the network.
        </Alert>
      )}
      {auto && (
        <Text size="sm" data-testid="auto-cleanup">
          {autoCleanupSummary(auto, site.id, site.enableAutoCleanup, formatStamp)}
        </Text>
      )}
      {lastResult && (
        <Alert color="blue" variant="light" title="Last cleanup result" data-testid="last-cleanup">
          {lastResult.message} ({lastResult.cleanedCount} removed)
        </Alert>
      )}
      <Button
        color="red"
        variant="light"
        disabled={!online}
        loading={running}
        onClick={() =>
          confirm.ask({
            title: 'Clean up deleted reports',
            message: cleanupMessage(site.autoCleanupDays),
            confirmLabel: 'Delete permanently',
            onConfirm: run,
          })
        }
      >
        Clean Up Deleted Reports
      </Button>
    </SettingsCard>
  );
}
