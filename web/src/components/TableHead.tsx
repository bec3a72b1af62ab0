import { Table } from '@mantine/core';

/** A table's header row from its column names ('' for a column without one, as a row's button). */
export function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column, i) => (
          <Table.Th key={i}>{column}</Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
