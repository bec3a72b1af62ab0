// A plod is a place: /plods/{id} is its Drill Report Dashboard and each report screen has an address
// under it. Kept free of the model (and so of zod): the reports list builds these links on first paint.

/** The report screens under /plods/{id}; '' is the plod's Drill Report Dashboard. */
export const PLOD_SCREENS = [
  '',
  'shift-details',
  'crew',
  'run-sheets',
  'add-run',
  'timesheets',
  'downtime',
  'consumables',
  'survey',
  'drill-site-maintenance',
  'hire-tools',
  'bits',
  'photos',
  'complete-shift',
  'shift-completion',
  'edit',
  'csv',
  'history',
] as const;
export type PlodScreen = (typeof PLOD_SCREENS)[number];

/** The address of a plod's screen, e.g. plodPath(id, 'run-sheets') = /plods/{id}/run-sheets. */
export function plodPath(id: string, screen: PlodScreen = '', search = ''): string {
  const base = `/plods/${encodeURIComponent(id)}`;
  const path = screen === '' ? base : `${base}/${screen}`;
  if (search === '' || search === '?') return path;
  return search.startsWith('?') ? `${path}${search}` : `${path}?${search}`;
}
