import type { ComponentType } from 'react';
import type { PlodScreen } from './plod-paths';

/** Every screen receives its route's title; most ignore it, the coming-soon page shows it. */
export type ScreenComponent = ComponentType<{ title: string }>;

export interface ScreenRoute {
  path: string;
  /** The screen's main heading, also the tab title; tests look for it. */
  title: string;
  /** Each screen is its own chunk, loaded when its route is first visited. */
  load: () => Promise<{ default: ScreenComponent }>;
  /** Open to a device that has not joined and to nobody signed in; every other route is gated. */
  public?: true;
  /** Open to a client account (which otherwise only sees the public routes). */
  client?: true;
  /**
   * A supervisor's screen: never the crew's Join screen; anyone not signed in as a supervisor is
   * asked to sign in (and comes back to it), and a signed-in supervisor sees the supervisor menu.
   */
  supervisor?: true;
  /** A desk screen: uses the width of a wide window (tables side by side) instead of a phone column. */
  wide?: true;
}

const reportsList = () => import('../screens/ReportsList');
const timesheets = () => import('../screens/Timesheets');
const runSheets = () => import('../screens/RunSheets');
const shiftDetails = () => import('../screens/ShiftDetails');
const crew = () => import('../screens/CrewAssignment');
const survey = () => import('../screens/Survey');
const maintenance = () => import('../screens/DrillSiteMaintenance');
const comingSoon = () => import('../screens/ComingSoon');
const reportDashboard = () => import('../screens/DrillReportDashboard');
const history = () => import('../screens/history/HistoryScreen');

/** SPEC section 2's route table, apart from the report screens (below). */
export const pageRoutes: readonly ScreenRoute[] = [
  { path: '/', title: 'Plods', load: reportsList, wide: true },
  { path: '/plods', title: 'Plods', load: reportsList, wide: true },
  {
    path: '/login',
    title: 'Administrator Login',
    load: () => import('../screens/AdminLogin'),
    public: true,
  },
  { path: '/join', title: 'Join this device', load: () => import('../screens/Join'), public: true },
  {
    path: '/site-setup',
    title: 'Site Setup',
    load: () => import('../screens/SiteSetup'),
    supervisor: true,
    wide: true,
  },
  {
    path: '/site-config',
    title: 'Site Configuration & PLOD Management',
    load: () => import('../screens/SiteConfig'),
    supervisor: true,
    wide: true,
  },
  {
    path: '/contracts',
    title: 'Contracts',
    load: () => import('../screens/Contracts'),
    supervisor: true,
    wide: true,
  },
  {
    path: '/live',
    title: 'Live Reports',
    load: () => import('../screens/SupervisorLive'),
    supervisor: true,
    wide: true,
  },
  {
    path: '/kpis',
    title: 'KPIs',
    load: () => import('../screens/Kpis'),
    supervisor: true,
    wide: true,
  },
  {
    path: '/missing-shifts',
    title: 'Missing shifts',
    load: () => import('../screens/MissingShifts'),
    supervisor: true,
    wide: true,
  },
  {
    path: '/plods/:id/report',
    title: 'Plod Report',
    load: () => import('../screens/PlodReport'),
    client: true,
    wide: true,
  },
  {
    path: '/review',
    title: 'Plods for review',
    load: () => import('../screens/ClientReview'),
    client: true,
    wide: true,
  },
  {
    path: '/dashboard',
    title: 'Drilling Operations',
    load: () => import('../screens/HomeDashboard'),
  },
  { path: '/equipment', title: 'Equipment', load: () => import('../screens/Equipment') },
  {
    path: '/privacy',
    title: 'Privacy Policy',
    load: () => import('../screens/PrivacyPolicy'),
    public: true,
  },
  { path: '/main-menu', title: 'Main Menu', load: () => import('../screens/MainMenu') },
  { path: '/grouting', title: 'Grouting', load: comingSoon },
  { path: '/shift-summary', title: 'Shift Summary', load: comingSoon },
  { path: '/reports', title: 'Reports', load: comingSoon },
  { path: '/settings', title: 'Settings', load: comingSoon },
];

/** A report screen: one plod's, at /plods/{id}/{screen}, shown once that plod is open on the device. */
export interface PlodRoute {
  screen: PlodScreen;
  title: string;
  /** How the screen is named beside a crewmate's name in presence, when not its title. */
  presence?: string;
  load: () => Promise<{ default: ScreenComponent }>;
}

/** Where the plod's screens hang: the plod's gate reads `:id` and opens that plod. */
export const PLOD_ROUTE_PATH = '/plods/:id';

