import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { Suspense, lazy } from 'react';
import { RouterProvider } from 'react-router';
import type { createAppRouter } from '../routes/router';
import { usePhotoUploads } from '../photos/usePhotos';
import { useAutoSyncTimer } from '../reports/settings';
import { SyncProvider, type SyncRuntime } from '../sync';
import { cssVariablesResolver, theme } from './theme';

// The toast host (and its transitions) is its own chunk: no toast is due in the first frame, and
// notifications.show() only writes to a store, which the host reads once it has loaded.
const Toasts = lazy(() => import('./Toasts'));

export interface AppProps {
  router: ReturnType<typeof createAppRouter>;
  sync: SyncRuntime;
}

/** Providers around the router; the router and sync runtime are made by the caller, outside render. */
export function App({ router, sync }: AppProps) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
      <SyncProvider runtime={sync}>
        <AutoSync />
        <RouterProvider router={router} />
      </SyncProvider>
    </MantineProvider>
  );
}

/** The Settings modal's auto-sync and the photo uploader, running whichever screen is open. */
function AutoSync() {
  useAutoSyncTimer();
  usePhotoUploads();
  return null;
}
