import { useEffect, useSyncExternalStore } from 'react';
import type { Awareness } from 'y-protocols/awareness';
import { useSyncRuntime } from './context';

/** Someone else with the same document open, and the screen they are on. */
export interface PresencePeer {
  clientId: number;
  name: string;
  screen: string;
}

interface PresenceState {
  name: string;
  screen: string;
}

function isPresenceState(value: unknown): value is PresenceState {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Record<string, unknown>).name === 'string' &&
    typeof (value as Record<string, unknown>).screen === 'string'
  );
}

// One cached peer list per awareness, replaced on each change, so useSyncExternalStore sees a
// stable value between changes.
const cache = new WeakMap<Awareness, PresencePeer[]>();

function peersOf(awareness: Awareness): PresencePeer[] {
  const cached = cache.get(awareness);
  if (cached) return cached;
  const peers: PresencePeer[] = [];
  awareness.getStates().forEach((state, clientId) => {
    if (clientId !== awareness.clientID && isPresenceState(state)) {
      peers.push({ clientId, name: state.name, screen: state.screen });
    }
  });
  peers.sort((a, b) => a.name.localeCompare(b.name) || a.clientId - b.clientId);
  cache.set(awareness, peers);
  return peers;
}

/**
 * Tells the others on this document who we are and which screen we are on (y-websocket awareness:
 * never stored, gone when we leave the screen or lose the connection) and lists who else is here.
 */
export function usePresence(docName: string, name: string, screen: string): PresencePeer[] {
  const { registry } = useSyncRuntime();
  useEffect(() => registry.retain(docName), [registry, docName]);
  const awareness = registry.entry(docName).provider.awareness;
  useEffect(() => {
    awareness.setLocalState({ name, screen } satisfies PresenceState);
    return () => awareness.setLocalState(null);
  }, [awareness, name, screen]);
  return useSyncExternalStore(
    (onChange) => {
      const listener = () => {
        cache.delete(awareness);
        onChange();
      };
      awareness.on('change', listener);
      return () => awareness.off('change', listener);
    },
    () => peersOf(awareness),
  );
}
