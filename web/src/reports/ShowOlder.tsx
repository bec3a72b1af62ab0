import { Button, Stack, Text } from '@mantine/core';
import type { ReportsIndexRow } from '@plod/model';
import { useState } from 'react';
import { apiFetch } from '../auth';
import { rowOf } from '../plod-list/row-of';
import { ReportCard } from './ReportCard';
import { KEEP_DAYS, keepFromDay } from './retention';

const PAGE = 25;

/** The day before `day` (ISO). */
function dayBefore(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

type Older =
  { kind: 'idle' } | { kind: 'loading' } | { kind: 'failed' } | { kind: 'shown'; done: boolean };

/**
 * A crew phone's sent plods older than it keeps (retention.ts): asked from the server, a page at a
 * time, newest first, each opening from the server. Offline the list says where they are.
 * `listed`: the plods the list shows already (an old plod still on the phone is not shown twice).
 */
export default function ShowOlder({
  online,
  listed,
}: {
  online: boolean;
  listed: ReadonlySet<string>;
}) {
  const [rows, setRows] = useState<ReportsIndexRow[]>([]);
  const [older, setOlder] = useState<Older>({ kind: 'idle' });
  const [to] = useState(() => dayBefore(keepFromDay(Date.now())));
  const loadMore = async () => {
    setOlder({ kind: 'loading' });
    try {
      const response = await apiFetch(
        `/api/shift-summaries?status=sent,approved&to=${to}&limit=${PAGE}&offset=${rows.length}`,
      );
      if (!response.ok) throw new Error(String(response.status));
      const items = (await response.json()) as Record<string, unknown>[];
      const page = items.map(rowOf).filter((row): row is ReportsIndexRow => row !== null);
      setRows((before) => [...before, ...page]);
      setOlder({ kind: 'shown', done: page.length < PAGE });
    } catch {
      setOlder({ kind: 'failed' });
    }
  };
  const shown = rows.filter((row) => !listed.has(row.id));
  const done = older.kind === 'shown' && older.done;
  return (
    <Stack gap="sm" mt="md" data-testid="older-plods">
      {shown.map((report) => (
        <ReportCard key={report.id} report={report} />
      ))}
      {done && shown.length === 0 && (
        <Text c="dimmed" ta="center">
          No older plods on the server
        </Text>
      )}
      {older.kind === 'failed' && (
        <Text c="red.8" ta="center" role="alert">
          Could not load older plods. Try again.
        </Text>
      )}
      {!online ? (
        <Text c="dimmed" ta="center" data-testid="older-offline">
          Plods sent more than {KEEP_DAYS} days ago are kept on the server. Connect to see them.
        </Text>
      ) : (
        !done && (
          <Button
            variant="default"
            fullWidth
            loading={older.kind === 'loading'}
            onClick={() => void loadMore()}
          >
            Show older
          </Button>
        )
      )}
    </Stack>
  );
}
