import { createBrowserRouter, createMemoryRouter, type RouteObject } from 'react-router';
import { AppLayout, RouteLoading } from '../components/AppLayout';
import { NotFound } from '../components/NotFound';
import { RouteError } from '../components/RouteError';
import { screenRoutes } from './table';

export const routes: RouteObject[] = [
  {
    Component: AppLayout,
    HydrateFallback: RouteLoading,
    errorElement: <RouteError />,
    children: [
      ...screenRoutes.map(({ path, title, load, public: open }): RouteObject => ({
        path,
        handle: { title, public: open === true },
        lazy: async () => {
          const { default: Screen } = await load();
          return { element: <Screen title={title} /> };
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
