import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export interface ConfirmModalProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
}

/** A yes/no question before something that cannot be undone (SPEC 8 "Confirmations"). */
export function ConfirmModal(props: ConfirmModalProps) {
  return (
    <Modal opened={props.opened} onClose={props.onCancel} title={props.title} centered>
      <Stack>
        <Text>{props.message}</Text>
        <Group grow>
          <Button variant="default" onClick={props.onCancel}>
            Cancel
          </Button>
          <Button color="red" onClick={props.onConfirm}>
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** SPEC 8: deleting a site warns that its rigs, crew and tools go with it. */
export function deleteSiteMessage(siteName: string): string {
  return `Are you sure you want to delete the site "${siteName}"? This also deletes its rigs, crew members and hire tools.`;
}

/** SPEC 8's manual cleanup question, with the site's own cleanup days in place of 30. */
export function cleanupMessage(days: number): string {
  const age = days === 1 ? '1 day' : `${days} days`;
  return `Are you sure you want to permanently delete old reports marked as deleted more than ${age} ago? This cannot be undone.`;
}
