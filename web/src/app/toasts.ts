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

/**
 * Each toast goes TOAST_MS after it is shown, whatever the pointer does: Mantine's own timer waits
 * while a mouse rests on a toast, so a toast under a resting pointer stayed for good. The host turns
 * Mantine's timer off (autoClose false); this one starts when a toast first shows.
 */
function hideOnTime(timers: Map<string, ReturnType<typeof setTimeout>>): void {
  for (const { id } of notificationsStore.getState().notifications) {
    // The store gives every toast an id when it is shown.
    if (id === undefined || timers.has(id)) continue;
    timers.set(
      id,
      setTimeout(() => notifications.hide(id), TOAST_MS),
    );
  }
  // Forget the ones gone (hidden, replaced or cleaned).
  const shown = new Set(notificationsStore.getState().notifications.map((toast) => toast.id));
  for (const [id, timer] of timers) {
    if (shown.has(id)) continue;
    clearTimeout(timer);
    timers.delete(id);
  }
}

/** Applies keepNewestToast and the toasts' own timer from now on; returns the unsubscribe. */
export function installToastPolicy(): () => void {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const apply = () => {
    keepNewestToast();
    hideOnTime(timers);
  };
  apply();
  const stop = notificationsStore.subscribe(apply);
  return () => {
    stop();
    for (const timer of timers.values()) clearTimeout(timer);
  };
}
