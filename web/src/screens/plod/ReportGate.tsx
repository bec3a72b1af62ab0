import { Alert, Button, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ScreenHeader, type ScreenHeaderProps } from '../../components/ScreenHeader';
import { useCurrentReportDoc } from './useReport';

export const NO_REPORT_TITLE = 'No report open';

/** What a report screen shows when no report has been opened on this device. */
export function NoReport(header: ScreenHeaderProps) {
  return (
    <>
      <ScreenHeader {...header} />
      <NoReportCard />
    </>
  );
}

/** The no-report card alone, for screens with their own header. */
export function NoReportCard() {
  return (
    <Alert color="gray" variant="light" title={NO_REPORT_TITLE} data-testid="no-report">
      <Stack gap="sm">
        <Text size="md">Open a report from the Plods list, or start a New Report there.</Text>
        <Button component={Link} to="/" variant="light">
          Go to Plods
        </Button>
      </Stack>
    </Alert>
  );
}

export interface ReportGateProps extends ScreenHeaderProps {
  children: (docName: string) => ReactNode;
}

/** Renders the screen for the current report, or the no-report card with the same header. */
export function ReportGate({ children, ...header }: ReportGateProps) {
  const docName = useCurrentReportDoc();
  return docName ? children(docName) : <NoReport {...header} />;
}
