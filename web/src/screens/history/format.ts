import type { Actor, HistoryEntry } from '@plod/model';

const pad = (n: number) => String(n).padStart(2, '0');

/** "14 Jul 10:02" (with the year when it is not this year), in the device's time zone. */
export function whenLabel(at: string, now: Date = new Date()): string {
  const date = new Date(at);
  const day = date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  });
  return `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The person: a name, or "Someone" when the change named nobody. */
export function whoLabel(actor: Actor | null): string {
  if (!actor) return 'Someone';
  if (actor.kind === 'supervisor') return `${actor.name} (supervisor)`;
  if (actor.kind === 'client') return `${actor.name} (client)`;
  return actor.name;
}

/** The device: the joined device's name, or what kind of access made the change. */
export function deviceLabel(actor: Actor | null): string {
  if (!actor) return 'Unknown device';
  if (actor.deviceName) return actor.deviceName;
  if (actor.deviceId) return `Device ${actor.deviceId.slice(0, 8)}`;
  return actor.kind === 'system' ? 'Server' : 'Browser';
}

/** "Ann on Pixel A", once when the person goes by the device's name. */
export function byLabel(actor: Actor | null): string {
  const who = whoLabel(actor);
  const device = deviceLabel(actor);
  return actor?.deviceName && actor.deviceName !== actor.name ? `${who} on ${device}` : who;
}

/** Newest first by the writers' clocks; changes of one save stay in their order. */
export function newestFirst(entries: readonly HistoryEntry[]): HistoryEntry[] {
  const order = new Map(entries.map((entry, i) => [entry.id, i]));
  return [...entries].sort(
    (a, b) =>
      b.at.localeCompare(a.at) ||
      (b.recordId === a.recordId
        ? (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0)
        : (order.get(b.id) ?? 0) - (order.get(a.id) ?? 0)),
  );
}
