import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { OFFLINE_MESSAGES } from '../../reports/offline-messages';
import {
  REFERENCE_DOC_NAMES,
  downloadDocuments,
  useConnection,
  useDownloaded,
  useSyncRuntime,
} from '../../sync';

/**
 * True when a reference document (`setup`, `holes`) is not on this phone: never had from the server
 * and nothing in the device copy. An empty list that was downloaded is not missing, just empty.
 */
export function useListMissing(docName: string, hasContent: boolean): boolean {
  return !useDownloaded(docName) && !hasContent;
}

/**
 * Says a list a form picks from is not on this phone, and offers Download Data. Nothing the form
 * shows from the plod itself is lost meanwhile: a save writes only the fields the person changed.
 */
export function MissingLists({ what }: { what: string }) {
  const runtime = useSyncRuntime();
  const { enabled, browserOnline, syncNow } = useConnection();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const online = enabled && browserOnline;
  const download = async () => {
    setBusy(true);
    setFailed(false);
    // Skip any reconnect backoff: the person is waiting.
    syncNow();
    const result = await downloadDocuments(runtime, REFERENCE_DOC_NAMES, () => {});
    setFailed(result.failed.length > 0);
    setBusy(false);
  };
  return (
    <Alert
      color="yellow"
      variant="light"
      mb="md"
      title={`${what} are not on this phone yet`}
      data-testid="lists-missing"
    >
      <Text size="md" mb="sm">
        {online
          ? 'They download with signal. Until then the plod keeps what is already chosen.'
          : 'They download once the phone has signal. Until then the plod keeps what is already chosen.'}
      </Text>
      {failed && (
        <Text size="md" c="red.8" mb="sm" role="alert">
          {OFFLINE_MESSAGES.downloadFailed}
        </Text>
      )}
      <Group>
        <Button onClick={() => void download()} disabled={busy || !online}>
          {busy ? 'Downloading...' : 'Download Data'}
        </Button>
      </Group>
    </Alert>
  );
}
