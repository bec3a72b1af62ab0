import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export const DELETE_CONFIRMATION = 'Are you sure you want to delete this report?';

/** SPEC 2 delete confirmation; its own module so the list loads Modal only once a delete is asked for. */
export default function DeleteReportModal({
  opened,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Delete report">
      <Stack>
        <Text>{DELETE_CONFIRMATION}</Text>
        <Group grow>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
