import { PLOD_SCREEN_LIST, type PlodScreen, type ScreenComponent } from './plod-screens';

export type { ScreenComponent } from './plod-screens';

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
  /**
   * The screen says when what it shows first has painted (`markFirstScreenShown`, the reports list
   * once its first rows have); any other screen counts as shown once it has mounted.
   */
  tellsShown?: true;
}

const reportsList = () => import('../screens/ReportsList');
const comingSoon = () => import('../screens/ComingSoon');

/** SPEC section 2's route table, apart from the report screens (below). */
export const pageRoutes: readonly ScreenRoute[] = [
  { path: '/', title: 'Plods', load: reportsList, wide: true, tellsShown: true },
  { path: '/plods', title: 'Plods', load: reportsList, wide: true, tellsShown: true },
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
export const plodRoutes: readonly PlodRoute[] = PLOD_SCREEN_LIST.map(
  ({ segment, title, load, ...rest }): PlodRoute => ({
    screen: segment,
    title,
    load,
    ...('presence' in rest ? { presence: rest.presence } : {}),
  }),
);

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

export const plainPlodRoutes: readonly PlainPlodRoute[] = PLOD_SCREEN_LIST.flatMap(
  ({ segment, title, plain }) => plain.map((path) => ({ path, title, toPlod: segment })),
);

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