/** Every report screen, each under its plod's address. */
export const plodRoutes: readonly PlodRoute[] = [
  { screen: '', title: 'Drill Report Dashboard', presence: 'Dashboard', load: reportDashboard },
  { screen: 'shift-details', title: 'Shift Details', load: shiftDetails },
  { screen: 'crew', title: 'Crew Assignment', load: crew },
  { screen: 'run-sheets', title: 'Run Sheets', load: runSheets },
  { screen: 'add-run', title: 'Add New Run', load: () => import('../screens/AddRun') },
  { screen: 'timesheets', title: 'Timesheets', load: timesheets },
  { screen: 'downtime', title: 'Downtime', load: () => import('../screens/Downtime') },
  { screen: 'consumables', title: 'Consumables', load: () => import('../screens/Consumables') },
  { screen: 'survey', title: 'Survey Data', load: survey },
  { screen: 'drill-site-maintenance', title: 'Drill Site Maintenance', load: maintenance },
  { screen: 'hire-tools', title: 'Hire Tools', load: () => import('../screens/HireTools') },
  { screen: 'bits', title: 'Bits', load: () => import('../screens/Bits') },
  { screen: 'photos', title: 'Photos', load: () => import('../screens/Photos') },
  {
    screen: 'complete-shift',
    title: 'Complete Shift Summary',
    load: () => import('../screens/CompleteShift'),
  },
  {
    screen: 'shift-completion',
    title: 'Shift Completion',
    load: () => import('../screens/ShiftCompletion'),
  },
  { screen: 'edit', title: 'Edit Shift Report', load: () => import('../screens/EditReport') },
  { screen: 'csv', title: 'CSV Report Editor', load: () => import('../screens/CsvEditor') },
  { screen: 'history', title: 'Change History', load: history },
];

/**
 * The SPEC's plain routes to report screens: each leads to that screen of the plod its `:id` or
 * `?reportId=` names, else of the phone's current plod. The -professional and -fixed paths named in
 * its navigation lead to the same screens.
 */
export interface PlainPlodRoute {
  path: string;
  title: string;
  toPlod: PlodScreen;
}

export const plainPlodRoutes: readonly PlainPlodRoute[] = [
  { path: '/drill-report-dashboard', title: 'Drill Report Dashboard', toPlod: '' },
  { path: '/shift-details', title: 'Shift Details', toPlod: 'shift-details' },
  { path: '/shift-details-professional', title: 'Shift Details', toPlod: 'shift-details' },
  { path: '/crew', title: 'Crew Assignment', toPlod: 'crew' },
  { path: '/crew-professional', title: 'Crew Assignment', toPlod: 'crew' },
  { path: '/run-sheets', title: 'Run Sheets', toPlod: 'run-sheets' },
  { path: '/run-details', title: 'Run Sheets', toPlod: 'run-sheets' },
  { path: '/run-sheets-professional', title: 'Run Sheets', toPlod: 'run-sheets' },
  { path: '/add-run', title: 'Add New Run', toPlod: 'add-run' },
  { path: '/timesheets', title: 'Timesheets', toPlod: 'timesheets' },
  { path: '/timesheet', title: 'Timesheets', toPlod: 'timesheets' },
  { path: '/timesheets-professional', title: 'Timesheets', toPlod: 'timesheets' },
  { path: '/downtime', title: 'Downtime', toPlod: 'downtime' },
  { path: '/consumables', title: 'Consumables', toPlod: 'consumables' },
  { path: '/survey', title: 'Survey Data', toPlod: 'survey' },
  { path: '/survey-fixed', title: 'Survey Data', toPlod: 'survey' },
  {
    path: '/drill-site-maintenance',
    title: 'Drill Site Maintenance',
    toPlod: 'drill-site-maintenance',
  },
  {
    path: '/drill-site-maintenance-fixed',
    title: 'Drill Site Maintenance',
    toPlod: 'drill-site-maintenance',
  },
  { path: '/hire-tools', title: 'Hire Tools', toPlod: 'hire-tools' },
  { path: '/bits', title: 'Bits', toPlod: 'bits' },
  { path: '/photos', title: 'Photos', toPlod: 'photos' },
  { path: '/complete-shift', title: 'Complete Shift Summary', toPlod: 'complete-shift' },
  { path: '/shift-completion', title: 'Shift Completion', toPlod: 'shift-completion' },
  { path: '/edit-report/:id', title: 'Edit Shift Report', toPlod: 'edit' },
  { path: '/csv-editor', title: 'CSV Report Editor', toPlod: 'csv' },
  { path: '/csv-editor/:id', title: 'CSV Report Editor', toPlod: 'csv' },
  { path: '/history', title: 'Change History', toPlod: 'history' },
];

/** Every path the app answers with a screen, and that screen's title (tests walk these). */
export const screenRoutes: readonly { path: string; title: string; public?: true }[] = [
  ...pageRoutes,
  ...plodRoutes.map(({ screen, title }) => ({
    path: screen === '' ? PLOD_ROUTE_PATH : `${PLOD_ROUTE_PATH}/${screen}`,
    title,
  })),
  ...plainPlodRoutes,
];

/**
 * A concrete URL for a route pattern, for tests and links: `:id` becomes a well-formed id that names
 * no report (the server refuses a sync connection for a malformed document name).
 */
export function sampleUrl(path: string): string {
  return path.replace(/:[A-Za-z]+/g, '00000000-0000-7000-8000-000000000000');
}
