import { Button } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { nextShiftStep } from '../routes/shift-steps';

/** "Next: Timesheets" at the foot of each step of a shift (rendered by the plod's gate). */
export function NextStep() {
  const { pathname } = useLocation();
  const next = nextShiftStep(pathname);
  if (!next) return null;
  return (
    <Button
      component={Link}
      to={next.to}
      variant="light"
      size="lg"
      fullWidth
      mt="xl"
      rightSection="›"
      data-testid="next-step"
    >
      Next: {next.label}
    </Button>
  );
}
