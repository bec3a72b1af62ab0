import { toIndexRow, type ReportsIndexRow } from '@plod/model';

/** A REST list item as a list row (the API names metres and hours as the shift summary does). */
export function rowOf(item: Record<string, unknown>): ReportsIndexRow | null {
  return toIndexRow({ ...item, metres: item.totalDepthDrilled, hours: item.hoursWorked });
}
