import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { formatDepth, formatHours, shiftTypeLabel } from '@plod/model';
import type { ReportsIndexRow } from '@plod/model';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../auth';
import { plodReportPath } from '../routes/client';
import { plodPath } from '../routes/plod-paths';
import { statusLook } from './status-look';
import { useOnPhone } from './useKeepListedPlods';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
    </Stack>
  );
}

export interface ReportCardProps {
  report: ReportsIndexRow;
  onDelete?: (id: string) => void;
  /** An extra action under the card (Restore on a deleted plod). */
  extra?: ReactNode;
}

/**
 * SPEC 2 report card: site - rig, date, shift type, status, OPERATOR, DRILLED, HOURS and actions.
 * Tapping the card's heading opens the plod at its address (its Drill Report Dashboard); opening a
 * plod makes it this phone's current one.
 */
export function ReportCard({ report, onDelete, extra }: ReportCardProps) {
  const look = statusLook(report.status);
  // Made, opened or kept here: it opens with no signal. A crew phone marks the others.
  const onPhone = useOnPhone(report.id);
  const marked = useAuth().kind === 'device' && !onPhone;
  const title = `${report.site ?? 'No site'} - ${report.rig ?? 'No rig'}`;
  return (
    <Card data-testid="report-card" data-report-id={report.id} data-on-phone={!marked}>
      <Stack gap="sm">
        <UnstyledButton component={Link} to={plodPath(report.id)} data-testid="open-plod">
          <Group justify="space-between" align="flex-start" wrap="nowrap" mih={44}>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={800} size="lg" truncate c="blue.9">
                {title}
              </Text>
              <Text c="dimmed" size="sm">
                {report.date ?? 'No date'}
                {' · '}
                {report.shiftType ? shiftTypeLabel(report.shiftType) : 'Shift not set'}
              </Text>
              {marked && (
                <Text size="sm" fw={700} c="orange.9" data-testid="not-on-phone">
                  Not on this phone yet
                </Text>
              )}
            </Stack>
            <Badge color={look.color} variant="light" size="lg" style={{ flexShrink: 0 }}>
              {look.label}
            </Badge>
          </Group>
        </UnstyledButton>
        <SimpleGrid cols={3} spacing="xs">
          <Figure label="Operator" value={report.operator ?? '—'} />
          <Figure label="Drilled" value={`${formatDepth(report.metres)} m`} />
          {/* No hours until the timesheet has entries (or someone typed the hours). */}
          <Figure label="Hours" value={report.hours > 0 ? formatHours(report.hours) : '—'} />
        </SimpleGrid>
        <Group gap="xs" wrap="nowrap">
          <Button component={Link} to={plodPath(report.id, 'edit')} px="sm" style={{ flex: 1 }}>
            Edit Report
          </Button>
          <Button
            component={Link}
            to={plodPath(report.id, 'run-sheets')}
            variant="light"
            px="sm"
            style={{ flex: 1 }}
          >
            Run Sheets
          </Button>
          {report.status === 'sent' && (
            <Button component={Link} to={plodPath(report.id, 'csv')} variant="default" px="sm">
              Export CSV
            </Button>
          )}
          {onDelete && (
            <ActionIcon
              variant="light"
              color="red"
              style={{ flexShrink: 0 }}
              aria-label="Delete report"
              onClick={() => onDelete(report.id)}
            >
              <Text span fw={800} aria-hidden>
                ✕
              </Text>
            </ActionIcon>
          )}
        </Group>
        <Button
          component={Link}
          to={plodReportPath(report.id)}
          variant="default"
          aria-label={`View ${title}, the whole plod`}
        >
          View
        </Button>
        {extra}
      </Stack>
    </Card>
  );
}
