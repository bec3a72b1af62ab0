import { Button, Group, Stack, Title } from '@mantine/core';
import { TIMESHEET_DAILY_CAP_HOURS, formatHours, type ReportTotals } from '@plod/model';
import { Link } from 'react-router';
import { SyncIndicator } from '../../components/SyncIndicator';
import { StatRow } from '../plod/StatRow';

/**
 * The day's status against the 12-hour cap. OPEN says hours can still be added, which a locked plod
 * (submitted, approved) cannot take: it says LOCKED instead; OVER and FULL stay, as they matter to
 * whoever reads the hours.
 */
export function timesheetStatus(
  totals: Pick<ReportTotals, 'timesheetHours'>,
  locked: boolean,
): { label: string; color: string } {
  if (totals.timesheetHours > TIMESHEET_DAILY_CAP_HOURS) return { label: 'OVER', color: 'red.8' };
  if (totals.timesheetHours === TIMESHEET_DAILY_CAP_HOURS)
    return { label: 'FULL', color: 'green.8' };
  if (locked) return { label: 'LOCKED', color: 'gray.7' };
  return { label: 'OPEN', color: 'orange.8' };
}

export function TimesheetHeader({
  backTo,
  totals,
  locked,
}: {
  backTo: string;
  totals?: ReportTotals;
  /** The plod takes no more entries (read-only). */
  locked: boolean;
}) {
  const status = totals ? timesheetStatus(totals, locked) : null;
  return (
    <Stack gap="xs" mb="md" component="header">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        {/* The SPEC's full page load would throw away this phone's Undo history of the plod (and
            reload the app, offline too): an in-app link, like every other screen's Back. */}
        <Button component={Link} to={backTo} variant="subtle" px="xs" leftSection="‹">
          Back
        </Button>
        <SyncIndicator />
      </Group>
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        Timesheets
      </Title>
      {totals && status && (
        <StatRow
          stats={[
            {
              label: 'Total Hours',
              value: formatHours(totals.timesheetHours),
              testId: 'total-hours',
            },
            {
              label: 'Remaining',
              value: formatHours(totals.remainingHours),
              testId: 'remaining-hours',
            },
            {
              label: 'Status',
              value: status.label,
              color: status.color,
              testId: 'timesheet-status',
            },
          ]}
        />
      )}
    </Stack>
  );
}
