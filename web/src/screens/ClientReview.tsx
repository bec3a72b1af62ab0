import { Alert, Badge, Button, Card, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { STATUS_WORDS, formatDepth, formatHours, type ReportStatus } from '@plod/model';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, apiJson, signOut, useAuth } from '../auth';
import { ScreenHeader } from '../components/ScreenHeader';
import { plodReportPath } from '../routes/client';
import { useWide } from '../lib/useWide';
import { TableHead } from '../components/TableHead';

interface ListedPlod {
  id: string;
  status: ReportStatus;
  date: string | null;
  shiftType: string | null;
  site: string | null;
  rig: string | null;
  operator: string | null;
  totalDepthDrilled: number;
  hoursWorked: number;
}

type Filter = 'sent' | 'approved' | 'returned' | 'all';
const FILTERS: { value: Filter; label: string }[] = [
  { value: 'sent', label: 'Waiting for approval' },
  { value: 'approved', label: 'Approved' },
  { value: 'returned', label: 'Returned' },
  { value: 'all', label: 'All' },
];

type Listing =
  | { state: 'loading' }
  | { state: 'ready'; plods: ListedPlod[] }
  | { state: 'failed'; message: string };

// An answer for another filter than the one shown means the shown one is loading.
type Answer = Exclude<Listing, { state: 'loading' }> & { filter: Filter };

function useClientPlods(filter: Filter): Listing {
  const [answer, setAnswer] = useState<Answer | null>(null);
  useEffect(() => {
    let live = true;
    // The server gives a client account its own sites' plods only.
    const query = filter === 'all' ? '' : `&status=${filter}`;
    apiJson<ListedPlod[]>(`/api/shift-summaries?limit=200${query}`).then(
      (plods) => live && setAnswer({ filter, state: 'ready', plods }),
      (error: unknown) =>
        live &&
        setAnswer({
          filter,
          state: 'failed',
          message: error instanceof ApiError ? error.serverMessage : String(error),
        }),
    );
    return () => {
      live = false;
    };
  }, [filter]);
  return answer?.filter === filter ? answer : { state: 'loading' };
}

const title = (p: ListedPlod) => `${p.site ?? 'No site'} - ${p.rig ?? 'No rig'}`;

function PlodTable({ plods }: { plods: ListedPlod[] }) {
  return (
    <Table striped withTableBorder verticalSpacing="sm" data-testid="review-table">
      <TableHead
        columns={['Site - Rig', 'Date', 'Operator', 'Status', 'Metres', 'Hours', '']}
        right={['Metres', 'Hours']}
      />
      <Table.Tbody>
        {plods.map((p) => (
          <Table.Tr key={p.id} data-testid="review-plod" data-report-id={p.id}>
            <Table.Td fw={700}>{title(p)}</Table.Td>
            <Table.Td>{p.date ?? '—'}</Table.Td>
            <Table.Td>{p.operator ?? '—'}</Table.Td>
            <Table.Td>{STATUS_WORDS[p.status]}</Table.Td>
            <Table.Td ta="right">{formatDepth(p.totalDepthDrilled)}</Table.Td>
            <Table.Td ta="right">{formatHours(p.hoursWorked)}</Table.Td>
            <Table.Td>
              <Button component={Link} to={plodReportPath(p.id)} size="xs" variant="light">
                View
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function PlodCards({ plods }: { plods: ListedPlod[] }) {
  return (
    <Stack gap="sm">
      {plods.map((p) => (
        <Card key={p.id} withBorder data-testid="review-plod" data-report-id={p.id}>
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={800} truncate>
                {title(p)}
              </Text>
              <Badge color="indigo.8">{STATUS_WORDS[p.status]}</Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {p.date ?? 'No date'} · {p.operator ?? 'No operator'} ·{' '}
              {formatDepth(p.totalDepthDrilled)} m · {formatHours(p.hoursWorked)} h
            </Text>
            <Button component={Link} to={plodReportPath(p.id)} variant="light">
              View
            </Button>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/**
 * A client account's home (/review): the plods of its sites (the server lists no others), to open,
 * approve or return. A supervisor who opens it sees every site's.
 */
export default function ClientReview() {
  const auth = useAuth();
  const navigate = useNavigate();
  const wide = useWide();
  const [filter, setFilter] = useState<Filter>('sent');
  const listing = useClientPlods(filter);
  const leave = async () => {
    await signOut();
    void navigate('/login');
  };
  return (
    <>
      <ScreenHeader
        title="Plods for review"
        // A list read over REST: no document syncs here, so a sync dot would say Offline online.
        withSync={false}
        subtitle={auth.kind === 'client' ? `Signed in as ${auth.username}` : undefined}
        actions={
          <Button variant="subtle" onClick={() => void leave()}>
            Sign out
          </Button>
        }
      />
      <NativeSelect
        label="Show"
        mb="md"
        maw={320}
        data={FILTERS}
        value={filter}
        onChange={(event) => setFilter(event.currentTarget.value as Filter)}
      />
      {listing.state === 'loading' ? (
        <Text c="dimmed">Loading plods...</Text>
      ) : listing.state === 'failed' ? (
        <Alert color="red" variant="light">
          {listing.message}
        </Alert>
      ) : listing.plods.length === 0 ? (
        <Text c="dimmed" data-testid="review-empty">
          No plods to show
        </Text>
      ) : wide ? (
        <PlodTable plods={listing.plods} />
      ) : (
        <PlodCards plods={listing.plods} />
      )}
    </>
  );
}
