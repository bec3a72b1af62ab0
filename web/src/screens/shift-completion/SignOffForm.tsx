import { Button, Checkbox, List, Paper, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { signOffInputSchema, type SignOffInput } from '@plod/model';

/** What the person submitting signs for. */
export const CERTIFICATIONS = [
  'All drilling depths and runs recorded are accurate',
  'Crew hours in the timesheet are complete and correct',
  'Survey, maintenance and hire tool records are complete',
  'Safety procedures were followed and any incidents reported',
] as const;

export const CERTIFY_REQUIRED = 'Tick the certification to submit';

interface SignOffValues {
  finalNotes: string;
  signedBy: string;
  certified: boolean;
}

export interface SignOffFormProps {
  defaultName: string;
  submitting: boolean;
  disabled: boolean;
  onSubmit: (input: SignOffInput) => void;
}

export function SignOffForm({ defaultName, submitting, disabled, onSubmit }: SignOffFormProps) {
  const schemaErrors = schemaResolver(signOffInputSchema, { sync: true });
  const form = useForm<SignOffValues>({
    initialValues: { finalNotes: '', signedBy: defaultName, certified: false },
    validate: (values) => ({
      ...schemaErrors(values),
      ...(values.certified ? {} : { certified: CERTIFY_REQUIRED }),
    }),
  });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Final Notes & Sign-off">
      <form onSubmit={form.onSubmit((v) => onSubmit(signOffInputSchema.parse(v)))}>
        <Stack gap="md">
          <Title order={2} fz={20}>
            Final Notes & Sign-off
          </Title>
          <Textarea
            label="Final Notes"

            rows={3}
            {...form.getInputProps('finalNotes')}
          />
          <TextInput label="Signed by" {...form.getInputProps('signedBy')} />
          <List spacing={4} size="md" data-testid="certifications">
            {CERTIFICATIONS.map((c) => (
              <List.Item key={c}>{c}</List.Item>
            ))}
          </List>
          <Checkbox
            label="I certify the statements above"
            {...form.getInputProps('certified', { type: 'checkbox' })}
          />
          <Button type="submit" size="xl" color="green" disabled={disabled || submitting}>
            {submitting ? 'Submitting Report...' : 'Submit Shift Report'}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
