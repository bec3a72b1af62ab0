import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useAuth } from '../auth';
import { ScreenHeader } from '../components/ScreenHeader';
import { SignInFirst } from '../components/SignInFirst';
import { fetchShiftGaps } from '../kpis/api';
import { RangeFilter } from '../kpis/RangeFilter';
import { useRangeAddress } from '../kpis/range';
import { useFetched } from '../kpis/useFetched';
import { useSetupSnapshot } from '../setup/useSetupEditor';
import { TableHead } from '../components/TableHead';

const shiftWord = (shift: 'day' | 'night') => (shift === 'day' ? 'Day' : 'Night');
const when = (iso: string) => new Date(iso).toLocaleString();

function MissingShiftsBody() {
  const setup = useSetupSnapshot();
  const { range, set } = useRangeAddress(7);
  const key = JSON.stringify({ ...range, rigId: undefined });
  const { data, error } = useFetched(key, () => fetchShiftGaps(range));
  return (
    <>
      <ScreenHeader
        title="Missing shifts"
        subtitle="Rostered rig-shifts with no plod, and plods submitted late"
      />
      <RangeFilter
        range={range}
        set={set}
        sites={setup.sites}
        rigs={setup.rigs}
        withRig={false}
        error={error}
      />
      {data === null ? (
        <Text c="dimmed" py="xl" ta="center">
          {error ? 'No list for this range' : 'Loading…'}
        </Text>
      ) : (
        <Stack gap="md">
          <Paper withBorder p="md" component="section" aria-labelledby="missing-title">
            <Title order={2} size="h4" mb="sm" id="missing-title">
              No plod ({data.missing.length})
            </Title>
            {data.missing.length === 0 ? (
              <Text c="dimmed">Every rostered shift that has ended has a plod</Text>
            ) : (
              <Table striped data-testid="missing-shifts">
                <TableHead columns={['Date', 'Shift', 'Site', 'Rig']} />
                <Table.Tbody>
                  {data.missing.map((m) => (
                    <Table.Tr key={`${m.siteId}|${m.rigId}|${m.date}|${m.shiftType}`}>
                      <Table.Td>{m.date}</Table.Td>
                      <Table.Td>{shiftWord(m.shiftType)}</Table.Td>
                      <Table.Td>{m.siteName ?? 'Unknown site'}</Table.Td>
                      <Table.Td>{m.rigName ?? 'Unknown rig'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Paper>
          <Paper withBorder p="md" component="section" aria-labelledby="late-title">
            <Title order={2} size="h4" mb="xs" id="late-title">
              Submitted late ({data.late.length})
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              First submitted more than {data.lateAfterHours} hours after the shift ended (day
              shifts end at 18:00, night shifts at 06:00 the next morning).
            </Text>
            {data.late.length === 0 ? (
              <Text c="dimmed">No plod of this range was submitted late</Text>
            ) : (
              <Table striped data-testid="late-plods">
                <TableHead
                  columns={['Date', 'Shift', 'Site', 'Rig', 'Submitted', 'Hours late', 'Plod']}
                  right={['Hours late']}
                />
                <Table.Tbody>
                  {data.late.map((p) => (
                    <Table.Tr key={p.id}>
                      <Table.Td>{p.date}</Table.Td>
                      <Table.Td>{shiftWord(p.shiftType)}</Table.Td>
                      <Table.Td>{p.siteName ?? 'Unknown site'}</Table.Td>
                      <Table.Td>{p.rigName ?? 'Unknown rig'}</Table.Td>
                      <Table.Td>{when(p.submittedAt)}</Table.Td>
                      <Table.Td ta="right">{p.hoursLate.toFixed(1)}</Table.Td>
                      <Table.Td>
                        <Link to={`/plods/${p.id}/report`}>Open report</Link>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Paper>
        </Stack>
      )}
    </>
  );
}

/** Missing shifts (/missing-shifts): supervisors only. */
export default function MissingShifts() {
  const auth = useAuth();
  if (auth.kind !== 'supervisor') return <SignInFirst />;
  return <MissingShiftsBody />;
}
