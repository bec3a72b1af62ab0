import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ScreenHeader } from '../../components/ScreenHeader';
import { usePlodPath } from './plod-context';

/**
 * A part's screen title, Back to the plod, and under it the part's figure line (its test id
 * `testId`) once the plod has loaded.
 */
export function PlodScreenHeader({
  title,
  loading,
  testId,
  children,
}: {
  title: string;
  loading: boolean;
  testId: string;
  children: ReactNode;
}) {
  const path = usePlodPath();
  return (
    <ScreenHeader
      title={title}
      backTo={path()}
      subtitle={
        loading ? undefined : (
          <Text fw={600} data-testid={testId}>
            {children}
          </Text>
        )
      }
    />
  );
}
