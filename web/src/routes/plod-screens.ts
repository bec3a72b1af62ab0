import type { ComponentType } from 'react';

// A plod's screens, one entry each, in the order a plod reads them: the routes under
// /plods/{id}, the SPEC's plain routes that lead to them, and the shift's steps (each step's Next)
// all come from this list. A new part's screen is one entry here. Kept free of the model (and so
// of zod): the reports list builds links to these screens on first paint.

/** Every screen receives its route's title; most ignore it, the coming-soon page shows it. */
export type ScreenComponent = ComponentType<{ title: string }>;

interface PlodScreenEntry {
  /** Its address under /plods/{id}; '' is the plod's Drill Report Dashboard. */
  segment: string;
  /** Its main heading, also the tab title; tests look for it. */
  title: string;
  /** How the screen is named beside a crewmate's name in presence, when not its title. */
  presence?: string;
  /** Each screen is its own chunk, loaded when its route is first visited. */
  load: () => Promise<{ default: ScreenComponent }>;
  /**
   * The SPEC's plain routes to this screen: each leads to it for the plod its `:id` or `?reportId=`
   * names, else for the phone's current plod (the -professional and -fixed paths of its navigation).
   */
  plain: readonly string[];
  /** A step of the shift, in the crew guide's order: its name on the previous step's Next button. */
  step?: string;
}

export const PLOD_SCREEN_LIST = [
  {
    segment: '',
    title: 'Drill Report Dashboard',
    presence: 'Dashboard',
    load: () => import('../screens/DrillReportDashboard'),
    plain: ['/drill-report-dashboard'],
  },
  {
    segment: 'shift-details',
    title: 'Shift Details',
    load: () => import('../screens/ShiftDetails'),
    plain: ['/shift-details', '/shift-details-professional'],
    step: 'Shift Details',
  },
  {
    segment: 'crew',
    title: 'Crew Assignment',
    load: () => import('../screens/CrewAssignment'),
    plain: ['/crew', '/crew-professional'],
    step: 'Crew Assignment',
  },
  {
    segment: 'run-sheets',
    title: 'Run Sheets',
    load: () => import('../screens/RunSheets'),
    plain: ['/run-sheets', '/run-details', '/run-sheets-professional'],
    step: 'Run Sheets',
  },
  {
    segment: 'add-run',
    title: 'Add New Run',
    load: () => import('../screens/AddRun'),
    plain: ['/add-run'],
  },
  {
    segment: 'timesheets',
    title: 'Timesheets',
    load: () => import('../screens/Timesheets'),
    plain: ['/timesheets', '/timesheet', '/timesheets-professional'],
    step: 'Timesheets',
  },
  {
    segment: 'downtime',
    title: 'Downtime',
    load: () => import('../screens/Downtime'),
    plain: ['/downtime'],
    step: 'Downtime',
  },
  {
    segment: 'consumables',
    title: 'Consumables',
    load: () => import('../screens/Consumables'),
    plain: ['/consumables'],
  },
  {
    segment: 'survey',
    title: 'Survey Data',
    load: () => import('../screens/Survey'),
    plain: ['/survey', '/survey-fixed'],
    step: 'Survey Data',
  },
  {
    segment: 'drill-site-maintenance',
    title: 'Drill Site Maintenance',
    load: () => import('../screens/maintenance/DrillSiteMaintenance'),
    plain: ['/drill-site-maintenance', '/drill-site-maintenance-fixed'],
    step: 'Maintenance',
  },
  {
    segment: 'hire-tools',
    title: 'Hire Tools',
    load: () => import('../screens/HireTools'),
    plain: ['/hire-tools'],
    step: 'Hire Tools',
  },
  { segment: 'bits', title: 'Bits', load: () => import('../screens/Bits'), plain: ['/bits'] },
  {
    segment: 'photos',
    title: 'Photos',
    load: () => import('../screens/Photos'),
    plain: ['/photos'],
  },
  {
    segment: 'complete-shift',
    title: 'Complete Shift Summary',
    load: () => import('../screens/CompleteShift'),
    plain: ['/complete-shift'],
    step: 'Complete Shift',
  },
  {
    segment: 'shift-completion',
    title: 'Shift Completion',
    load: () => import('../screens/ShiftCompletion'),
    plain: ['/shift-completion'],
  },
  {
    segment: 'edit',
    title: 'Edit Shift Report',
    load: () => import('../screens/EditReport'),
    plain: ['/edit-report/:id'],
  },
  {
    segment: 'csv',
    title: 'CSV Report Editor',
    load: () => import('../screens/CsvEditor'),
    plain: ['/csv-editor', '/csv-editor/:id'],
  },
  {
    segment: 'history',
    title: 'Change History',
    load: () => import('../screens/history/HistoryScreen'),
    plain: ['/history'],
  },
] as const satisfies readonly PlodScreenEntry[];

/** A screen of a plod, by its address under /plods/{id}. */
export type PlodScreen = (typeof PLOD_SCREEN_LIST)[number]['segment'];
