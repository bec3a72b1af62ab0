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
import {
  SETUP_DOC_NAME,
  defaultShiftTimes,
  shiftDetailsPatchSchema,
  timeOptions,
  updateShiftDetails,
  type ReportSnapshot,
  type SetupSnapshot,
} from '@plod/model';
import { useNavigate } from 'react-router';
import { ScreenHeader } from '../components/ScreenHeader';
import { ConflictNote } from './history/ConflictNote';
import { useConnection, useMutation } from '../sync';
import { shiftFacts } from './complete-shift/summaryFacts';
import { FactList } from './plod/FactList';
import type { PlodScreen } from '../routes/plod-paths';
import { usePlod, usePlodPath } from './plod/plod-context';
import { PlodBar } from './plod/PlodBar';
import { useReportView } from './plod/useReport';
import { MissingLists, useListMissing } from './report-common/MissingLists';
import { useReport, useSetup } from './report-common/useReport';
import { useFormFollowsDoc } from '../lib/useFormFollowsDoc';
import {
  choiceOptions,
  initialShiftForm,
  shiftDetailsChanges,
  type ShiftForm,
} from './shift-details/shift-form';

const TITLE = 'Shift Details';
const TIME_OPTIONS = timeOptions();

/**
 * Where Save & Continue goes: the next step of the shift, Crew while nobody is assigned, else Run
 * Sheets (a plod started from the last shift already has its crew), not back to the dashboard.
 */
export function nextAfterShiftDetails(report: Pick<ReportSnapshot, 'crew'>): PlodScreen {
  return report.crew.length === 0 ? 'crew' : 'run-sheets';
}

export default function ShiftDetails() {
  const { id } = usePlod();
  const path = usePlodPath();
  const { docName, report, loading, newerSchema } = useReport(id);
  const { readOnly } = useReportView(docName);
  const setup = useSetup();
  const listsMissing = useListMissing(SETUP_DOC_NAME, setup.schemaVersion > 0);
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
      <PlodBar />
      {!readOnly && listsMissing && <MissingLists what="Site and rig lists" />}
      {loading ? (
        <Loader />
      ) : newerSchema ? (
        // Saved by a newer version of Plod: shown, not offered for editing.
        <FactList title="Shift Details" facts={shiftFacts(report)} testId="shift-facts" />
      ) : (
        <ShiftDetailsForm
          docName={docName}
          report={report}
          initial={initialShiftForm(report, new Date())}
          next={nextAfterShiftDetails(report)}
          setup={setup}
          readOnly={readOnly}
        />
      )}
    </>
  );
}

function ShiftDetailsForm({
  docName,
  report,
  initial,
  next,
  setup,
  readOnly,
}: {
  docName: string;
  report: ReportSnapshot;
  initial: ShiftForm;
  next: PlodScreen;
  setup: SetupSnapshot;
  /** Shown, not changed: every field is disabled and there is no save. */
  readOnly: boolean;
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
  // Another phone's edit, or the server's copy after the phone's own older one: untouched fields
  // follow the plod.
  useFormFollowsDoc(form, initial);
  const rigs = setup.rigs.filter((rig) => rig.siteId === form.values.siteId);
  const submit = form.onSubmit((values) => {
    save(shiftDetailsChanges(values, report.shift, (field) => form.isDirty(field), setup));
    void navigate(path(next));
  });
  return (
    <Card withBorder component="form" onSubmit={submit} noValidate>
      {/* A disabled fieldset disables every field in it at once. */}
      <fieldset disabled={readOnly} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
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
            data={choiceOptions(
              'Select Site',
              // Archived sites leave the picker; a plod already on one keeps showing it.
              setup.sites
                .filter((s) => s.archivedAt === null || s.id === form.values.siteId)
                .map((s) => ({ value: s.id, label: s.siteName })),
              { id: report.shift.siteId, name: report.shift.siteName },
            )}
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
            data={choiceOptions(
              'Select Rig',
              rigs.map((r) => ({ value: r.id, label: r.rigName })),
              form.values.siteId === report.shift.siteId
                ? { id: report.shift.rigId, name: report.shift.rigName }
                : { id: null, name: null },
            )}
            {...form.getInputProps('rigId')}
          />
          <ConflictNote docName={docName} section="shift" field="rigId" />
          <TextInput
            label="Level"
            description="The level or bench the rig works, e.g. 1040 RL"
            size="md"
            maxLength={60}
            {...form.getInputProps('level')}
          />
          <ConflictNote docName={docName} section="shift" field="level" />
          {!readOnly && (
            <Button type="submit" size="lg">
              Save & Continue
            </Button>
          )}
        </Stack>
      </fieldset>
    </Card>
  );
}
