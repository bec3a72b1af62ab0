import { notifications, notificationsStore } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { installToastPolicy } from './toasts';

const shown = () => notificationsStore.getState().notifications.map((n) => n.title);
const queued = () => notificationsStore.getState().queue.map((n) => n.title);

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  stop = null;
  notifications.clean();
});

describe('toast policy', () => {
  it('shows one toast at a time and the newest replaces the one shown, nothing waits', () => {
    // The host sets the limit (one) when it mounts; the store is what it reads.
    notificationsStore.setState({ ...notificationsStore.getState(), limit: 1 });
    stop = installToastPolicy();
    for (let run = 1; run <= 5; run += 1) notifications.show({ title: `Run ${run}`, message: 'x' });
    expect(shown()).toEqual(['Run 5']);
    expect(queued()).toEqual([]);
  });

  it('keeps only the newest of toasts shown before it was installed', () => {
    notificationsStore.setState({ ...notificationsStore.getState(), limit: 1 });
    notifications.show({ title: 'Early', message: 'x' });
    notifications.show({ title: 'Later', message: 'x' });
    expect(queued()).toEqual(['Later']);
    stop = installToastPolicy();
    expect(shown()).toEqual(['Later']);
    expect(queued()).toEqual([]);
  });

  it('without the policy, Mantine queues them one after another', () => {
    notificationsStore.setState({ ...notificationsStore.getState(), limit: 1 });
    for (let run = 1; run <= 3; run += 1) notifications.show({ title: `Run ${run}`, message: 'x' });
    expect(shown()).toEqual(['Run 1']);
    expect(queued()).toEqual(['Run 2', 'Run 3']);
  });
});
