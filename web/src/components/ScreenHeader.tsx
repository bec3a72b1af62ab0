import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SyncIndicator } from './SyncIndicator';

export interface ScreenHeaderProps {
  title: string;
  subtitle?: ReactNode;
  /** Where Back goes; no Back button when absent. */
  backTo?: string;
  backLabel?: string;
  /** Extra controls beside the sync indicator. */
  actions?: ReactNode;
  withSync?: boolean;
}

export function ScreenHeader({
  title,
  subtitle,
  backTo,
  backLabel = 'Back',
  actions,
  withSync = true,
}: ScreenHeaderProps) {
  return (
    <Stack gap="xs" mb="lg" component="header">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        {backTo ? (
          <Button component={Link} to={backTo} variant="subtle" px="xs" leftSection="‹">
            {backLabel}
          </Button>
        ) : (
          <span />
        )}
        <Group gap="xs" wrap="nowrap">
          {actions}
          {withSync && <SyncIndicator />}
        </Group>
      </Group>
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {title}
      </Title>
      {subtitle && (
        // A subtitle given as an element (a Text of its own) goes in a div: a <p> in a <p> is not HTML.
        <Text c="dimmed" size="md" component={typeof subtitle === 'string' ? 'p' : 'div'}>
          {subtitle}
        </Text>
      )}
    </Stack>
  );
}
