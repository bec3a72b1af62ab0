import {
  Button,
  Card,
  Group,
  Loader,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { isReportId, readReport, reportDocName, shiftTypeLabel } from '@plod/model';
import type { ReportId, ShiftType } from '@plod/model';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ScreenHeader } from '../components/ScreenHeader';
import {
  applyEditReport,
  editChanges,
  editReportSchema,
  initialEditValues,
  type EditReportValues,
} from '../reports/edit-report';
import { addKnownReportId } from '../session/known-reports';
import { useConnection, useDocReady, useDocSnapshot, useDocument, useMutation } from '../sync';

/** How long to wait for the server before saying a report missing on the device does not exist. */
export const NOT_FOUND_WAIT_MS = 5000;

function NotFoundCard() {
  return (
    <Card mt="xl" ta="center" data-testid="report-not-found">
      <Stack align="center">
        <Text fw={800} size="xl">
          Report not found
        </Text>
        <Button component={Link} to="/dashboard" fullWidth>
          Back to Dashboard
        </Button>
      </Stack>
    </Card>
  );
}

function Loading() {
  return (
    <Group justify="center" mt="xl" gap="sm">
      <Loader size="sm" />
      <Text>Loading report...</Text>
    </Group>
  );
}

export default function EditReport() {
  const { id = '' } = useParams();
  const valid = isReportId(id);
  // An invalid id still needs a document name for the hooks; nothing is written to it.
  const name = reportDocName((valid ? id : 'invalid') as ReportId);
  const info = useDocument(name);
  const report = useDocSnapshot(name, readReport);
  const { enabled, browserOnline } = useConnection();
  const [waitedOut, setWaitedOut] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaitedOut(true), NOT_FOUND_WAIT_MS);
    return () => clearTimeout(timer);
  }, [name]);

  const exists = info.status === 'ready' && report.id !== null;
  useEffect(() => {
    if (exists) addKnownReportId(id);
  }, [exists, id]);

  if (!valid) return <Shell>{<NotFoundCard />}</Shell>;
  if (exists) return <EditForm key={name} name={name} />;
  const online = enabled && browserOnline;
  const settled = info.status === 'ready' && (info.serverSynced || !online || waitedOut);
  return <Shell>{settled ? <NotFoundCard /> : <Loading />}</Shell>;
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
  const save = useMutation(name, applyEditReport);
  const ready = useDocReady();
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const form = useForm<EditReportValues>({
    initialValues: initialEditValues(report),
    validate: schemaResolver(editReportSchema, { sync: true }),
  });
  const created = report.createdAt ? new Date(report.createdAt) : null;

  const submit = async (values: EditReportValues) => {
    setSaving(true);
    try {
      await ready(name);
      save(editChanges(values, (field) => form.isDirty(field)));
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
      <Card>
        <form onSubmit={form.onSubmit((values) => void submit(values))}>
          <Stack gap="md">
            <TextInput label="Operator" {...form.getInputProps('operator')} />
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
            <NumberInput
              label="Holes Completed"
              allowDecimal={false}
              {...number('holesCompleted')}
              inputMode="numeric"
            />
            <NumberInput
              label="Total Depth (m)"
              decimalScale={2}
              {...number('totalDepthDrilled')}
            />
            <NumberInput label="Hours Worked" decimalScale={2} {...number('hoursWorked')} />
            <Textarea
              label="Additional Notes"

              rows={3}
              {...form.getInputProps('notes')}
            />
            <Group grow>
              <Button component={Link} to="/" variant="default">
                Cancel
              </Button>
              <Button type="submit" disabled={saving}>
                {saving ? 'Saving...' : 'Save Changes'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Shell>
  );
}
