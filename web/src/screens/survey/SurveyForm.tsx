import { Group, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
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
import type { EntryKind } from '../plod/entry-forms';
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

/** What a survey point's fields need besides the form: the holes to offer. */
interface SurveyFieldsProps {
  holes: readonly string[];
}

/** The fields of a survey point, shared by Add and Edit. */
function SurveyFields({
  form,
  holes,
}: SurveyFieldsProps & { form: UseFormReturnType<SurveyValues> }) {
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

/**
 * A new point's values: on the hole being drilled, else the plod's first real hole; SPEC's DH001
 * only when it has none.
 */
export function newSurveyValues(holes: readonly string[], defaultHoleId?: string): SurveyValues {
  return { ...SURVEY_DEFAULTS, holeId: defaultHoleId ?? holes[0] ?? SURVEY_DEFAULTS.holeId };
}

/** A survey point: its fields, for Add Survey Point and Edit Survey Point. */
export const SURVEY_POINT: EntryKind<SurveyValues, SurveyEntryInput, SurveyFieldsProps> = {
  noun: 'Survey Point',
  schema: surveyEntryInputSchema,
  Fields: SurveyFields,
};
