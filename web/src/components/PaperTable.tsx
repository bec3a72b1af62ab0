import { Paper, Table, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A wide screen's striped table in a bordered paper: its head, then its rows; given a `minWidth`,
 * it scrolls sideways when narrower.
 */
export function PaperTable({
  minWidth,
  head,
  children,
  ...props
}: TableProps & { minWidth?: number; head: ReactNode; children: ReactNode }) {
  const table = (
    <Table striped {...props}>
      {head}
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  );
  return (
    <Paper withBorder radius="md">
      {minWidth === undefined ? (
        table
      ) : (
        <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer>
      )}
    </Paper>
  );
}
