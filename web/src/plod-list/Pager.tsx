import { Group, Pagination, Text } from '@mantine/core';
import type { Paged } from './filter';

/** "26-50 of 111" and the page buttons, when there is more than one page. */
export function Pager({
  paged,
  onPage,
  noun = 'plods',
}: {
  paged: Paged<unknown>;
  onPage: (page: number) => void;
  noun?: string;
}) {
  return (
    <Group justify="space-between" gap="sm" my="md" data-testid="pager">
      <Text size="md" data-testid="page-range">
        {paged.total === 0
          ? `No ${noun}`
          : paged.total === 1
            ? `1 of 1 ${noun.replace(/s$/, '')}`
            : `${paged.first}-${paged.last} of ${paged.total} ${noun}`}
      </Text>
      {paged.pages > 1 && (
        <Pagination
          total={paged.pages}
          value={paged.page}
          onChange={onPage}
          size="lg"
          siblings={1}
          boundaries={1}
          getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
          getControlProps={(control) =>
            control === 'previous'
              ? { 'aria-label': 'Previous page' }
              : control === 'next'
                ? { 'aria-label': 'Next page' }
                : {}
          }
        />
      )}
    </Group>
  );
}
