import { classifyDocName } from '@plod/model';
import {
  NO_LATE_EDITS,
  trackLateEdits,
  type LateEditsProviderLike,
  type LateEditsState,
} from '@plod/model/sync';

// A crew phone's edits to a plod that was submitted before they arrived are kept aside by the server
// for a supervisor (docs/sync-protocol.md, message 101). They are durable there, so they are not
// pending; this counts them apart ("Waiting for supervisor") and carries the supervisor's decisions.

const WAITING_PREFIX = 'plod:waiting:';

function readWaiting(storage: Storage | null, name: string): number {
  const value = Number(storage?.getItem(WAITING_PREFIX + name) ?? 0);
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

/** Names of documents that had edits waiting for a supervisor when the app last ran. */
export function storedWaitingNames(storage: Storage | null): string[] {
  if (!storage) return [];
  const names: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (!key?.startsWith(WAITING_PREFIX)) continue;
    const name = key.slice(WAITING_PREFIX.length);
    if (readWaiting(storage, name) > 0) names.push(name);
  }
  return names;
}

/** One open document's late-edit state. */
export interface LateEditsHandle {
  state(): LateEditsState;
  subscribe(onChange: () => void): () => void;
  destroy(): void;
}

export type AttachLateEdits = (
  name: string,
  provider: LateEditsProviderLike,
) => LateEditsHandle | null;

/**
 * Late-edit notices for report documents (others hold nothing back). The waiting count is kept in
 * `storage` per document, so after a restart the phone still shows it and reopens the document to
 * hear the decision.
 */
export function createLateEdits(storage: Storage | null): AttachLateEdits {
  return (name, provider) => {
    if (classifyDocName(name).kind !== 'report') return null;
    const tracker = trackLateEdits(provider, {
      ...NO_LATE_EDITS,
      waiting: readWaiting(storage, name),
    });
    const stopPersisting = tracker.onChange(({ waiting }) => {
      try {
        if (waiting > 0) storage?.setItem(WAITING_PREFIX + name, String(waiting));
        else storage?.removeItem(WAITING_PREFIX + name);
      } catch {
        // Storage blocked: the count lasts for this visit only; the server still holds the edits.
      }
    });
    return {
      state: () => tracker.state,
      subscribe: (onChange) => tracker.onChange(() => onChange()),
      destroy() {
        stopPersisting();
        tracker.destroy();
      },
    };
  };
}

const SEEN_KEY = 'plod.lateEditDecisionsSeen';

/** Decisions the crew has acknowledged on this phone (each is shown until then). */
export class SeenDecisions {
  private readonly listeners = new Set<() => void>();
  private cache: ReadonlySet<string> | null = null;

  constructor(private readonly storage: Storage | null) {}

  has(id: string): boolean {
    return this.read().has(id);
  }

  add(ids: readonly string[]): void {
    const next = new Set([...this.read(), ...ids]);
    this.cache = next;
    try {
      // Decisions are sent for 30 days; a few hundred ids at most.
      this.storage?.setItem(SEEN_KEY, JSON.stringify([...next].slice(-500)));
    } catch {
      // Storage blocked: seen for this visit only.
    }
    this.listeners.forEach((listener) => listener());
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** A value that changes whenever the set does (for useSyncExternalStore). */
  version = (): ReadonlySet<string> => this.read();

  private read(): ReadonlySet<string> {
    if (this.cache) return this.cache;
    try {
      const parsed: unknown = JSON.parse(this.storage?.getItem(SEEN_KEY) ?? '[]');
      this.cache = new Set(
        Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [],
      );
    } catch {
      this.cache = new Set();
    }
    return this.cache;
  }
}
