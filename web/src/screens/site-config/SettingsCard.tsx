import { Card, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled card of a site's settings; its title also names the section for a screen reader. */
export function SettingsCard({
  title,
  order = 3,
  modal,
  children,
}: {
  title: string;
  /** 2 for a card that stands on its own, 3 for one within a site's settings. */
  order?: 2 | 3;
  /** The card's confirm modal, if it asks before a change. */
  modal?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder component="section" aria-label={title}>
      <Stack>
        <Title order={order} fz={order === 2 ? 22 : 18}>
          {title}
        </Title>
        {children}
      </Stack>
      {modal}
    </Card>
  );
}
