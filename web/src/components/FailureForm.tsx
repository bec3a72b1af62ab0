import { Alert, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

/** A form's fields in a column, with its last failure (when there is one) in an alert above them. */
export function FailureForm({
  onSubmit,
  failure,
  children,
}: {
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  failure: string | null;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        {children}
      </Stack>
    </form>
  );
}
