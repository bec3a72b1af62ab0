// A plod is a place: /plods/{id} is its Drill Report Dashboard and each report screen has an address
// under it (routes/plod-screens.ts lists them). Kept free of the model (and so of zod): the reports
// list builds these links on first paint.

import type { PlodScreen } from './plod-screens';

export type { PlodScreen } from './plod-screens';

/** The address of a plod's screen, e.g. plodPath(id, 'run-sheets') = /plods/{id}/run-sheets. */
export function plodPath(id: string, screen: PlodScreen = '', search = ''): string {
  const base = `/plods/${encodeURIComponent(id)}`;
  const path = screen === '' ? base : `${base}/${screen}`;
  if (search === '' || search === '?') return path;
  return search.startsWith('?') ? `${path}${search}` : `${path}?${search}`;
}
