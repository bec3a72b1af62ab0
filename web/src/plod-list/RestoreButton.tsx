import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ApiError, apiJson } from '../auth';

import { STATUS_WORDS, type ReportStatus } from '@plod/model';

/** Brings a deleted plod back to the status it had (POST /api/shift-summaries/{id}/restore). */
export async function restorePlod(id: string): Promise<ReportStatus> {
  const restored = await apiJson<{ status: ReportStatus }>(
    `/api/shift-summaries/${encodeURIComponent(id)}/restore`,
    { method: 'POST' },
  );
  return restored.status;
}

/**
 * Restore on a deleted plod (supervisors; the server refuses anyone else): it goes back to the
 * status it had, until cleanup removes it for good.
 */
export function RestoreButton({
  id,
  online,
  title,
}: {
  id: string;
  online: boolean;
  title: string;
}) {
  const [busy, setBusy] = useState(false);
  const restore = async () => {
    setBusy(true);
    try {
      const status = await restorePlod(id);
      notifications.show({
        color: 'green',
        title: 'Plod restored',
        message: `${title} is back, ${STATUS_WORDS[status].toLowerCase()}.`,
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Restore failed',
        message:
          error instanceof ApiError
            ? error.serverMessage
            : 'Could not restore the plod. Try again.',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="light"
      loading={busy}
      disabled={!online}
      onClick={() => void restore()}
      aria-label={`Restore ${title}`}
    >
      Restore
    </Button>
  );
}
