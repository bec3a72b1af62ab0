import {
  createBrowserRouter,
  createMemoryRouter,
  type IndexRouteObject,
  type NonIndexRouteObject,
  type RouteObject,
} from 'react-router';
import { AppLayout, RouteLoading } from '../components/AppLayout';
import { NotFound } from '../components/NotFound';
import { RouteError } from '../components/RouteError';
import {
  PLOD_ROUTE_PATH,
  pageRoutes,
  plainPlodRoutes,
  plodRoutes,
  type PlodRoute,
  type ScreenRoute,
} from './table';

function pageRoute({
  path,
  title,
  load,
  public: open,
  client,
  supervisor,
  wide,
  tellsShown,
}: ScreenRoute): RouteObject {
  return {
    path,
    handle: {
      title,
      public: open === true,
      client: client === true,
      supervisor: supervisor === true,
      wide: wide === true,
      tellsShown: tellsShown === true,
    },
    lazy: async () => {
      const { default: Screen } = await load();
      return { element: <Screen title={title} /> };
    },
  };
}

function plodScreenRoute({ screen, title, presence, load }: PlodRoute): RouteObject {
  const common: Omit<NonIndexRouteObject, 'path' | 'index'> = {
    handle: { title, public: false, presence: presence ?? title },
    lazy: async () => {
      const { default: Screen } = await load();
      return { element: <Screen title={title} /> };
    },
  };
  return screen === ''
    ? ({ ...common, index: true } as IndexRouteObject)
    : { ...common, path: screen };
}

export const routes: RouteObject[] = [
  {
    Component: AppLayout,
    HydrateFallback: RouteLoading,
    errorElement: <RouteError />,
    children: [
      ...pageRoutes.map(pageRoute),
      // One plod's screens: the gate opens the plod its address names (and says so when it cannot);
      // it is a chunk of its own, so the reports list's first paint does not carry the model's readers.
      {
        path: PLOD_ROUTE_PATH,
        lazy: async () => {
          const { PlodGate } = await import('../screens/plod/PlodGate');
          return { Component: PlodGate };
        },
        children: plodRoutes.map(plodScreenRoute),
      },
      ...plainPlodRoutes.map(({ path, title, toPlod }): RouteObject => ({
        path,
        handle: { title, public: false },
        lazy: async () => {
          const { CurrentPlod } = await import('../screens/plod/CurrentPlod');
          return { element: <CurrentPlod screen={toPlod} title={title} /> };
        },
      })),
      { path: '*', Component: NotFound, handle: { title: 'Page Not Found', public: true } },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);

/** For tests: the same routes, starting at `path`, with no browser history. */
export const createTestRouter = (path: string) =>
  createMemoryRouter(routes, { initialEntries: [path] });
