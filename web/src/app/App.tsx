import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { notificationsStore } from '@mantine/notifications';
import { Suspense, lazy, useState, useSyncExternalStore } from 'react';
import { RouterProvider } from 'react-router';
import type { createAppRouter } from '../routes/router';
import { usePhotoUploads } from '../photos/usePhotos';
import { useAutoSyncTimer } from '../reports/settings';
import { SyncProvider, type SyncRuntime } from '../sync';
import { cssVariablesResolver, theme } from './theme';

// The toast host (and its transitions, portal and focus handling) is its own chunk, loaded when the
// first toast is shown: notifications.show() only writes to a store, which the host reads once it
// has loaded. A screen that shows no toast (the reports list, opened again) never loads it.
const Toasts = lazy(() => import('./Toasts'));

const toastsDue = () => {
  const { notifications, queue } = notificationsStore.getState();
  return notifications.length + queue.length > 0;
};

/** Mounts the toast host at the first toast, and keeps it (so a toast's exit still plays). */
function ToastHost() {
  const due = useSyncExternalStore(notificationsStore.subscribe, toastsDue);
  const [mounted, setMounted] = useState(due);
  if (due && !mounted) setMounted(true);
  return mounted ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

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
      <ToastHost />
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
