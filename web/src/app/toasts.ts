import { notifications, notificationsStore } from '@mantine/notifications';

/** How long a toast stays: long enough to read a line, short enough never to be in the way. */
export const TOAST_MS = 3000;

/**
 * One toast at a time, and the newest wins: a toast shown while another is up replaces it instead
 * of waiting its turn. (Mantine queues them: five runs added in a row used to keep toasts on
 * screen for 16.9 s.)
 */
export function keepNewestToast(): void {
  const { notifications: shown, queue } = notificationsStore.getState();
  if (shown.length + queue.length <= 1) return;
  // The store lists the shown toast first, then the queue in the order they were shown.
  notifications.updateState(notificationsStore, (all) => all.slice(-1));
}

/** Applies keepNewestToast to every toast from now on; returns the unsubscribe. */
export function installToastPolicy(): () => void {
  keepNewestToast();
  const stop = notificationsStore.subscribe(keepNewestToast);
  return () => {
    stop();
  };
}
