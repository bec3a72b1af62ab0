import { Button, Checkbox, List, Paper, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { SIGN_OFF_CERTIFICATIONS, signOffInputSchema, type SignOffInput } from '@plod/model';
import { SignaturePadField } from './SignaturePadField';

/** What the person submitting signs for (the report view and the PDF print the same list). */
export const CERTIFICATIONS = SIGN_OFF_CERTIFICATIONS;

export const CERTIFY_REQUIRED = 'Tick the certification to submit';

interface SignOffValues {
  finalNotes: string;
  signedBy: string;
  certified: boolean;
  /** The finger signature's stored path; empty until the signer draws. */
  signature: string;
}

export interface SignOffFormProps {
  defaultName: string;
  submitting: boolean;
  disabled: boolean;
  onSubmit: (input: SignOffInput) => void;
  /**
   * Asked before the fields are checked: false stops the submission (the screen says why), so a
   * plod with no shift details is refused before the signer is asked to sign.
   */
  canSubmit?: () => boolean;
}

export function SignOffForm({
  defaultName,
  submitting,
  disabled,
  onSubmit,
  canSubmit = () => true,
}: SignOffFormProps) {
  const schemaErrors = schemaResolver(signOffInputSchema, { sync: true });
  const form = useForm<SignOffValues>({
    initialValues: { finalNotes: '', signedBy: defaultName, certified: false, signature: '' },
    validate: (values) => ({
      ...schemaErrors(values),
      ...(values.certified ? {} : { certified: CERTIFY_REQUIRED }),
    }),
  });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Final Notes & Sign-off">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!canSubmit()) return;
          form.onSubmit((v) => onSubmit(signOffInputSchema.parse(v)))(event);
        }}
      >
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
          <SignaturePadField
            disabled={disabled || submitting}
            error={typeof form.errors.signature === 'string' ? form.errors.signature : null}
            onChange={(path) => {
              form.setFieldValue('signature', path ?? '');
              form.clearFieldError('signature');
            }}
          />
          <Button type="submit" size="xl" color="green" disabled={disabled || submitting}>
            {submitting ? 'Submitting Report...' : 'Submit Shift Report'}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
