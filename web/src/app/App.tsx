import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { notificationsStore } from '@mantine/notifications';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ComponentType } from 'react';
import { RouterProvider } from 'react-router';
import type { createAppRouter } from '../routes/router';
import { useAutoSyncTimer } from '../reports/settings';
import { SyncProvider, type SyncRuntime } from '../sync';
import { cssVariablesResolver, theme } from './theme';

// The toast host (and its transitions, portal and focus handling) is its own chunk, loaded when the
// first toast is shown: notifications.show() only writes to a store, which the host reads once it
// has loaded. A screen that shows no toast (the reports list, opened again) never loads it. A phone
// with no signal and no copy of that chunk (no service worker yet) keeps working without toasts and
// loads the host when the signal comes back: a failed load never reaches the screen.
const loadToasts = () => import('./Toasts');

const toastsDue = () => {
  const { notifications, queue } = notificationsStore.getState();
  return notifications.length + queue.length > 0;
};

/** Mounts the toast host at the first toast, and keeps it (so a toast's exit still plays). */
function ToastHost() {
  const due = useSyncExternalStore(notificationsStore.subscribe, toastsDue);
  const [wanted, setWanted] = useState(due);
  const [Host, setHost] = useState<ComponentType | null>(null);
  if (due && !wanted) setWanted(true);
  useEffect(() => {
    if (!wanted || Host) return;
    let live = true;
    const load = () => {
      loadToasts().then(
        (module) => {
          if (live) setHost(() => module.default);
        },
        () => window.addEventListener('online', load, { once: true }),
      );
    };
    load();
    return () => {
      live = false;
      window.removeEventListener('online', load);
    };
  }, [wanted, Host]);
  return Host ? <Host /> : null;
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
  return null;
}
