import { Button, Card, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { formatDepth, shiftTypeLabel } from '@plod/model';
import type { ReportsIndexRow, SavedReportsPreview } from '@plod/model';
import { Link } from 'react-router';
import { plodPath } from '../routes/plod-paths';

/**
 * The dashboard's Saved Shift Reports: the latest five, Edit on each, View All when more. `preview`
 * is null while the list is still being read on this phone.
 */
export function SavedReports({
  preview,
}: {
  preview: SavedReportsPreview<ReportsIndexRow> | null;
}) {
  return (
    <Stack gap="sm" component="section" aria-label="Saved Shift Reports">
      <Group justify="space-between">
        <Title order={2} fz={20}>
          Saved Shift Reports
        </Title>
        {preview?.showViewAll && (
          <Button component={Link} to="/plods" variant="subtle">
            View All
          </Button>
        )}
      </Group>
      {preview === null && <Text c="dimmed">Loading saved reports...</Text>}
      {preview?.visible.length === 0 && <Text c="dimmed">No saved reports yet</Text>}
      {preview?.visible.map((report) => (
        <Card key={report.id} padding="md" data-testid="saved-report">
          <Group justify="space-between" wrap="nowrap">
            {/* The row opens the plod at its address; Edit opens its Edit Shift Report. */}
            <UnstyledButton
              component={Link}
              to={plodPath(report.id)}
              style={{ minWidth: 0, flex: 1 }}
              mih={44}
            >
              <Text fw={700} truncate>
                {report.site ?? 'No site'} - {report.rig ?? 'No rig'}
              </Text>
              <Text size="sm" c="dimmed">
                {report.date ?? 'No date'}
                {report.shiftType ? ` · ${shiftTypeLabel(report.shiftType)}` : ''} ·{' '}
                {formatDepth(report.metres)} m
              </Text>
            </UnstyledButton>
            <Button component={Link} to={plodPath(report.id, 'edit')} variant="light">
              Edit
            </Button>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
