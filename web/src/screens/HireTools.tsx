import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  SETUP_DOC_NAME,
  addHireToolUsage,
  formatCurrency,
  readSetup,
  type HireToolUsageInput,
  type HireToolUsageRow,
} from '@plod/model';
import { useState } from 'react';
import { ScreenHeader } from '../components/ScreenHeader';
import { useDocSnapshot, useMutation } from '../sync';
import { HireToolForm } from './hire-tools/HireToolForm';
import { DataTable, EmptyText, orDash, type Column } from './plod/DataTable';
import { ReadOnlyNotice } from './plod/ReadOnlyNotice';
import { usePlod, usePlodPath } from './plod/plod-context';
import { StatRow } from './plod/StatRow';
import { useReportView } from './plod/useReport';

const TITLE = 'Hire Tools';

const COLUMNS: Column<HireToolUsageRow>[] = [
  { header: 'Tool', cell: (t) => t.toolName },
  { header: 'Qty', cell: (t) => String(t.quantity) },
  { header: 'Hours', cell: (t) => String(t.hours) },
  { header: 'Rate/Hr', cell: (t) => formatCurrency(t.ratePerHour) },
  { header: 'Total Cost', cell: (t) => formatCurrency(t.totalCost) },
  { header: 'Notes', cell: (t) => orDash(t.notes) },
];

export default function HireTools() {
  const { docName } = usePlod();
  const path = usePlodPath();
  const { report, readOnly } = useReportView(docName);
  const setup = useDocSnapshot(SETUP_DOC_NAME, readSetup);
  const add = useMutation(docName, addHireToolUsage);
  const [open, setOpen] = useState(false);
  const siteId = report.shift.siteId;
  const library = setup.hireTools.filter((t) => t.siteId === siteId);
  const onAdd = (input: HireToolUsageInput): boolean => {
    try {
      add(input);
      setOpen(false);
      return true;
    } catch {
      notifications.show({ color: 'red', title: 'Error', message: 'Failed to add hire tool' });
      return false;
    }
  };
  return (
    <>
      <ScreenHeader title={TITLE} backTo={path()} />
      <StatRow
        stats={[
          { label: 'Tools', value: String(report.hireTools.length), testId: 'tool-count' },
          {
            label: 'Total Cost',
            value: formatCurrency(report.totals.hireToolCost),
            testId: 'hire-total-cost',
          },
        ]}
      />
      {readOnly && <ReadOnlyNotice status={report.status} />}
      {!readOnly &&
        (open ? (
          <HireToolForm library={library} onAdd={onAdd} onCancel={() => setOpen(false)} />
        ) : (
          <Button fullWidth mb="md" onClick={() => setOpen(true)}>
            Add Hire Tool
          </Button>
        ))}
      <DataTable
        columns={COLUMNS}
        rows={report.hireTools}
        rowKey={(t) => t.id}
        testId="hire-tools-table"
        empty={<EmptyText title="No hire tools recorded yet" />}
      />
    </>
  );
}
