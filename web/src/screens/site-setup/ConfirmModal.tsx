import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export interface ConfirmRequest {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void | Promise<void>;
}

/** SPEC 8 confirmations: nothing is deleted, rotated or revoked until the person says so here. */
export function ConfirmModal({
  request,
  onClose,
}: {
  request: ConfirmRequest | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={request !== null} onClose={onClose} title={request?.title} centered>
      <Stack>
        <Text>{request?.message}</Text>
        <Group grow>
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            onClick={() => {
              const confirm = request?.onConfirm;
              onClose();
              void confirm?.();
            }}
          >
            {request?.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
