import { Button } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { nextShiftStep } from '../routes/shift-steps';
import { useCurrentReportId } from '../session/current-report';

/** "Next: Timesheets" at the foot of each step of a shift, while a plod is open. */
export function NextStep() {
  const { pathname } = useLocation();
  const current = useCurrentReportId();
  const next = nextShiftStep(pathname);
  if (!next || (!current && !pathname.startsWith('/plods/'))) return null;
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
