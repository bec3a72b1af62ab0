import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled part of the plod; `name` gives it a test id and a print hook. */
export function Section({
  title,
  name,
  children,
}: {
  title: string;
  name: string;
  children: ReactNode;
}) {
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-label={title}
      data-testid={`report-${name}`}
      className="plod-section"
    >
      <Title order={2} fz={20} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
