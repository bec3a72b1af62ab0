import { Button, Group, Modal, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

export interface FormModalProps {
  opened: boolean;
  title: string;
  /** "Create" for a new entry, "Save" for a change. */
  submitLabel: string;
  submitDisabled?: boolean;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  children: ReactNode;
}

/** An add or edit modal: its fields, then Cancel and the submit button. */
export function FormModal(props: FormModalProps) {
  return (
    <Modal opened={props.opened} onClose={props.onCancel} title={props.title} centered>
      <form onSubmit={props.onSubmit} noValidate>
        <Stack gap="md">
          {props.children}
          <Group grow>
            <Button variant="default" onClick={props.onCancel}>
              Cancel
            </Button>
            <Button type="submit" disabled={props.submitDisabled}>
              {props.submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
