/**
 * The steps of a shift in the order the crew guide walks them. Each screen's "Next" leads to the
 * following one, so going from one step to the next is one tap, not Back and a dashboard tile.
 */
export const SHIFT_STEPS = [
  { segment: 'shift-details', label: 'Shift Details' },
  { segment: 'crew', label: 'Crew Assignment' },
  { segment: 'run-sheets', label: 'Run Sheets' },
  { segment: 'timesheets', label: 'Timesheets' },
  { segment: 'downtime', label: 'Downtime' },
  { segment: 'survey', label: 'Survey Data' },
  { segment: 'drill-site-maintenance', label: 'Maintenance' },
  { segment: 'hire-tools', label: 'Hire Tools' },
  { segment: 'complete-shift', label: 'Complete Shift' },
] as const;

/** The SPEC's other names for the same screens. */
const ALIASES: Readonly<Record<string, string>> = {
  'crew-professional': 'crew',
  'run-details': 'run-sheets',
  'run-sheets-professional': 'run-sheets',
  timesheet: 'timesheets',
  'timesheets-professional': 'timesheets',
  'survey-fixed': 'survey',
  'drill-site-maintenance-fixed': 'drill-site-maintenance',
};

/** Steps whose screen offers Next: Shift Details has Save & Continue, Complete Shift ends. */
const WITH_NEXT = new Set([
  'crew',
  'run-sheets',
  'timesheets',
  'downtime',
  'survey',
  'drill-site-maintenance',
  'hire-tools',
]);

/**
 * Where a step's Next goes, for its path: `/timesheets` -> `/survey`, and under a plod's address
 * `/plods/{id}/timesheets` -> `/plods/{id}/survey`. Null on any other screen.
 */
export function nextShiftStep(pathname: string): { to: string; label: string } | null {
  const parts = pathname.replace(/\/+$/, '').split('/');
  const last = parts.at(-1) ?? '';
  const segment = ALIASES[last] ?? last;
  if (!WITH_NEXT.has(segment)) return null;
  const index = SHIFT_STEPS.findIndex((step) => step.segment === segment);
  const next = SHIFT_STEPS[index + 1];
  if (!next) return null;
  return { to: [...parts.slice(0, -1), next.segment].join('/'), label: next.label };
}
