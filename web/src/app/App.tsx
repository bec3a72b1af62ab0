import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { RouterProvider } from 'react-router';
import type { createAppRouter } from '../routes/router';
import { useAutoSyncTimer } from '../reports/settings';
import { SyncProvider, type SyncRuntime } from '../sync';
import { theme } from './theme';

export interface AppProps {
  router: ReturnType<typeof createAppRouter>;
  sync: SyncRuntime;
}

/** Providers around the router; the router and sync runtime are made by the caller, outside render. */
export function App({ router, sync }: AppProps) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      {/* SPEC: the toast queue holds one toast at a time. */}
      <Notifications position="top-center" limit={1} />
      <SyncProvider runtime={sync}>
        <AutoSync />
        <RouterProvider router={router} />
      </SyncProvider>
    </MantineProvider>
  );
}

/** The Settings modal's auto-sync, running whichever screen is open. */
function AutoSync() {
  useAutoSyncTimer();
  return null;
}
