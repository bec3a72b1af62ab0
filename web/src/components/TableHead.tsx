import { Table } from '@mantine/core';

/**
 * A table's header row from its column names ('' for a column without one, as a row's button);
 * the columns named in `right` (figures) are aligned right.
 */
export function TableHead({
  columns,
  right = [],
}: {
  columns: readonly string[];
  right?: readonly string[];
}) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column, i) => (
          <Table.Th key={i} ta={right.includes(column) ? 'right' : undefined}>
            {column}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
