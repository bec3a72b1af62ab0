import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import {
  DEFAULT_VARIABLE_STICK_UP,
  checkRunForm,
  formatPercent,
  runRecoveryPercent,
  runBarrelMetres,
  runQuestionMessage,
  runQuestions,
  type RunContext,
  type RunFormValues,
  type RunInput,
  type RunStyle,
} from '@plod/model';
import { useState, type ReactNode } from 'react';

/** Where a run would go: its number, depths and length. */
export interface RunPreview {
  runNumber: number;
  fromDepth: number;
  toDepth: number;
  length: number;
}

export interface RunFormProps {
  style: RunStyle;
  /** Where the run is measured (first of the hole or not), for the stick-up range. */
  context: RunContext;
  initial?: Partial<RunFormValues>;
  targetDepth: number;
  preview: (input: RunInput) => RunPreview;
  renderPreview: (preview: RunPreview | null) => ReactNode;
  submitLabel: string;
  pendingLabel?: string;
  /** Returns false when the run could not be saved (the form then stays as it is). */
  onSubmit: (input: RunInput) => boolean;
  onCancel?: () => void;
}

/**
 * A run's gray preview card: its lines once the stick-up reads as a number, else a note asking for
 * one.
 */
export function RunPreviewCard({
  title,
  testId,
  children,
}: {
  title: string;
  testId: string;
  /** The preview's lines; none while there is no run to show. */
  children: ReactNode | null;
}) {
  return (
    <Card withBorder bg="gray.0" data-testid={testId}>
      <Text fw={700} mb={4}>
        {title}
      </Text>
      {children ? (
        <Stack gap={2}>{children}</Stack>
      ) : (
        <Text size="md">Enter a valid stick-up to see the run.</Text>
      )}
    </Card>
  );
}

/** Was a rod added, as each run screen asks it (the run sheet's words, the add-run screen's). */
const ROD_QUESTION: Record<
  RunStyle,
  { label: string; yes: { value: string; label: string }; no: { value: string; label: string } }
> = {
  'run-sheet': {
    label: 'Was a rod added?',
    yes: { value: 'yes', label: 'Yes - Rod Added' },
    no: { value: 'no', label: 'No - No Rod' },
  },
  'add-run': {
    label: 'Run Type',
    yes: { value: 'rod', label: 'Rod Added' },
    no: { value: 'no-rod', label: 'No Rod Added' },
  },
};

/** A length in metres, typed (a phone's decimal keypad), with its unit beside it. */
function MetresInput({
  onChange,
  ...props
}: {
  label: string;
  description: string;
  value: string | undefined;
  onChange: (value: string) => void;
  error?: string | null;
}) {
  return (
    <TextInput
      {...props}
      size="md"
      inputMode="decimal"
      autoComplete="off"
      rightSection={<Text size="md">m</Text>}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

/**
 * The run form of both run screens: the stick-up must be a number from 0 to the barrel (an error
 * beside the field otherwise, and no run), refusals keep the button disabled with their reason, and
 * a 0 m run or one past the target depth is asked about before it is saved. The recovered core is
 * optional; more than the run drills is an error beside it (the model's one recovery rule).
 */
export function RunForm(props: RunFormProps) {
  const { style, context, targetDepth } = props;
  const [values, setValues] = useState<RunFormValues>({
    rodAdded: true,
    stickUp: String(DEFAULT_VARIABLE_STICK_UP),
    oriToolUsed: false,
    notes: '',
    recoveredLength: '',
    ...props.initial,
  });
  const [asking, setAsking] = useState<string[] | null>(null);
  const [pending, setPending] = useState(false);
  const set = (patch: Partial<RunFormValues>) => {
    setAsking(null);
    setValues((v) => ({ ...v, ...patch }));
  };
  const check = checkRunForm(style, values, context);
  const preview = check.input ? props.preview(check.input) : null;
  const save = () => {
    if (!check.input) return;
    setPending(true);
    if (!props.onSubmit(check.input)) setPending(false);
  };
  const submit = () => {
    if (!check.input || !preview) return;
    const questions = runQuestions(preview, targetDepth);
    if (questions.length === 0) save();
    else setAsking(questions.map((q) => runQuestionMessage(q, preview, targetDepth)));
  };
  // One rule on both screens: a run without a rod drills the previous run's stick-up, so no stick-up
  // is asked for it.
  const showStickUp = values.rodAdded;
  const rod = ROD_QUESTION[style];
  const barrel = runBarrelMetres(context);
  const recoveredLength = check.input?.recoveredLength ?? null;
  const recovery =
    preview && recoveredLength !== null
      ? runRecoveryPercent({ recoveredLength, length: preview.length })
      : null;
  return (
    <Stack gap="md">
      <Radio.Group
        label={rod.label}
        size="md"
        value={values.rodAdded ? rod.yes.value : rod.no.value}
        onChange={(v) => set({ rodAdded: v === rod.yes.value })}
      >
        <Stack gap="sm" mt="xs">
          <Radio {...rod.yes} size="md" />
          <Radio {...rod.no} size="md" disabled={context.isFirstOfHole} />
        </Stack>
      </Radio.Group>
      {showStickUp && (
        <MetresInput
          label={style === 'run-sheet' ? 'Variable Stick-up (m)' : 'Stick-Up (m)'}
          description={`Metres, 0 to ${barrel} m. Default ${DEFAULT_VARIABLE_STICK_UP} m.`}
          value={values.stickUp}
          onChange={(stickUp) => set({ stickUp })}
          error={check.stickUpError}
        />
      )}
      {style === 'run-sheet' && (
        <Checkbox
          label="Ori Tool Used (+0.4m)"
          size="md"
          checked={values.oriToolUsed}
          onChange={(e) => set({ oriToolUsed: e.currentTarget.checked })}
        />
      )}
      <MetresInput
        label="Recovered Core (m)"
        description={
          recovery === null
            ? 'Core in the trays for this run. Leave blank if not measured.'
            : `Recovery ${formatPercent(recovery)} of the run`
        }
        value={values.recoveredLength}
        onChange={(recoveredLength) => set({ recoveredLength })}
        error={check.recoveredError}
      />
      <Textarea
        label={style === 'run-sheet' ? 'Notes' : 'Notes (Optional)'}
        size="md"
        value={values.notes}
        onChange={(e) => set({ notes: e.currentTarget.value })}
      />
      {props.renderPreview(preview)}
      {check.refusal && (
        <Text size="md" c="red.9" role="status" data-testid="run-refusal">
          {check.refusal}
        </Text>
      )}
      {asking ? (
        <Alert color="orange" variant="light" title="Check this run" data-testid="run-question">
          <Stack gap="sm">
            {asking.map((message) => (
              <Text key={message} size="md">
                {message}
              </Text>
            ))}
            <Text size="md">Save it anyway?</Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
              <Button size="lg" variant="default" onClick={() => setAsking(null)}>
                Go Back
              </Button>
              <Button size="lg" color="orange.9" onClick={save} disabled={pending}>
                Save Anyway
              </Button>
            </SimpleGrid>
          </Stack>
        </Alert>
      ) : (
        <Group grow>
          {props.onCancel && (
            <Button size="lg" variant="default" onClick={props.onCancel}>
              Cancel
            </Button>
          )}
          <Button size="lg" disabled={!check.input || pending} onClick={submit}>
            {pending && props.pendingLabel ? props.pendingLabel : props.submitLabel}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
