import { Button, Card, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  DEFAULT_HOLE_AZIMUTH,
  DEFAULT_HOLE_CONSTANT_STICK_UP,
  DEFAULT_HOLE_DIP,
  DEFAULT_HOLE_TARGET_DEPTH,
  canStartDrilling,
  holeConfigInputSchema,
  type HoleConfigInput,
} from '@plod/model';
import { useEffect } from 'react';

export interface NewHoleFormProps {
  suggestedHoleId: string;
  onStart(config: HoleConfigInput): void;
  onCancel?: () => void;
  error: string | null;
}

interface NewHoleValues {
  holeId: string;
  dip: string;
  azimuth: string;
  targetDepth: string;
  constantStickUp: string;
  hasOriExtension: boolean;
}

/** SPEC's Setup New Diamond Drilling Hole form; blank or non-numeric numbers take the defaults. */
export function NewHoleForm({ suggestedHoleId, onStart, onCancel, error }: NewHoleFormProps) {
  const form = useForm<NewHoleValues>({
    initialValues: {
      holeId: suggestedHoleId,
      dip: String(DEFAULT_HOLE_DIP),
      azimuth: String(DEFAULT_HOLE_AZIMUTH),
      targetDepth: String(DEFAULT_HOLE_TARGET_DEPTH),
      constantStickUp: String(DEFAULT_HOLE_CONSTANT_STICK_UP),
      hasOriExtension: false,
    },
  });
  // The register may sync after the form opened: follow the suggestion until the person edits it.
  // Mantine keeps these two functions stable; the form object itself is new on every render.
  const { isTouched, setFieldValue } = form;
  useEffect(() => {
    if (!isTouched('holeId')) setFieldValue('holeId', suggestedHoleId);
  }, [suggestedHoleId, isTouched, setFieldValue]);
  const submit = form.onSubmit((values) => {
    const parsed = holeConfigInputSchema.safeParse(values);
    if (parsed.success) onStart(parsed.data);
    else form.setFieldError('holeId', parsed.error.issues[0]?.message ?? 'Invalid hole');
  });
  return (
    <Card withBorder component="form" onSubmit={submit} noValidate data-testid="new-hole-form">
      <Title order={2} fz={20} mb="sm">
        Setup New Diamond Drilling Hole
      </Title>
      <Stack gap="md">
        <TextInput
          label="Hole ID"
          size="md"
          autoCapitalize="characters"
          {...form.getInputProps('holeId')}
        />
        <Group grow align="flex-start">
          <TextInput label="Dip" size="md" inputMode="decimal" {...form.getInputProps('dip')} />
          <TextInput
            label="Azimuth"
            size="md"
            inputMode="decimal"
            {...form.getInputProps('azimuth')}
          />
        </Group>
        <Group grow align="flex-start">
          <TextInput
            label="Target Depth"
            size="md"
            inputMode="decimal"
            rightSection={<Text size="sm">m</Text>}
            {...form.getInputProps('targetDepth')}
          />
          <TextInput
            label="Constant Stick-up"
            size="md"
            inputMode="decimal"
            rightSection={<Text size="sm">m</Text>}
            {...form.getInputProps('constantStickUp')}
          />
        </Group>
        <Checkbox
          label="Use Ori Tool"
          size="md"
          {...form.getInputProps('hasOriExtension', { type: 'checkbox' })}
        />
        {error && (
          <Text c="red" size="md" role="alert">
            {error}
          </Text>
        )}
        <Group grow>
          {onCancel && (
            <Button size="lg" variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" size="lg" disabled={!canStartDrilling(form.values.holeId)}>
            Start Drilling
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
