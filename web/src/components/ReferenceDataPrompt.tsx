import { Alert, Button, Progress, Stack, Text } from '@mantine/core';
import { SETUP_DOC_NAME, readSetup } from '@plod/model';
import { useDocSnapshot, useDocument } from '../sync';
import { useDownloadData } from '../reports/useDownloadData';

export type ReferenceDataState = 'present' | 'waiting' | 'missing' | 'none-set-up';

/**
 * Whether this phone has the sites, rigs and crew its screens offer: 'missing' when it holds none
 * and cannot reach the server for them (offline, paused, refused), 'none-set-up' when the server
 * answered and has none either, 'waiting' while that is not yet known (nothing to say yet).
 */
export function referenceDataState(
  info: { status: 'loading' | 'ready'; provider: string; serverSynced: boolean },
  siteCount: number,
): ReferenceDataState {
  if (info.status === 'loading' || siteCount > 0) return siteCount > 0 ? 'present' : 'waiting';
  if (info.serverSynced) return 'none-set-up';
  return info.provider === 'disconnected' ? 'missing' : 'waiting';
}

/**
 * Tells a phone with no reference data so, and offers Download Data (the Plods list and the home
 * dashboard). Opening the setup document here already fetches it whenever the phone is online.
 */
export default function ReferenceDataPrompt() {
  const info = useDocument(SETUP_DOC_NAME);
  const setup = useDocSnapshot(SETUP_DOC_NAME, readSetup);
  const { progress, download } = useDownloadData([]);
  const state = referenceDataState(info, setup.sites.length);
  if (state === 'present' || state === 'waiting') return null;
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
