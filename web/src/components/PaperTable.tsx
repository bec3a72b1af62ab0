import { Paper, Table, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A wide screen's striped table in a bordered paper, scrolling sideways when narrower than
 * `minWidth`: its head, then its rows.
 */
export function PaperTable({
  minWidth,
  head,
  children,
  ...table
}: TableProps & { minWidth: number; head: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={minWidth}>
        <Table striped {...table}>
          {head}
          <Table.Tbody>{children}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
