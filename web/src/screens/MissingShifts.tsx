import { Paper, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { SupervisorsOnly } from '../components/SignInFirst';
import { RangeScreen } from '../kpis/RangeScreen';
import { fetchShiftGaps } from '../kpis/api';
import { TableHead } from '../components/TableHead';

const shiftWord = (shift: 'day' | 'night') => (shift === 'day' ? 'Day' : 'Night');
const when = (iso: string) => new Date(iso).toLocaleString();

function MissingShiftsBody() {
  return (
    <RangeScreen
      title="Missing shifts"
      subtitle="Rostered rig-shifts with no plod, and plods submitted late"
      days={7}
      withRig={false}
      fetch={fetchShiftGaps}
      noData="No list for this range"
      loading="Loading…"
    >
      {(data) => (
        <>
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
        </>
      )}
    </RangeScreen>
  );
}

/** Missing shifts (/missing-shifts): supervisors only. */
export default function MissingShifts() {
  return (
    <SupervisorsOnly>
      <MissingShiftsBody />
    </SupervisorsOnly>
  );
}
