import type { ComponentType } from 'react';

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
}

const reportsList = () => import('../screens/ReportsList');
const timesheets = () => import('../screens/Timesheets');
const runSheets = () => import('../screens/RunSheets');
const shiftDetails = () => import('../screens/ShiftDetails');
const crew = () => import('../screens/CrewAssignment');
const survey = () => import('../screens/Survey');
const maintenance = () => import('../screens/DrillSiteMaintenance');
const csvEditor = () => import('../screens/CsvEditor');
const comingSoon = () => import('../screens/ComingSoon');

/** SPEC section 2's route table. The -professional and -fixed paths named in its navigation lead to the same screens. */
export const screenRoutes: readonly ScreenRoute[] = [
  { path: '/', title: 'Plods', load: reportsList },
  { path: '/plods', title: 'Plods', load: reportsList },
  {
    path: '/login',
    title: 'Administrator Login',
    load: () => import('../screens/AdminLogin'),
    public: true,
  },
  { path: '/join', title: 'Join this device', load: () => import('../screens/Join'), public: true },
  { path: '/site-setup', title: 'Site Setup', load: () => import('../screens/SiteSetup') },
  {
    path: '/site-config',
    title: 'Site Configuration & PLOD Management',
    load: () => import('../screens/SiteConfig'),
  },
  { path: '/live', title: 'Live Reports', load: () => import('../screens/SupervisorLive') },
  {
    path: '/dashboard',
    title: 'Drilling Operations',
    load: () => import('../screens/HomeDashboard'),
  },
  { path: '/timesheets', title: 'Timesheets', load: timesheets },
  { path: '/timesheet', title: 'Timesheets', load: timesheets },
  { path: '/timesheets-professional', title: 'Timesheets', load: timesheets },
  { path: '/run-sheets', title: 'Run Sheets', load: runSheets },
  { path: '/run-details', title: 'Run Sheets', load: runSheets },
  { path: '/run-sheets-professional', title: 'Run Sheets', load: runSheets },
  { path: '/add-run', title: 'Add New Run', load: () => import('../screens/AddRun') },
  {
    path: '/edit-report/:id',
    title: 'Edit Shift Report',
    load: () => import('../screens/EditReport'),
  },
  {
    path: '/shift-completion',
    title: 'Shift Completion',
    load: () => import('../screens/ShiftCompletion'),
  },
  {
    path: '/drill-report-dashboard',
    title: 'Drill Report Dashboard',
    load: () => import('../screens/DrillReportDashboard'),
  },
  { path: '/shift-details', title: 'Shift Details', load: shiftDetails },
  { path: '/shift-details-professional', title: 'Shift Details', load: shiftDetails },
  {
    path: '/complete-shift',
    title: 'Complete Shift Summary',
    load: () => import('../screens/CompleteShift'),
  },
  { path: '/crew', title: 'Crew Assignment', load: crew },
  { path: '/crew-professional', title: 'Crew Assignment', load: crew },
  { path: '/equipment', title: 'Equipment', load: () => import('../screens/Equipment') },
  { path: '/drill-site-maintenance', title: 'Drill Site Maintenance', load: maintenance },
  { path: '/drill-site-maintenance-fixed', title: 'Drill Site Maintenance', load: maintenance },
  { path: '/hire-tools', title: 'Hire Tools', load: () => import('../screens/HireTools') },
  { path: '/survey', title: 'Survey Data', load: survey },
  { path: '/survey-fixed', title: 'Survey Data', load: survey },
  { path: '/csv-editor', title: 'CSV Report Editor', load: csvEditor },
  { path: '/csv-editor/:id', title: 'CSV Report Editor', load: csvEditor },
  {
    path: '/privacy',
    title: 'Privacy Policy',
    load: () => import('../screens/PrivacyPolicy'),
    public: true,
  },
  { path: '/main-menu', title: 'Main Menu', load: () => import('../screens/MainMenu') },
  { path: '/grouting', title: 'Grouting', load: comingSoon },
  { path: '/consumables', title: 'Consumables', load: comingSoon },
  { path: '/shift-summary', title: 'Shift Summary', load: comingSoon },
  { path: '/reports', title: 'Reports', load: comingSoon },
  { path: '/settings', title: 'Settings', load: comingSoon },
];

/**
 * A concrete URL for a route pattern, for tests and links: `:id` becomes a well-formed id that names
 * no report (the server refuses a sync connection for a malformed document name).
 */
export function sampleUrl(path: string): string {
  return path.replace(/:[A-Za-z]+/g, '00000000-0000-7000-8000-000000000000');
}
