import {
  Badge,
  Button,
  Card,
  Code,
  Group,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatDepth, formatHours, saveCsvEdits, type ShiftReportBundle } from '@plod/model';
import { useState } from 'react';
import { useMutation } from '../../sync';
import { downloadText, safeCsvFilename } from './download';
import { EditCard } from './EditCard';
import { useCsvWorkingCopy } from './useCsvWorkingCopy';

export interface CsvEditorBodyProps {
  docName: string;
  bundle: ShiftReportBundle;
  /** View Mode only: no Edit Mode that would pretend to save (see canEditPlod; a newer plod too). */
  readOnly?: boolean;
}

export function CsvEditorBody({ docName, bundle, readOnly = false }: CsvEditorBodyProps) {
  const copy = useCsvWorkingCopy(bundle);
  const save = useMutation(docName, saveCsvEdits);
  const [mode, setMode] = useState<'view' | 'edit'>('view');
  const [filename, setFilename] = useState<string | null>(null);
  const s = copy.preview.shiftSummary;
  const invalid = Object.keys(copy.errors).length > 0;

  const onSave = () => {
    try {
      save(bundle, copy.changes);
      copy.clear();
      notifications.show({
        color: 'green',
        title: 'Changes Saved',
        message: 'Report edits have been saved successfully',
      });
    } catch {
      notifications.show({ color: 'red', title: 'Error', message: 'Failed to update report' });
    }
  };

  const onDownload = () => {
    downloadText(safeCsvFilename(filename ?? copy.defaultFilename, copy.defaultFilename), copy.csv);
    notifications.show({
      color: 'green',
      title: 'Download',
      message: 'CSV report downloaded successfully',
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        {!readOnly && (
          <SegmentedControl
            value={mode}
            onChange={(v) => setMode(v === 'edit' ? 'edit' : 'view')}
            data={[
              { value: 'view', label: 'View Mode' },
              { value: 'edit', label: 'Edit Mode' },
            ]}
          />
        )}
        {copy.dirty && (
          <Badge color="orange" size="lg" data-testid="unsaved-badge">
            Unsaved Changes
          </Badge>
        )}
      </Group>
      <Card component="section" aria-label="Summary">
        <Group grow>
          <Stat label="Date" value={s.date ?? 'N/A'} />
          <Stat label="Total Drilled" value={`${formatDepth(s.totalDepthDrilled)} m`} />
        </Group>
        <Group grow mt="sm">
          <Stat label="Hours Worked" value={`${formatHours(s.hoursWorked)} h`} />
          <Stat label="Run Entries" value={String(copy.preview.runSheetEntries.length)} />
        </Group>
      </Card>
      <EditCard
        edits={copy.edits}
        editing={!readOnly && mode === 'edit'}
        errors={copy.errors}
        onChange={copy.change}
      />
      {!readOnly && mode === 'edit' && (
        <Button onClick={onSave} disabled={!copy.dirty || invalid}>
          Save Changes
        </Button>
      )}
      <Card component="section" aria-label="CSV Preview">
        <Title order={2} fz={20} mb="sm">
          CSV Preview
        </Title>
        <Code
          block
          mah={320}
          style={{ overflow: 'auto', whiteSpace: 'pre' }}
          // A scrolling box is reachable from the keyboard, to scroll it without a mouse.
          tabIndex={0}
          aria-label="CSV file contents"
          data-testid="csv-preview"
        >
          {copy.csv}
        </Code>
      </Card>
      <TextInput
        label="Filename"
        value={filename ?? copy.defaultFilename}
        onChange={(e) => setFilename(e.currentTarget.value)}
        data-testid="csv-filename"
      />
      <Button size="xl" onClick={onDownload}>
        Download CSV
      </Button>
    </Stack>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fw={800} fz={18}>
        {value}
      </Text>
    </div>
  );
}
