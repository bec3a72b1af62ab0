import {
  Button,
  Card,
  Group,
  Input,
  Loader,
  NativeSelect,
  SegmentedControl,
  Stack,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  defaultShiftTimes,
  localIsoDay,
  shiftDetailsPatchSchema,
  shiftTypeAt,
  timeOptions,
  updateShiftDetails,
  type ReportSnapshot,
  type SetupSnapshot,
  type ShiftType,
} from '@plod/model';
import { useNavigate } from 'react-router';
import { PresenceBar } from '../components/PresenceBar';
import { ScreenHeader } from '../components/ScreenHeader';
import { ConflictNote } from './history/ConflictNote';
import { useConnection, useMutation } from '../sync';
import { shiftFacts } from './complete-shift/summaryFacts';
import { FactList } from './plod/FactList';
import { usePlod, usePlodPath } from './plod/plod-context';
import { useReport, useSetup } from './report-common/useReport';

const TITLE = 'Shift Details';
const TIME_OPTIONS = timeOptions();

interface ShiftForm {
  date: string;
  shiftType: ShiftType;
  startTime: string;
  endTime: string;
  siteId: string;
  rigId: string;
}

/**
 * What the form starts with: the report's values, else today, the shift of this hour, and that
 * shift's default times (day 06:00-18:00, night 18:00-06:00).
 */
export function initialShiftForm(report: ReportSnapshot, now: Date): ShiftForm {
  const { shift } = report;
  const shiftType = shift.shiftType ?? shiftTypeAt(now);
  const times = defaultShiftTimes(shiftType);
  return {
    date: shift.date ?? localIsoDay(now),
    shiftType,
    startTime: shift.startTime ?? times.startTime,
    endTime: shift.endTime ?? times.endTime,
    siteId: shift.siteId ?? '',
    rigId: shift.rigId ?? '',
  };
}

export default function ShiftDetails() {
  const { id } = usePlod();
  const path = usePlodPath();
  const { docName, report, loading, newerSchema } = useReport(id);
  const setup = useSetup();
  const { syncNow, enabled } = useConnection();
  return (
    <>
      <ScreenHeader
        title={TITLE}
        backTo={path()}
        actions={
          <Button variant="default" onClick={syncNow} disabled={!enabled}>
            Sync
          </Button>
        }
      />
      <PresenceBar docName={docName} screen={TITLE} />
      {loading ? (
        <Loader />
      ) : newerSchema ? (
        // Saved by a newer version of Plod: shown, not offered for editing.
        <FactList title="Shift Details" facts={shiftFacts(report)} testId="shift-facts" />
      ) : (
        <ShiftDetailsForm
          docName={docName}
          initial={initialShiftForm(report, new Date())}
          setup={setup}
        />
      )}
    </>
  );
}

function ShiftDetailsForm({
  docName,
  initial,
  setup,
}: {
  docName: string;
  initial: ShiftForm;
  setup: SetupSnapshot;
}) {
  const navigate = useNavigate();
  const path = usePlodPath();
  const save = useMutation(docName, updateShiftDetails);
  const form = useForm<ShiftForm>({
    initialValues: initial,
    validate: (values) =>
      schemaResolver(shiftDetailsPatchSchema, { sync: true })({
        ...values,
        siteId: values.siteId || null,
        rigId: values.rigId || null,
      }),
  });
  const rigs = setup.rigs.filter((rig) => rig.siteId === form.values.siteId);
  const submit = form.onSubmit((values) => {
    const site = setup.sites.find((s) => s.id === values.siteId);
    const rig = setup.rigs.find((r) => r.id === values.rigId && r.siteId === values.siteId);
    save({
      date: values.date,
      shiftType: values.shiftType,
      startTime: values.startTime,
      endTime: values.endTime,
      siteId: site?.id ?? null,
      rigId: rig?.id ?? null,
      siteName: site?.siteName ?? null,
      rigName: rig?.rigName ?? null,
    });
    notifications.show({ title: 'Shift details saved', message: 'Saved on this phone.' });
    void navigate(path());
  });
  return (
    <Card withBorder component="form" onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput type="date" label="Date" size="md" {...form.getInputProps('date')} />
        <ConflictNote docName={docName} section="shift" field="date" />
        <Input.Wrapper label="Shift Type" size="md">
          <SegmentedControl
            fullWidth
            size="md"
            data={[
              { value: 'day', label: 'Day' },
              { value: 'night', label: 'Night' },
            ]}
            {...form.getInputProps('shiftType')}
            onChange={(value) => {
              const next = value === 'night' ? 'night' : 'day';
              const before = defaultShiftTimes(form.values.shiftType);
              const { startTime, endTime } = form.values;
              form.setFieldValue('shiftType', next);
              // Times still at the old type's defaults follow the type; times someone chose stay.
              if (startTime === before.startTime && endTime === before.endTime) {
                form.setValues(defaultShiftTimes(next));
              }
            }}
          />
        </Input.Wrapper>
        <ConflictNote docName={docName} section="shift" field="shiftType" />
        <Group grow align="flex-start">
          <NativeSelect
            label="Start Time"
            size="md"
            data={TIME_OPTIONS}
            {...form.getInputProps('startTime')}
          />
          <NativeSelect
            label="End Time"
            size="md"
            data={TIME_OPTIONS}
            {...form.getInputProps('endTime')}
          />
        </Group>
        <ConflictNote docName={docName} section="shift" field="startTime" />
        <ConflictNote docName={docName} section="shift" field="endTime" />
        <NativeSelect
          label="Site"
          size="md"
          data={[
            { value: '', label: 'Select Site' },
            // Archived sites leave the picker; a plod already on one keeps showing it.
            ...setup.sites
              .filter((s) => s.archivedAt === null || s.id === form.values.siteId)
              .map((s) => ({ value: s.id, label: s.siteName })),
          ]}
          {...form.getInputProps('siteId')}
          onChange={(event) => {
            const siteId = event.currentTarget.value;
            form.setFieldValue('siteId', siteId);
            // A rig belongs to one site: changing site clears a rig of another.
            if (!setup.rigs.some((r) => r.id === form.values.rigId && r.siteId === siteId)) {
              form.setFieldValue('rigId', '');
            }
          }}
        />
        <ConflictNote docName={docName} section="shift" field="siteId" />
        <NativeSelect
          label="Rig"
          size="md"
          data={[
            { value: '', label: 'Select Rig' },
            ...rigs.map((r) => ({ value: r.id, label: r.rigName })),
          ]}
          {...form.getInputProps('rigId')}
        />
        <ConflictNote docName={docName} section="shift" field="rigId" />
        <Button type="submit" size="lg">
          Save & Continue
        </Button>
      </Stack>
    </Card>
  );
}
