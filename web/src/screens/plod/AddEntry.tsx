import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A part's add button, which the add form replaces while it is open (hire tools, survey,
 * maintenance). Nothing on a read-only plod.
 */
export function InlineAdd({
  readOnly,
  adding,
  label,
  onOpen,
  form,
}: {
  readOnly: boolean;
  adding: boolean;
  label: string;
  onOpen: () => void;
  form: ReactNode;
}) {
  if (readOnly) return null;
  if (adding) return <>{form}</>;
  return (
    <Button fullWidth mb="md" onClick={onOpen}>
      {label}
    </Button>
  );
}

/** A part's add button that opens the add modal (consumables, downtime). Nothing on a read-only plod. */
export function AddButton({
  readOnly,
  label,
  onClick,
  disabled,
}: {
  readOnly: boolean;
  label: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  if (readOnly) return null;
  return (
    <Group mb="md">
      <Button onClick={onClick} disabled={disabled} style={{ flex: 1 }}>
        {label}
      </Button>
    </Group>
  );
}
