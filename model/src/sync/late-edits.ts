import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { listeners } from '../docs/listeners.ts';
import type { DurabilityProviderLike } from './durability.ts';

/**
 * Plod's opt-in late-edit message type: a crew device learns that its updates to a submitted plod
 * were kept aside for a supervisor ("waiting"), and what the supervisor decided. Stock clients never
 * send it, and the server sends it only on a socket that subscribed, so they never see it.
 */
export const MESSAGE_LATE_EDITS = 101;

/** Kinds of late-edit message, written right after MESSAGE_LATE_EDITS. */
export const LateEditsKind = {
  /** client -> server: "tell me about my held edits on this document, now and when they change". */
  Subscribe: 0,
  /** server -> client: the device's held edits on this document (a JSON `LateEditsState`). */
  State: 1,
} as const;

/** What a supervisor did with one held edit. */
export interface LateEditDecision {
  id: string;
  decision: 'merged' | 'discarded';
  /** ISO time of the decision. */
  at: string;
  /** What the edit changed, e.g. ["runs", "timesheets"]. */
  parts: string[];
}

/** One device's held edits on one document, as the server tells it. */
export interface LateEditsState {
  /** Edits from this device kept aside and not yet decided. */
  waiting: number;
  /** Recent decisions on this device's edits, newest first. */
  decided: LateEditDecision[];
}

export const NO_LATE_EDITS: LateEditsState = { waiting: 0, decided: [] };

export type LateEditsMessage = { kind: 'subscribe' } | { kind: 'state'; state: LateEditsState };

/** A whole WebSocket message subscribing to the late-edit state of the socket's document. */
export function encodeLateEditsSubscribe(): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_LATE_EDITS);
  encoding.writeVarUint(encoder, LateEditsKind.Subscribe);
  return encoding.toUint8Array(encoder);
}

/** A whole WebSocket message carrying a device's late-edit state. */
export function encodeLateEditsState(state: LateEditsState): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_LATE_EDITS);
  encoding.writeVarUint(encoder, LateEditsKind.State);
  encoding.writeVarString(encoder, JSON.stringify(state));
  return encoding.toUint8Array(encoder);
}

function isDecision(value: unknown): value is LateEditDecision {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    (v.decision === 'merged' || v.decision === 'discarded') &&
    typeof v.at === 'string' &&
    Array.isArray(v.parts) &&
    v.parts.every((part) => typeof part === 'string')
  );
}

/** Checks a decoded state; throws RangeError on anything else. */
export function parseLateEditsState(value: unknown): LateEditsState {
  if (typeof value !== 'object' || value === null) throw new RangeError('bad late-edit state');
  const { waiting, decided } = value as Record<string, unknown>;
  if (typeof waiting !== 'number' || !Number.isSafeInteger(waiting) || waiting < 0) {
    throw new RangeError('bad late-edit waiting count');
  }
  if (!Array.isArray(decided) || !decided.every(isDecision)) {
    throw new RangeError('bad late-edit decisions');
  }
  return { waiting, decided };
}

/**
 * Reads the body of a late-edit message from a decoder positioned after MESSAGE_LATE_EDITS.
 * Throws on an unknown kind, truncated input or a state that is not one.
 */
export function readLateEditsBody(decoder: decoding.Decoder): LateEditsMessage {
  const kind = decoding.readVarUint(decoder);
  if (kind === LateEditsKind.Subscribe) return { kind: 'subscribe' };
  if (kind !== LateEditsKind.State) throw new RangeError(`unknown late-edit message kind ${kind}`);
  const text = decoding.readVarString(decoder);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new RangeError('late-edit state is not JSON');
  }
  return { kind: 'state', state: parseLateEditsState(parsed) };
}

/** The parts of a y-websocket provider the late-edit helper uses: the durability helper's, less the doc. */
export type LateEditsProviderLike = Omit<DurabilityProviderLike, 'doc'>;

export interface LateEditsTracker {
  /** The latest state the server sent (or the initial one, before it has). */
  readonly state: LateEditsState;
  /** Calls listener with each new state; returns an unsubscribe. */
  onChange(listener: (state: LateEditsState) => void): () => void;
  destroy(): void;
}

/**
 * Registers Plod's late-edit notices on a y-websocket provider: subscribes after every (re)connection
 * once synced (by then the offline edits the server holds have arrived), and keeps the latest state.
 * `initial` is the state an earlier session knew, until the server answers.
 */
export function trackLateEdits(
  provider: LateEditsProviderLike,
  initial: LateEditsState = NO_LATE_EDITS,
): LateEditsTracker {
  let state = initial;
  let destroyed = false;
  const changes = listeners<[state: LateEditsState]>();

  const subscribe = () => {
    if (destroyed || !provider.wsconnected || provider.ws === null) return;
    try {
      provider.ws.send(encodeLateEditsSubscribe());
    } catch {
      // The socket is closing: the next sync subscribes again.
    }
  };
  const onSync = (synced: boolean) => {
    if (synced) subscribe();
  };

  provider.messageHandlers[MESSAGE_LATE_EDITS] = (_encoder, decoder) => {
    const message = readLateEditsBody(decoder);
    if (destroyed || message.kind !== 'state') return;
    state = message.state;
    changes.tell(state);
  };
  provider.on('sync', onSync);
  if (provider.synced) subscribe();

  return {
    get state() {
      return state;
    },
    onChange: changes.add,
    destroy() {
      destroyed = true;
      changes.clear();
      provider.off('sync', onSync);
    },
  };
}
