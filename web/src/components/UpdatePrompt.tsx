import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { dismissUpdate, useUpdateOffer } from '../app/update';

/**
 * "A new version is ready: Reload". Shown in the page (above the screen, covering nothing) once a
 * new version has installed; the app changes version only when the person taps Reload, so a
 * half-filled form is never reloaded away.
 */
export function UpdatePrompt() {
  const apply = useUpdateOffer();
  const [reloading, setReloading] = useState(false);
  if (!apply) return null;
  return (
    <Alert color="blue" variant="light" mb="md" data-testid="update-prompt" role="status">
      <Group justify="space-between" gap="xs">
        <Text fw={700}>A new version is ready</Text>
        <Group gap="xs" wrap="nowrap">
          <Button variant="default" onClick={dismissUpdate} disabled={reloading}>
            Later
          </Button>
          <Button
            color="blue"
            loading={reloading}
            onClick={() => {
              setReloading(true);
              void apply();
            }}
          >
            Reload
          </Button>
        </Group>
      </Group>
      <Text size="sm" mt={4}>
        Finish what you are typing first: Reload starts the new version on this screen.
      </Text>
    </Alert>
  );
}
