import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { classifyDocName } from '@plod/model';
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { plodPath } from '../routes/plod-paths';
import { useSyncRuntime } from '../sync';
import { REFUSAL_CODES, retriesItself, type Refusal } from '../sync/refusals';

/** What the refused document is, in the person's words, with a way to it for a plod. */
function Subject({ name }: { name: string }) {
  const kind = classifyDocName(name);
  if (kind.kind === 'report') {
    return (
      <Anchor component={Link} to={plodPath(kind.reportId)} fw={700}>
        this plod
      </Anchor>
    );
  }
  if (kind.kind === 'setup') return <>the site lists</>;
  if (kind.kind === 'holes') return <>the hole register</>;
  return <>the plods list</>;
}

function RefusalNote({ refusal }: { refusal: Refusal }) {
  const again = retriesItself(refusal.code)
    ? 'They stay on this phone and are sent again in a few minutes.'
    : 'They stay on this phone; tell your supervisor.';
  const title =
    refusal.code === REFUSAL_CODES.QuotaExceeded
      ? 'The server is taking no more changes from this phone for now'
      : refusal.code === REFUSAL_CODES.TooManyLateEdits
        ? 'Your changes are waiting for a supervisor'
        : 'The server refused changes from this phone';
  return (
    <Alert color="orange" variant="light" title={title} data-testid="sync-refused">
      <Text size="sm">
        Changes to <Subject name={refusal.name} />: {refusal.reason || `refused (${refusal.code})`}.{' '}
        {again}
      </Text>
    </Alert>
  );
}

/**
 * Documents whose changes the server closed the connection on (a cap, a late-edit limit, a rule),
 * each said in words until it syncs again: never a count of unsent changes that silently stays.
 */
export function SyncRefusedNotes() {
  const { refusals } = useSyncRuntime();
  const list = useSyncExternalStore(refusals.subscribe, refusals.list);
  if (list.length === 0) return null;
  return (
    <Stack gap="xs" mb="md" role="status" aria-live="polite">
      {list.map((refusal) => (
        <RefusalNote key={refusal.name} refusal={refusal} />
      ))}
    </Stack>
  );
}
