import { Alert, Text } from '@mantine/core';
import { ScreenHeader, type ScreenHeaderProps } from './ScreenHeader';

export interface ScreenPlaceholderProps extends ScreenHeaderProps {
  /** What the finished screen will do, in the crew's words. */
  arriving: string;
}

/**
 * PLACEHOLDER for a screen that needs the domain model (model/), which is still being built.
 * Each such screen has its own file rendering this, so filling it in never touches the router.
 */
export function ScreenPlaceholder({ arriving, ...header }: ScreenPlaceholderProps) {
  return (
    <>
      <ScreenHeader {...header} />
      <Alert
        color="gray"
        variant="light"
        title="This screen is on its way"
        data-testid="screen-placeholder"
      >
        <Text size="md">{arriving}</Text>
      </Alert>
    </>
  );
}
