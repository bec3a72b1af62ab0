import {
  Badge,
  Button,
  Group,
  Popover,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { setDeviceName, useDeviceName } from '../session/device-name';
import { usePresence } from '../sync/presence';

export interface PresenceBarProps {
  /** The document everyone here has open. */
  docName: string;
  /** This screen's name, as the others see it. */
  screen: string;
}

/** Who else has this report open, and where; the person can rename this phone from here. */
export function PresenceBar({ docName, screen }: PresenceBarProps) {
  const name = useDeviceName();
  const peers = usePresence(docName, name, screen);
  const [draft, setDraft] = useState(name);
  const [open, setOpen] = useState(false);
  return (
    <Group gap={6} mb="sm" wrap="wrap" data-testid="presence-bar" aria-label="Who is here">
      <Popover opened={open} onChange={setOpen} position="bottom-start" withArrow trapFocus>
        <Popover.Target>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => {
              setDraft(name);
              setOpen((o) => !o);
            }}
          >
            You: {name}
            <VisuallyHidden>, change name</VisuallyHidden>
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              setDeviceName(draft);
              setOpen(false);
            }}
          >
            <Stack gap="xs">
              <TextInput
                label="Your name on other phones"
                value={draft}
                onChange={(e) => setDraft(e.currentTarget.value)}
                maxLength={40}
              />
              <Button type="submit" disabled={!draft.trim()}>
                Save name
              </Button>
            </Stack>
          </form>
        </Popover.Dropdown>
      </Popover>
      {peers.length === 0 ? (
        <Text size="sm" c="dimmed">
          No one else here
        </Text>
      ) : (
        peers.map((peer) => (
          <Badge
            key={peer.clientId}
            variant="light"
            color="blue"
            size="lg"
            tt="none"
            data-testid="presence-peer"
          >
            {peer.name} · {peer.screen}
          </Badge>
        ))
      )}
    </Group>
  );
}
