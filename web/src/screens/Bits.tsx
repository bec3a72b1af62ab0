import { Button, Group, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  BIT_STATUS_LABELS,
  HOLES_DOC_NAME,
  addBitChange,
  formatDepth,
  holeProgressMark,
  isModelError,
  metresPerBit,
  publishBitMetres,
  readBitRegister,
  readPublishedBitMetres,
  recordHoleProgress,
  registerBit,
  removeBitChange,
  type BitChange,
  type BitChangeInput,
  type BitInput,
  type BitMetres,
} from '@plod/model';
import { useEffect, useState } from 'react';
import { ScreenHeader } from '../components/ScreenHeader';
import { useDocSnapshot, useDocument, useMutation } from '../sync';
import { BitChangeForm, RegisterBitForm } from './bits/BitForms';
import { notesColumn } from './plod/columns';
import { DataTable, EmptyText, orDash, type Column, type RowActions } from './plod/DataTable';
import { PlodBar } from './plod/PlodBar';
import { usePlod, usePlodPath } from './plod/plod-context';
import { StatRow } from './plod/StatRow';
import { useReportView } from './plod/useReport';

const TITLE = 'Bits';

const CHANGE_COLUMNS: Column<BitChange>[] = [
  { header: 'Bit', cell: (c) => c.bitSerial },
  { header: 'Hole', cell: (c) => c.holeId },
  { header: 'Change', cell: (c) => (c.action === 'in' ? 'Bit in' : 'Bit out') },
  { header: 'Depth (m)', cell: (c) => formatDepth(c.depth) },
  notesColumn(),
];

type MetresRow = BitMetres & { lifeToDate: number | null };
const METRES_COLUMNS: Column<MetresRow>[] = [
  { header: 'Bit', cell: (m) => m.bitSerial },
  { header: 'Hole', cell: (m) => m.holeId },
  { header: 'This plod (m)', cell: (m) => formatDepth(m.metres) },
  {
    header: 'Life to date (m)',
    cell: (m) => (m.lifeToDate === null ? '-' : formatDepth(m.lifeToDate)),
  },
];

const failed = (message: string) => notifications.show({ color: 'red', title: 'Error', message });

type Open = 'none' | 'register' | 'change';

export default function Bits() {
  const { id, docName } = usePlod();
  const path = usePlodPath();
  const { report, readOnly, loading } = useReportView(docName);
  const register = useDocSnapshot(HOLES_DOC_NAME, readBitRegister);
  const published = useDocSnapshot(HOLES_DOC_NAME, readPublishedBitMetres);
  const registerNewer = useDocument(HOLES_DOC_NAME).newerSchema;
  const addToRegister = useMutation(HOLES_DOC_NAME, registerBit);
  const publish = useMutation(HOLES_DOC_NAME, publishBitMetres);
  const recordProgress = useMutation(HOLES_DOC_NAME, recordHoleProgress);
  const add = useMutation(docName, addBitChange);
  const remove = useMutation(docName, removeBitChange);
  const [open, setOpen] = useState<Open>('none');

  // Publish this plod's metres per bit for the register's life-to-date figures (as Run Sheets
  // publishes hole progress): again after every merge, so the merged plod's figures are the ones kept.
  const perBit = metresPerBit(report.bitMetres);
  const perBitKey = JSON.stringify([...perBit]);
  useEffect(() => {
    if (loading || readOnly || registerNewer) return;
    publish(id, new Map(JSON.parse(perBitKey) as [string, number][]));
  }, [loading, readOnly, registerNewer, publish, id, perBitKey]);
  // The bit each hole is left with goes with where the plod leaves the hole (as Run Sheets records
  // it), so a later plod that takes the hole up carries that bit.
  useEffect(() => {
    if (loading || readOnly || registerNewer) return;
    for (const h of report.holes) recordProgress(holeProgressMark(h, id, report.bitChanges));
  }, [loading, readOnly, registerNewer, recordProgress, id, report.holes, report.bitChanges]);

  const onRegister = (input: BitInput): boolean => {
    try {
      const serial = addToRegister(input);
      notifications.show({ title: 'Bit registered', message: `${serial} is on the register` });
      setOpen('none');
      return true;
    } catch (error) {
      failed(isModelError(error, 'duplicate-bit') ? error.message : 'Failed to register the bit');
      return false;
    }
  };
  const onRecord = (input: BitChangeInput): boolean => {
    try {
      add(input);
      setOpen('none');
      return true;
    } catch {
      failed('Failed to record the bit change');
      return false;
    }
  };
  const actions: RowActions<BitChange> | undefined = readOnly
    ? undefined
    : {
        noun: 'bit change',
        describe: (c) => `${c.bitSerial} ${c.action} at ${formatDepth(c.depth)} m on ${c.holeId}`,
        onDelete: (c) => void remove(c.id),
      };
  const metresRows: MetresRow[] = report.bitMetres.map((m) => ({
    ...m,
    lifeToDate: published.get(m.bitSerial) ?? null,
  }));
  const changes = [...report.bitChanges].sort(
    (a, b) => a.holeId.localeCompare(b.holeId) || a.depth - b.depth,
  );
  return (
    <>
      <ScreenHeader title={TITLE} backTo={path()} />
      <StatRow
        stats={[
          {
            label: 'Bit changes',
            value: String(report.bitChanges.length),
            testId: 'bit-change-count',
          },
          {
            label: 'Registered bits',
            value: String(register.length),
            testId: 'bit-register-count',
          },
        ]}
      />
      <PlodBar />
      {!readOnly && open === 'register' && (
        <RegisterBitForm onRegister={onRegister} onCancel={() => setOpen('none')} />
      )}
      {!readOnly && open === 'change' && (
        <BitChangeForm
          bits={register.filter((b) => b.status !== 'lost')}
          holes={report.holes}
          onRecord={onRecord}
          onCancel={() => setOpen('none')}
        />
      )}
      {!readOnly && open === 'none' && (
        <Group grow mb="md">
          <Button variant="default" onClick={() => setOpen('register')}>
            Register Bit
          </Button>
          <Button onClick={() => setOpen('change')}>Bit In / Out</Button>
        </Group>
      )}
      <TableTitle first>Metres per bit</TableTitle>
      <DataTable
        columns={METRES_COLUMNS}
        rows={metresRows}
        rowKey={(m) => `${m.bitSerial}/${m.holeId}`}
        testId="bit-metres-table"
        empty={<EmptyText title="No bit in a hole on this plod yet" />}
      />
      <TableTitle>Bit changes</TableTitle>
      <DataTable
        columns={CHANGE_COLUMNS}
        rows={changes}
        rowKey={(c) => c.id}
        actions={actions}
        testId="bit-changes-table"
        empty={<EmptyText title="No bit changes recorded yet" />}
      />
      <TableTitle>Bit register</TableTitle>
      <DataTable
        columns={[
          { header: 'Serial', cell: (b) => b.serial },
          { header: 'Size', cell: (b) => b.size },
          { header: 'Matrix', cell: (b) => orDash(b.matrix) },
          { header: 'Status', cell: (b) => BIT_STATUS_LABELS[b.status] },
        ]}
        rows={register}
        rowKey={(b) => b.serial}
        testId="bit-register-table"
        empty={<EmptyText title="No bits registered yet" />}
      />
    </>
  );
}

/** A table's title; the ones after the first stand a little apart from the table above. */
function TableTitle({ first = false, children }: { first?: boolean; children: string }) {
  return (
    <Title order={2} fz={20} mt={first ? undefined : 'md'} mb="xs">
      {children}
    </Title>
  );
}
