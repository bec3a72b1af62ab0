import { Text } from '@mantine/core';

/** One figure of a hole, its name above it in small capitals (bold in the hole's status card). */
export function HoleFact({
  label,
  value,
  strong = false,
}: {
  label: string;
  value: string;
  strong?: boolean;
}) {
  return (
    <div>
      <Text size="sm" c="gray.8" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="md" fw={strong ? 600 : undefined}>
        {value}
      </Text>
    </div>
  );
}
