import { ActionIcon, Anchor, Badge, Button, Group, Table, Text } from '@mantine/core';
import { formatDepth, formatHours, shiftTypeLabel } from '@plod/model';
import type { ReportsIndexRow } from '@plod/model';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PaperTable } from '../components/PaperTable';
import { TableHead } from '../components/TableHead';
import { plodReportPath } from '../routes/client';
import { plodPath } from '../routes/plod-paths';
import { statusLook } from './status-look';

export interface ReportTableProps {
  reports: readonly ReportsIndexRow[];
  onDelete?: (id: string) => void;
  /** Whether a row offers delete (by default every plod not deleted yet). */
  canDelete?: (report: ReportsIndexRow) => boolean;
  /** Extra actions for a row (Restore on a deleted plod). */
  extra?: (report: ReportsIndexRow) => ReactNode;
}

const COLUMNS = [
  'Site - Rig',
  'Date',
  'Shift',
  'Status',
  'Operator',
  'Drilled (m)',
  'Hours',
  'Actions',
];

/** Desk width: the plods as a table (the report card's fields and actions, one row each). */
export default function ReportTable({ reports, onDelete, canDelete, extra }: ReportTableProps) {
  return (
    <PaperTable
      minWidth={1040}
      verticalSpacing="xs"
      aria-label="Plods"
      head={<TableHead columns={COLUMNS} right={['Drilled (m)', 'Hours']} />}
    >
      {reports.map((report) => {
        const look = statusLook(report.status);
        const title = `${report.site ?? 'No site'} - ${report.rig ?? 'No rig'}`;
        return (
          <Table.Tr key={report.id} data-testid="report-card" data-report-id={report.id}>
            <Table.Td>
              <Anchor component={Link} to={plodPath(report.id)} fw={700} data-testid="open-plod">
                {title}
              </Anchor>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{report.date ?? '—'}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {report.shiftType ? shiftTypeLabel(report.shiftType) : '—'}
            </Table.Td>
            <Table.Td>
              <Badge color={look.color} variant="light">
                {look.label}
              </Badge>
            </Table.Td>
            <Table.Td>{report.operator ?? '—'}</Table.Td>
            <Table.Td ta="right">{formatDepth(report.metres)}</Table.Td>
            <Table.Td ta="right">{report.hours > 0 ? formatHours(report.hours) : '—'}</Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <Button
                  component={Link}
                  to={plodReportPath(report.id)}
                  variant="default"
                  aria-label={`View ${title}, the whole plod`}
                >
                  View
                </Button>
                <Button component={Link} to={plodPath(report.id, 'edit')} variant="light">
                  Edit
                </Button>
                <Button component={Link} to={plodPath(report.id, 'run-sheets')} variant="subtle">
                  Run Sheets
                </Button>
                {report.status === 'sent' && (
                  <Button component={Link} to={plodPath(report.id, 'csv')} variant="subtle">
                    Export CSV
                  </Button>
                )}
                {extra?.(report)}
                {onDelete && (canDelete?.(report) ?? report.status !== 'deleted') && (
                  <ActionIcon
                    variant="light"
                    color="red"
                    aria-label={`Delete ${title}`}
                    onClick={() => onDelete(report.id)}
                  >
                    <Text span fw={800} aria-hidden>
                      ✕
                    </Text>
                  </ActionIcon>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        );
      })}
    </PaperTable>
  );
}
