import { Group, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';
import {
  DEFAULT_SURVEY_AZIMUTH,
  DEFAULT_SURVEY_DIP,
  DEFAULT_SURVEY_HOLE_ID,
  DEFAULT_SURVEY_METHOD,
  SURVEY_AZIMUTH_MAX,
  SURVEY_AZIMUTH_MIN,
  SURVEY_DEPTH_STEP,
  SURVEY_DIP_MAX,
  SURVEY_DIP_MIN,
  SURVEY_METHODS,
  surveyEntryInputSchema,
  type SurveyEntry,
  type SurveyEntryInput,
} from '@plod/model';
import { AddEntryForm, EditEntryModal } from '../plod/entry-forms';
import { NumberField } from '../plod/NumberField';
import { ChoiceSelect, CodeSelect } from '../plod/ChoiceSelect';
import { SignedNumberInput } from '../plod/SignedNumberInput';

export interface SurveyValues {
  holeId: string;
  depth: number | string;
  azimuth: number | string;
  dip: number | string;
  magneticTotal: number | string;
  method: string;
  operator: string;
  notes: string;
}

// SPEC 9: hole DH001, dip -60, method magnetic; azimuth 0; nothing is required.
export const SURVEY_DEFAULTS: SurveyValues = {
  holeId: DEFAULT_SURVEY_HOLE_ID,
  depth: '',
  azimuth: DEFAULT_SURVEY_AZIMUTH,
  dip: DEFAULT_SURVEY_DIP,
  magneticTotal: '',
  method: DEFAULT_SURVEY_METHOD,
  operator: '',
  notes: '',
};

/** The real holes (the plod's and the register's drilled ones), once each; no fixed examples. */
export function surveyHoleOptions(holes: readonly string[]): string[] {
  return [...new Set(holes.filter((hole) => hole.trim() !== ''))];
}

/** The form values of a stored point (for Edit). */
export function surveyValues(entry: SurveyEntry): SurveyValues {
  return {
    holeId: entry.holeId,
    depth: entry.depth,
    azimuth: entry.azimuth,
    dip: entry.dip,
    magneticTotal: entry.magneticTotal ?? '',
    method: entry.method,
    operator: entry.operator ?? '',
    notes: entry.notes ?? '',
  };
}

type SurveyFormState = UseFormReturnType<SurveyValues>;

function useSurveyForm(initial: SurveyValues): SurveyFormState {
  return useForm<SurveyValues>({
    initialValues: initial,
    validate: schemaResolver(surveyEntryInputSchema, { sync: true }),
  });
}

/** The fields of a survey point, shared by Add and Edit. */
function SurveyFields({ form, holes }: { form: SurveyFormState; holes: readonly string[] }) {
  return (
    <>
      <Group grow align="flex-start">
        <ChoiceSelect
          label="Hole ID"
          data={surveyHoleOptions([...holes, form.getValues().holeId])}
          {...form.getInputProps('holeId')}
        />
        <NumberField
          label="Depth (m)"
          step={SURVEY_DEPTH_STEP}
          min={0}
          decimalScale={1}
          inputMode="decimal"
          {...form.getInputProps('depth')}
        />
      </Group>
      <Group grow align="flex-start">
        <NumberField
          label="Azimuth (°)"
          min={SURVEY_AZIMUTH_MIN}
          max={SURVEY_AZIMUTH_MAX}
          inputMode="decimal"
          {...form.getInputProps('azimuth')}
        />
        <SignedNumberInput
          label="Dip (°)"
          min={SURVEY_DIP_MIN}
          max={SURVEY_DIP_MAX}
          {...form.getInputProps('dip')}
        />
      </Group>
      <Group grow align="flex-start">
        <NumberField
          label="Magnetic Total"
          allowDecimal={false}
          inputMode="numeric"
          {...form.getInputProps('magneticTotal')}
        />
        <CodeSelect form={form} field="method" label="Method" codes={SURVEY_METHODS} />
      </Group>
      <TextInput label="Operator" {...form.getInputProps('operator')} />
      <Textarea label="Notes" rows={1} {...form.getInputProps('notes')} />
    </>
  );
}

export interface SurveyFormProps {
  holes: readonly string[];
  /** The hole being drilled, which a new point is most likely on (else SPEC's DH001). */
  defaultHoleId?: string;
  onAdd: (input: SurveyEntryInput) => boolean;
  onCancel: () => void;
}

/** Add Survey Point, inline above the list. */
export function SurveyForm({ holes, defaultHoleId, onAdd, onCancel }: SurveyFormProps) {
  const form = useSurveyForm({
    ...SURVEY_DEFAULTS,
    // The hole being drilled, else the plod's first real hole; SPEC's DH001 only when it has none.
    holeId: defaultHoleId ?? holes[0] ?? SURVEY_DEFAULTS.holeId,
  });
  return (
    <AddEntryForm
      title="Add Survey Point"
      form={form}
      schema={surveyEntryInputSchema}
      onAdd={onAdd}
      onCancel={onCancel}
    >
      <SurveyFields form={form} holes={holes} />
    </AddEntryForm>
  );
}

export interface SurveyEditModalProps {
  entry: SurveyEntry;
  holes: readonly string[];
  /** Saves the point as the form now reads (the caller writes only what changed). */
  onSave: (before: SurveyEntryInput, after: SurveyEntryInput) => boolean;
  onClose: () => void;
}

/** Edit Survey Point: the point's values, saved with Save Changes. */
export function SurveyEditModal({ entry, holes, onSave, onClose }: SurveyEditModalProps) {
  const initial = surveyValues(entry);
  const form = useSurveyForm(initial);
  return (
    <EditEntryModal
      title="Edit Survey Point"
      form={form}
      schema={surveyEntryInputSchema}
      initial={initial}
      onSave={onSave}
      onClose={onClose}
    >
      <SurveyFields form={form} holes={holes} />
    </EditEntryModal>
  );
}
