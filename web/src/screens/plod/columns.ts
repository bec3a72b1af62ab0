import { formatHours, timeLabel } from '@plod/model';
import { orDash, type Column } from './DataTable';

/** The Notes column: wide, a dash where there are none. */
export function notesColumn<T extends { notes: string | null }>(): Column<T> {
  return { header: 'Notes', cell: (row) => orDash(row.notes), wide: true };
}

/** The Hole ID column of an entry the hole is optional on: a dash where it has none. */
export function holeColumn<T extends { holeId: string | null }>(): Column<T> {
  return { header: 'Hole ID', cell: (row) => orDash(row.holeId) };
}

/** A timed entry's Start, End and Hours columns (an end before the start is the next day). */
export function timeColumns<
  T extends { startTime: string; endTime: string; hours: number },
>(): Column<T>[] {
  return [
    { header: 'Start', cell: (row) => timeLabel(row.startTime) },
    { header: 'End', cell: (row) => timeLabel(row.endTime) },
    { header: 'Hours', cell: (row) => formatHours(row.hours) },
  ];
}

/** A timed entry's span, as its name for screen readers starts: '10:00 PM - 2:00 AM'. */
export function timeSpan(entry: { startTime: string; endTime: string }): string {
  return `${timeLabel(entry.startTime)} - ${timeLabel(entry.endTime)}`;
}
