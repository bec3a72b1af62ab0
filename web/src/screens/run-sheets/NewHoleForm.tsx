import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  DEFAULT_HOLE_AZIMUTH,
  DEFAULT_HOLE_CONSTANT_STICK_UP,
  DEFAULT_HOLE_DIP,
  DEFAULT_HOLE_TARGET_DEPTH,
  canStartDrilling,
  checkHoleForm,
  formatDepth,
  type HoleConfigInput,
  type HoleFormErrors,
  type HoleFormValues,
} from '@plod/model';
import { useState, type ChangeEvent } from 'react';
import type { HoleCandidate } from './continue-hole';
import { SignedDecimalInput } from './SignedDecimalInput';

export interface NewHoleFormProps {
  suggestedHoleId: string;
  /** Holes that can be continued (this plod's and the register's not yet complete). */
  candidates: readonly HoleCandidate[];
  /** Every label in the hole register, complete holes included. */
  registeredIds: readonly string[];
  /** Returns an error to show, or null once the hole is started. */
  onStart(config: HoleConfigInput): string | null;
  onContinue(candidate: HoleCandidate): void;
  onOpenContinue(): void;
  onCancel?: () => void;
}

const metres = <Text size="md">m</Text>;

/**
 * SPEC's Setup New Diamond Drilling Hole form. Blank numbers take the defaults shown as
 * placeholders; anything else that is not a number in range is an error beside its field. A hole
 * id that already exists leads to continuing that hole, from any earlier plod.
 */
export function NewHoleForm(props: NewHoleFormProps) {
  const { suggestedHoleId, candidates, registeredIds } = props;
  const [values, setValues] = useState<HoleFormValues>({
    holeId: '',
    dip: String(DEFAULT_HOLE_DIP),
    azimuth: String(DEFAULT_HOLE_AZIMUTH),
    targetDepth: String(DEFAULT_HOLE_TARGET_DEPTH),
    constantStickUp: String(DEFAULT_HOLE_CONSTANT_STICK_UP),
    hasOriExtension: false,
  });
  // The suggestion follows the register (it may sync after the form opened) until the person types.
  const [typedId, setTypedId] = useState(false);
  const holeId = typedId ? values.holeId : suggestedHoleId;
  const [errors, setErrors] = useState<HoleFormErrors>({});
  const [startError, setStartError] = useState<string | null>(null);
  const set = (patch: Partial<HoleFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors({});
    setStartError(null);
  };
  const typed = holeId.trim();
  const existing = candidates.find((c) => c.holeId === typed);
  const complete = !existing && registeredIds.includes(typed);
  const continuable = candidates.filter((c) => !c.inReport);

  const submit = () => {
    const checked = checkHoleForm({ ...values, holeId });
    setErrors(checked.errors);
    if (checked.config) setStartError(props.onStart(checked.config));
  };
  const field = (name: keyof HoleFormValues) => ({
    size: 'lg' as const,
    error: errors[name],
  });
  /** A number typed on the decimal keypad, checked when the hole is started. */
  const decimal = (name: 'azimuth' | 'targetDepth' | 'constantStickUp') => ({
    ...field(name),
    inputMode: 'decimal' as const,
    autoComplete: 'off',
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set({ [name]: e.currentTarget.value }),
  });
  return (
    <Card withBorder data-testid="new-hole-form">
      <Title order={2} fz={20} mb="sm">
        Setup New Diamond Drilling Hole
      </Title>
      <Stack gap="md">
        {continuable.length > 0 && (
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="md">Carrying on a hole from an earlier shift?</Text>
            <Button size="lg" variant="default" onClick={props.onOpenContinue}>
              Continue Previous Hole
            </Button>
          </Group>
        )}
        <TextInput
          label="Hole ID"
          autoCapitalize="characters"
          autoComplete="off"
          value={holeId}
          onChange={(e) => {
            setTypedId(true);
            set({ holeId: e.currentTarget.value });
          }}
          {...field('holeId')}
        />
        {existing && (
          <Alert color="blue" variant="light" title={`${existing.holeId} already exists`}>
            <Stack gap="sm">
              <Text size="md">
                {existing.inReport
                  ? 'It is already in this plod.'
                  : `It is at ${formatDepth(existing.currentDepth)} m of ${formatDepth(existing.targetDepth)} m. Continue it from there, at run ${existing.start.startRunNumber}.`}
              </Text>
              <Button
                size="lg"
                fullWidth
                h="auto"
                py="xs"
                styles={{ label: { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
                onClick={() => props.onContinue(existing)}
              >
                Continue {existing.holeId}
              </Button>
            </Stack>
          </Alert>
        )}
        {complete && (
          <Text size="md" c="red.9" role="status">
            {typed} is complete. Use another hole ID.
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <SignedDecimalInput
            label="Dip"
            description="Degrees, -90 to 90"
            placeholder={String(DEFAULT_HOLE_DIP)}
            value={values.dip}
            onChange={(dip) => set({ dip })}
            {...field('dip')}
          />
          <TextInput
            label="Azimuth"
            description="Degrees, 0 to 360"
            placeholder={String(DEFAULT_HOLE_AZIMUTH)}
            {...decimal('azimuth')}
          />
          <TextInput
            label="Target Depth"
            description="Metres"
            placeholder={String(DEFAULT_HOLE_TARGET_DEPTH)}
            rightSection={metres}
            {...decimal('targetDepth')}
          />
          <TextInput
            label="Constant Stick-up"
            description={`Metres, taken off the first run. Default ${DEFAULT_HOLE_CONSTANT_STICK_UP} m.`}
            placeholder={String(DEFAULT_HOLE_CONSTANT_STICK_UP)}
            rightSection={metres}
            {...decimal('constantStickUp')}
          />
        </SimpleGrid>
        <Checkbox
          label="Use Ori Tool"
          size="md"
          checked={values.hasOriExtension}
          onChange={(e) => set({ hasOriExtension: e.currentTarget.checked })}
        />
        {startError && (
          <Text c="red.9" size="md" role="alert">
            {startError}
          </Text>
        )}
        <Group grow>
          {props.onCancel && (
            <Button size="lg" variant="default" onClick={props.onCancel}>
              Cancel
            </Button>
          )}
          <Button
            size="lg"
            onClick={submit}
            disabled={!canStartDrilling(holeId) || Boolean(existing) || complete}
          >
            Start Drilling
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
