import { Alert } from '@mantine/core';
import { newerDocumentMessage } from '@plod/model';

/**
 * The banner above every screen of a plod saved by a newer version of Plod. The plod is shown as this
 * app reads it and offers no edits: a change could write over what this version does not understand.
 */
export function NewerPlodNotice() {
  return (
    <Alert
      color="yellow"
      variant="light"
      title="Saved by a newer version of Plod"
      mb="md"
      data-testid="newer-plod"
      // The theme's yellow title is too faint on its light background to read outdoors.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      {newerDocumentMessage('report', 'app')}
    </Alert>
  );
}
