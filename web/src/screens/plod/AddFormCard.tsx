import { Button, Card, Group, Stack, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

export interface AddFormCardProps {
  title: string;
  submitLabel: string;
  submitDisabled?: boolean;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  children: ReactNode;
}

/** The inline add form of the list screens: fields, then Cancel and the add button. */
export function AddFormCard(props: AddFormCardProps) {
  return (
    <Card mb="md" component="section" aria-label={props.title}>
      <form onSubmit={props.onSubmit}>
        <Stack gap="md">
          <Title order={2} fz={20}>
            {props.title}
          </Title>
          {props.children}
          <Group wrap="nowrap">
            <Button variant="default" onClick={props.onCancel}>
              Cancel
            </Button>
            {/* The add button takes the rest of the row, so a long label is never cut on a phone. */}
            <Button type="submit" disabled={props.submitDisabled} style={{ flex: 1 }}>
              {props.submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
