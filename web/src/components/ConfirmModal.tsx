import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useCallback, useState, type ReactNode } from 'react';

export interface ConfirmRequest {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void | Promise<void>;
}

/**
 * SPEC 8 confirmations: nothing is deleted, rotated or revoked until the person says so. `ask`
 * opens the modal; the request stays shown while the modal closes, so its text never blinks out.
 */
export function useConfirm(): { ask: (request: ConfirmRequest) => void; modal: ReactNode } {
  const [state, setState] = useState<{ request: ConfirmRequest | null; opened: boolean }>({
    request: null,
    opened: false,
  });
  const ask = useCallback((request: ConfirmRequest) => setState({ request, opened: true }), []);
  const close = () => setState((s) => ({ ...s, opened: false }));
  const { request, opened } = state;
  const modal = (
    <Modal opened={opened} onClose={close} title={request?.title} centered>
      <Stack>
        <Text>{request?.message}</Text>
        <Group grow>
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            color="red"
            onClick={() => {
              close();
              void request?.onConfirm();
            }}
          >
            {request?.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  return { ask, modal };
}
