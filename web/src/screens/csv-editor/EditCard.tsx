import { Card, Group, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import type { CsvEdits } from '@plod/model';

export interface EditCardProps {
  edits: CsvEdits;
  editing: boolean;
  errors: Partial<Record<keyof CsvEdits, string>>;
  onChange: (field: keyof CsvEdits, value: string) => void;
}

const FIELDS: { field: keyof CsvEdits; label: string }[] = [
  { field: 'operator', label: 'Operator' },
  { field: 'site', label: 'Site' },
  { field: 'rig', label: 'Rig' },
  { field: 'totalDepthDrilled', label: 'Total Depth Drilled (m)' },
];

/** The fields a person may correct before export; a plain read-out in View Mode. */
export function EditCard({ edits, editing, errors, onChange }: EditCardProps) {
  return (
    <Card component="section" aria-label="Report fields">
      <Title order={2} fz={20} mb="sm">
        {editing ? 'Edit Report' : 'Report'}
      </Title>
      {editing ? (
        <Stack gap="sm">
          {FIELDS.map(({ field, label }) => (
            <TextInput
              key={field}
              label={label}
              value={edits[field]}
              error={errors[field]}
              inputMode={field === 'totalDepthDrilled' ? 'decimal' : undefined}
              onChange={(e) => onChange(field, e.currentTarget.value)}
            />
          ))}
          <Textarea
            label="Notes"

            rows={2}
            value={edits.notes}
            onChange={(e) => onChange('notes', e.currentTarget.value)}
          />
        </Stack>
      ) : (
        <Stack gap={6}>
          {[...FIELDS, { field: 'notes' as const, label: 'Notes' }].map(({ field, label }) => (
            <Group key={field} justify="space-between" wrap="nowrap" align="flex-start">
              <Text c="dimmed">{label}</Text>
              <Text fw={700} ta="right" style={{ whiteSpace: 'pre-wrap' }}>
                {edits[field] || 'N/A'}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
