import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatDepth, shiftTypeLabel } from '@plod/model';
import type { ReportsIndexRow, SavedReportsPreview } from '@plod/model';
import { Link } from 'react-router';

/** The dashboard's Saved Shift Reports: the latest five, Edit on each, View All when more. */
export function SavedReports({ preview }: { preview: SavedReportsPreview<ReportsIndexRow> }) {
  return (
    <Stack gap="sm" component="section" aria-label="Saved Shift Reports">
      <Group justify="space-between">
        <Title order={2} fz={20}>
          Saved Shift Reports
        </Title>
        {preview.showViewAll && (
          <Button component={Link} to="/plods" variant="subtle">
            View All
          </Button>
        )}
      </Group>
      {preview.visible.length === 0 && <Text c="dimmed">No saved reports yet</Text>}
      {preview.visible.map((report) => (
        <Card key={report.id} padding="md" data-testid="saved-report">
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={700} truncate>
                {report.site ?? 'No site'} - {report.rig ?? 'No rig'}
              </Text>
              <Text size="sm" c="dimmed">
                {report.date ?? 'No date'}
                {report.shiftType ? ` · ${shiftTypeLabel(report.shiftType)}` : ''} ·{' '}
                {formatDepth(report.metres)} m
              </Text>
            </Stack>
            <Button component={Link} to={`/edit-report/${report.id}`} variant="light">
              Edit
            </Button>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
