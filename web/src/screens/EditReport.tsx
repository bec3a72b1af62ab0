import {
  Button,
  Card,
  Group,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { formatDepth, formatHours, readReport, shiftTypeLabel } from '@plod/model';
import type { ShiftType } from '@plod/model';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ScreenHeader } from '../components/ScreenHeader';
import { NumberField } from './plod/NumberField';
import { ConflictNote } from './history/ConflictNote';
import {
  applyEditReport,
  editChanges,
  editReportSchema,
  initialEditValues,
  type EditReportValues,
} from '../reports/edit-report';
import { useDocReady, useDocSnapshot, useMutation } from '../sync';
import { useFormFollowsDoc } from '../lib/useFormFollowsDoc';
import { FactList } from './plod/FactList';
import { usePlod } from './plod/plod-context';
import { PlodBar } from './plod/PlodBar';
import { useReportView } from './plod/useReport';

/** SPEC's Edit Shift Report, at /plods/{id}/edit (and /edit-report/{id}). */
export default function EditReport() {
  const { docName, newerSchema } = usePlod();
  return newerSchema ? <SummaryView name={docName} /> : <EditForm key={docName} name={docName} />;
}

/** A plod saved by a newer version of Plod: its summary shown, not offered for editing. */
function SummaryView({ name }: { name: string }) {
  const report = useDocSnapshot(name, readReport);
  const { summary } = report;
  return (
    <Shell>
      <FactList
        title="Shift Report"
        testId="summary-facts"
        facts={[
          { label: 'Operator', value: summary.operator ?? 'Not set' },
          {
            label: 'Shift Type',
            value: report.shift.shiftType ? shiftTypeLabel(report.shift.shiftType) : 'Not set',
          },
          { label: 'Holes Completed', value: String(summary.holesCompleted) },
          { label: 'Total Depth', value: `${formatDepth(summary.totalDepthDrilled)} m` },
          { label: 'Hours Worked', value: `${formatHours(summary.hoursWorked)} h` },
          { label: 'Additional Notes', value: report.notes ?? 'None' },
        ]}
      />
    </Shell>
  );
}

function Shell({ children, subtitle }: { children: ReactNode; subtitle?: string }) {
  return (
    <>
      <ScreenHeader
        title="Edit Shift Report"
        subtitle={subtitle}
        backTo="/"
        backLabel="Back to Plods"
      />
      {children}
    </>
  );
}

function EditForm({ name }: { name: string }) {
  const report = useDocSnapshot(name, readReport);
  const { readOnly } = useReportView(name);
  const save = useMutation(name, applyEditReport);
  const ready = useDocReady();
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const form = useForm<EditReportValues>({
    initialValues: initialEditValues(report),
    validate: schemaResolver(editReportSchema, { sync: true }),
  });
  // A phone's own older copy may be what opened first: untouched fields follow the plod.
  useFormFollowsDoc(form, initialEditValues(report));
  const created = report.createdAt ? new Date(report.createdAt) : null;

  const submit = async (values: EditReportValues) => {
    setSaving(true);
    try {
      await ready(name);
      save(editChanges(values, (field) => form.isDirty(field), initialEditValues(report)));
      notifications.show({
        color: 'green',
        title: 'Success',
        message: 'Shift report updated successfully',
      });
      void navigate('/');
    } catch {
      notifications.show({ color: 'red', title: 'Error', message: 'Failed to update report' });
    } finally {
      setSaving(false);
    }
  };

  const number = (field: 'holesCompleted' | 'totalDepthDrilled' | 'hoursWorked') => ({
    ...form.getInputProps(field),
    // NumberInput hands back numbers; the form keeps text so an emptied field means "derived".
    onChange: (value: string | number) => form.setFieldValue(field, String(value)),
    min: 0,
    inputMode: 'decimal' as const,
    hideControls: true,
  });

  return (
    <Shell
      subtitle={
        created
          ? `Created ${created.toLocaleDateString('en-US')} ${created.toLocaleTimeString('en-GB')}`
          : undefined
      }
    >
      <Text fw={800} mb="sm" style={{ wordBreak: 'break-all' }} data-testid="report-number">
        Report #{report.id}
      </Text>
      <PlodBar />
      <Card>
        <form onSubmit={form.onSubmit((values) => void submit(values))}>
          {/* Read-only: every field disabled at once, and no Save that would pretend. */}
          <fieldset disabled={readOnly} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
            <Stack gap="md">
              <TextInput label="Operator" {...form.getInputProps('operator')} />
              <ConflictNote docName={name} section="overrides" field="operator" />
              <Stack gap={4}>
                <Text fw={500}>Shift Type</Text>
                <SegmentedControl
                  fullWidth
                  data={(['day', 'night'] as const).map((value) => ({
                    value,
                    label: shiftTypeLabel(value),
                  }))}
                  value={form.values.shiftType ?? ''}
                  onChange={(value) => form.setFieldValue('shiftType', value as ShiftType)}
                />
              </Stack>
              <ConflictNote docName={name} section="shift" field="shiftType" />
              {/* A whole number: the keypad without a decimal point (NumberInput would force one). */}
              <NumberField
                label="Holes Completed"
                allowDecimal={false}
                {...number('holesCompleted')}
                inputMode="numeric"
              />
              <ConflictNote docName={name} section="overrides" field="holesCompleted" />
              <NumberInput
                label="Total Depth (m)"
                decimalScale={2}
                {...number('totalDepthDrilled')}
              />
              <ConflictNote docName={name} section="overrides" field="totalDepthDrilled" />
              <NumberInput label="Hours Worked" decimalScale={2} {...number('hoursWorked')} />
              <ConflictNote docName={name} section="overrides" field="hoursWorked" />
              <Textarea label="Additional Notes" rows={3} {...form.getInputProps('notes')} />
              <ConflictNote docName={name} section="meta" field="notes" />
            </Stack>
          </fieldset>
          {readOnly ? (
            <Button component={Link} to="/" variant="default" fullWidth mt="md">
              Back to Plods
            </Button>
          ) : (
            <Group grow mt="md">
              <Button component={Link} to="/" variant="default">
                Cancel
              </Button>
              <Button type="submit" disabled={saving}>
                {saving ? 'Saving...' : 'Save Changes'}
              </Button>
            </Group>
          )}
        </form>
      </Card>
    </Shell>
  );
}
