import { Button, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** A modal of the reports list (Settings, Offline Setup): its rows one above the other, Close last. */
export function ListModal({
  title,
  opened,
  onClose,
  children,
}: {
  title: string;
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="md">
      <Stack gap="md">
        {children}
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Stack>
    </Modal>
  );
}
