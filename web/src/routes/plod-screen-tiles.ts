import type { PlodScreen } from './plod-screens';

// How a plod's screens are offered as buttons: a tile on the plod's Drill Report Dashboard, and an
// item of the Main Menu (the SPEC's menu of plain routes). Only those two screens read this, so
// the reports list's first paint does not carry it. A new part's screen adds its tile here.

export interface ScreenTile {
  label: string;
  /** Under the label on the dashboard's tile. */
  hint: string;
  /** Under the label in the Main Menu, for the screens it lists. */
  menuHint?: string;
}

/** The tiles, in the order the dashboard shows them (the order of the plod's screens). */
export const SCREEN_TILES: readonly (ScreenTile & { screen: PlodScreen })[] = [
  {
    screen: 'shift-details',
    label: 'Shift Details',
    hint: 'Date, shift, site and rig',
    menuHint: 'Site, rig, date and times',
  },
  {
    screen: 'crew',
    label: 'Crew Assignment',
    hint: 'Drillers and offsiders',
    menuHint: 'Drillers and offsiders',
  },
  { screen: 'run-sheets', label: 'Run Sheets', hint: 'Holes and runs', menuHint: 'Holes and runs' },
  {
    screen: 'timesheets',
    label: 'Timesheets',
    hint: 'Hours by activity',
    menuHint: 'Hours by activity',
  },
  { screen: 'downtime', label: 'Downtime', hint: 'Standby and stoppages' },
  { screen: 'consumables', label: 'Consumables', hint: 'Mud, additives, trays' },
  {
    screen: 'survey',
    label: 'Survey Data',
    hint: 'Survey points',
    menuHint: 'Depth, azimuth, dip',
  },
  {
    screen: 'drill-site-maintenance',
    label: 'Maintenance',
    hint: 'Tasks and time',
    menuHint: 'Rig and running gear',
  },
  {
    screen: 'hire-tools',
    label: 'Hire Tools',
    hint: 'Tools and cost',
    menuHint: 'Tools, hours and cost',
  },
  { screen: 'bits', label: 'Bits', hint: 'Bit in and out, metres' },
  { screen: 'photos', label: 'Photos', hint: 'Core trays, kept offline' },
  { screen: 'complete-shift', label: 'Complete Shift', hint: 'Summary and sign-off' },
  { screen: 'history', label: 'History', hint: 'Who changed what' },
];
