import type * as Y from 'yjs';

/** Who made a change: a crew member on a phone, a supervisor, a client account, or the server itself. */
export interface Actor {
  kind: 'crew' | 'supervisor' | 'client' | 'system';
  /** The person's name (a supervisor's or client's username; the name a crew member goes by on the phone). */
  name: string;
  /** The joined device's id, when the change was made on (or sent by) a joined device. */
  deviceId: string | null;
  deviceName: string | null;
}

export const ACTOR_KINDS = ['crew', 'supervisor', 'client', 'system'] as const;

const textOrNull = (value: unknown): value is string | null =>
  value === null || typeof value === 'string';

/** Is this a stored actor? (Checked by hand: this module is loaded before the app's first screen.) */
export function isActor(value: unknown): value is Actor {
  if (typeof value !== 'object' || value === null) return false;
  const actor = value as Record<string, unknown>;
  return (
    (ACTOR_KINDS as readonly unknown[]).includes(actor.kind) &&
    typeof actor.name === 'string' &&
    textOrNull(actor.deviceId) &&
    textOrNull(actor.deviceName)
  );
}

// Set once per opened document (the phone's person and device); withActor stacks on top of it for one
// synchronous call (a REST request on the server's shared live document).
const docActors = new WeakMap<Y.Doc, Actor>();
const scoped = new WeakMap<Y.Doc, Actor[]>();

/** Names the author of every later change to this document that records history (null: nobody known). */
export function setDocActor(doc: Y.Doc, actor: Actor | null): void {
  if (actor) docActors.set(doc, actor);
  else docActors.delete(doc);
}

/** Runs `fn` with `actor` as the author of every report change inside it; the previous author returns after. */
export function withActor<T>(doc: Y.Doc, actor: Actor, fn: () => T): T {
  const stack = scoped.get(doc) ?? [];
  scoped.set(doc, stack);
  stack.push(actor);
  try {
    return fn();
  } finally {
    stack.pop();
  }
}

/** The author of a change made now on this document, or null when none was set. */
export function currentActor(doc: Y.Doc): Actor | null {
  const stack = scoped.get(doc);
  return stack?.[stack.length - 1] ?? docActors.get(doc) ?? null;
}

/** The server itself (demo data, cleanup): never a person. */
export function systemActor(name: string): Actor {
  return { kind: 'system', name, deviceId: null, deviceName: null };
}
