import { Button, Card, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  HOLES_DOC_NAME,
  ReportIds,
  canStartFrom,
  createReportFromPlan,
  nextShiftPlan,
  readHoleProgress,
  readReport,
  reportDocName,
  shiftAfter,
} from '@plod/model';
import type { ReportId, ReportSnapshot, ReportsIndexRow } from '@plod/model';
import { useNavigate } from 'react-router';
import { plodPath } from '../routes/plod-paths';
import { setCurrentReportId } from '../session/current-report';
import { addKnownReportId } from '../session/known-reports';
import { useDocMutator, useDocSnapshot, useOptionalDocSnapshot } from '../sync';
import { CREATE_FAILED_MESSAGE } from './useNewReport';

/** "Demo Site - Rig 1 · 2 crew · DH-7 at 42.0 m": what one tap brings over. */
export function lastShiftSummary(last: ReportSnapshot): string {
  const holes = last.holes
    .filter((h) => h.status === 'ACTIVE')
    .map((h) => `${h.holeId} at ${h.currentDepth.toFixed(1)} m`);
  const crew = `${last.crew.length} crew`;
  const place = `${last.shift.siteName ?? 'Site'} - ${last.shift.rigName ?? 'Rig'}`;
  return [place, crew, ...holes].join(' · ');
}

/**
 * New Report's "Start from last shift": a new plod with the last shift's site, rig, level, crew and
 * roles, and the holes it left short of target continuing where they stand, in one tap. It reads
 * the last shift's whole plod (every part's reader, with zod): its own chunk, loaded only on a
 * phone that has a last shift (see last-shift.ts).
 */
export default function LastShiftCard({ row }: { row: ReportsIndexRow }) {
  const last = useOptionalDocSnapshot(reportDocName(row.id as ReportId), readReport);
  const marks = useDocSnapshot(HOLES_DOC_NAME, readHoleProgress);
  const mutate = useDocMutator();
  const navigate = useNavigate();
  if (!last || !canStartFrom(last)) return null;

  const start = () => {
    try {
      // The next shift in sequence after the last one (its night, or the next day), or the shift
      // going on now when the last shift was longer ago.
      const { date, shiftType } = last.shift;
      const previous = date && shiftType ? { date, shiftType } : null;
      const plan = nextShiftPlan(last, shiftAfter(previous, new Date()), marks);
      const id = ReportIds.create();
      mutate(reportDocName(id), createReportFromPlan, id, plan);
      addKnownReportId(id);
      setCurrentReportId(id);
      // Its Shift Details: to check today's date, shift and times, and go on.
      void navigate(plodPath(id, 'shift-details'));
    } catch {
      notifications.show({ color: 'red', title: 'New Report', message: CREATE_FAILED_MESSAGE });
    }
  };

  return (
    <Card mb="lg" padding="md" data-testid="start-from-last-shift">
      <Stack gap="xs">
        <Button size="lg" variant="light" onClick={start} fullWidth>
          Start from last shift
        </Button>
        <Text size="sm" c="dimmed" data-testid="last-shift-summary">
          {lastShiftSummary(last)}
        </Text>
      </Stack>
    </Card>
  );
}
