import { Alert, Button, Progress, Stack, Text } from '@mantine/core';
import { useDownloadData } from '../reports/useDownloadData';

/** What ReferenceDataPrompt says on a phone with no sites, rigs or crew. */
export default function ReferenceDataAlert({ state }: { state: 'missing' | 'none-set-up' }) {
  const { progress, download } = useDownloadData([]);
  if (state === 'none-set-up') {
    return (
      <Alert color="yellow" title="No sites set up yet" mb="md" data-testid="reference-data-prompt">
        A supervisor adds sites, rigs and crew in Site Setup; they appear here once added.
      </Alert>
    );
  }
  return (
    <Alert
      color="orange"
      title="No sites, rigs or crew on this phone"
      mb="md"
      data-testid="reference-data-prompt"
    >
      <Stack gap="sm">
        <Text size="sm">
          Shift Details and Crew need them. With signal, download them now; they stay on the phone
          for work with no signal.
        </Text>
        {progress !== null && (
          <Progress value={progress} size="lg" striped animated aria-label="Download progress" />
        )}
        <Button onClick={() => void download()} loading={progress !== null}>
          Download Data
        </Button>
      </Stack>
    </Alert>
  );
}
