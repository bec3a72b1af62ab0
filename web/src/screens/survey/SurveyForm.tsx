import { Group, NumberInput, Select, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
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
  SURVEY_HOLE_ID_OPTIONS,
  SURVEY_METHODS,
  surveyEntryInputSchema,
  type SurveyEntryInput,
} from '@plod/model';
import { AddFormCard } from '../plod/AddFormCard';
import { optionsOf } from '../plod/labels';

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

/** The fixed hole options plus the holes this report worked, once each. */
export function surveyHoleOptions(reportHoles: readonly string[]): string[] {
  return [...new Set([...SURVEY_HOLE_ID_OPTIONS, ...reportHoles])];
}

export interface SurveyFormProps {
  holes: readonly string[];
  onAdd: (input: SurveyEntryInput) => boolean;
  onCancel: () => void;
}

export function SurveyForm({ holes, onAdd, onCancel }: SurveyFormProps) {
  const form = useForm<SurveyValues>({
    initialValues: SURVEY_DEFAULTS,
    validate: schemaResolver(surveyEntryInputSchema, { sync: true }),
  });
  const submit = form.onSubmit((v) => {
    if (onAdd(surveyEntryInputSchema.parse(v))) form.reset();
  });
  return (
    <AddFormCard
      title="Add Survey Point"
      submitLabel="Add Survey Point"
      onSubmit={submit}
      onCancel={() => {
        form.reset();
        onCancel();
      }}
    >
      <Group grow align="flex-start">
        <Select
          label="Hole ID"
          data={surveyHoleOptions(holes)}
          allowDeselect={false}
          {...form.getInputProps('holeId')}
        />
        <NumberInput
          label="Depth (m)"
          step={SURVEY_DEPTH_STEP}
          min={0}
          decimalScale={1}
          inputMode="decimal"
          {...form.getInputProps('depth')}
        />
      </Group>
      <Group grow align="flex-start">
        <NumberInput
          label="Azimuth (°)"
          min={SURVEY_AZIMUTH_MIN}
          max={SURVEY_AZIMUTH_MAX}
          allowDecimal={false}
          inputMode="numeric"
          {...form.getInputProps('azimuth')}
        />
        <NumberInput
          label="Dip (°)"
          min={SURVEY_DIP_MIN}
          max={SURVEY_DIP_MAX}
          allowDecimal={false}
          // Dips are negative (down-hole): a numeric keypad without a minus key would trap the crew.
          inputMode="text"
          {...form.getInputProps('dip')}
        />
      </Group>
      <Group grow align="flex-start">
        <NumberInput
          label="Magnetic Total"
          allowDecimal={false}
          inputMode="numeric"
          {...form.getInputProps('magneticTotal')}
        />
        <Select
          label="Method"
          data={optionsOf(SURVEY_METHODS)}
          allowDeselect={false}
          {...form.getInputProps('method')}
        />
      </Group>
      <TextInput label="Operator" {...form.getInputProps('operator')} />
      <Textarea label="Notes" rows={1} {...form.getInputProps('notes')} />
    </AddFormCard>
  );
}
