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
          <Group wrap="nowrap">
            <Button variant="default" onClick={props.onCancel}>
              Cancel
            </Button>
            {/* The submit button takes the rest of the row: "Save Changes" is never cut on a phone. */}
            <Button type="submit" disabled={props.submitDisabled} style={{ flex: 1 }}>
              {props.submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
