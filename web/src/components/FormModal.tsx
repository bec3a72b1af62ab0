import { Button, Group, Modal, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

/** A form's title, its fields (children), and what its Cancel and submit buttons do. */
export interface FormFrameProps {
  title: string;
  /** "Create" for a new entry, "Save" for a change. */
  submitLabel: string;
  submitDisabled?: boolean;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  children: ReactNode;
}

export interface FormModalProps extends FormFrameProps {
  opened: boolean;
}

/** A form's last row: Cancel, then the submit button. */
export function FormButtons({
  submitLabel,
  submitDisabled,
  onCancel,
}: Pick<FormFrameProps, 'submitLabel' | 'submitDisabled' | 'onCancel'>) {
  return (
    <Group wrap="nowrap">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      {/* The submit button takes the rest of the row, so a long label is never cut on a phone. */}
      <Button type="submit" disabled={submitDisabled} style={{ flex: 1 }}>
        {submitLabel}
      </Button>
    </Group>
  );
}

/** An add or edit modal: its fields, then Cancel and the submit button. */
export function FormModal(props: FormModalProps) {
  return (
    <Modal opened={props.opened} onClose={props.onCancel} title={props.title} centered>
      <form onSubmit={props.onSubmit} noValidate>
        <Stack gap="md">
          {props.children}
          <FormButtons {...props} />
        </Stack>
      </form>
    </Modal>
  );
}
