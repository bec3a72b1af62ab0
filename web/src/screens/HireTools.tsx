import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  SETUP_DOC_NAME,
  addHireToolUsage,
  formatCurrency,
  readSetup,
  removeHireToolUsage,
  updateHireToolUsage,
  type HireToolUsageInput,
  type HireToolUsageRow,
} from '@plod/model';
import { useState } from 'react';
import { ScreenHeader } from '../components/ScreenHeader';
import { useDocSnapshot, useMutation } from '../sync';
import { HireToolEditModal, HireToolForm } from './hire-tools/HireToolForm';
import { changedFields, isEmptyPatch } from './plod/changes';
import { DataTable, EmptyText, orDash, type Column, type RowActions } from './plod/DataTable';
import { PlodBar } from './plod/PlodBar';
import { MissingLists, useListMissing } from './report-common/MissingLists';
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
  { header: 'Notes', cell: (t) => orDash(t.notes), wide: true },
];

const EDITABLE = ['toolName', 'quantity', 'hours', 'ratePerHour', 'notes'] as const;

const failed = (message: string) => notifications.show({ color: 'red', title: 'Error', message });

export default function HireTools() {
  const { docName } = usePlod();
  const path = usePlodPath();
  const { report, readOnly } = useReportView(docName);
  const setup = useDocSnapshot(SETUP_DOC_NAME, readSetup);
  const listsMissing = useListMissing(SETUP_DOC_NAME, setup.schemaVersion > 0);
  const add = useMutation(docName, addHireToolUsage);
  const update = useMutation(docName, updateHireToolUsage);
  const remove = useMutation(docName, removeHireToolUsage);
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<HireToolUsageRow | null>(null);
  const siteId = report.shift.siteId;
  const library = setup.hireTools.filter((t) => t.siteId === siteId);
  const onAdd = (input: HireToolUsageInput): boolean => {
    try {
      add(input);
      setOpen(false);
      return true;
    } catch {
      failed('Failed to add hire tool');
      return false;
    }
  };
  const onEdit = (row: HireToolUsageRow, before: HireToolUsageInput, after: HireToolUsageInput) => {
    const patch = changedFields(before, after, EDITABLE);
    try {
      if (!isEmptyPatch(patch)) update(row.id, patch);
      return true;
    } catch {
      failed('Failed to save the hire tool');
      return false;
    }
  };
  const actions: RowActions<HireToolUsageRow> | undefined = readOnly
    ? undefined
    : {
        noun: 'hire tool',
        describe: (t) => `${t.toolName} x${t.quantity}`,
        onEdit: setEditing,
        onDelete: (t) => void remove(t.id),
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
      <PlodBar />
      {!readOnly && listsMissing && <MissingLists what="Hire tool lists" />}
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
        actions={actions}
        testId="hire-tools-table"
        empty={<EmptyText title="No hire tools recorded yet" />}
      />
      {editing && (
        <HireToolEditModal
          key={editing.id}
          row={editing}
          library={library}
          onSave={(before, after) => onEdit(editing, before, after)}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
