import { useCallback, useEffect, useSyncExternalStore } from 'react';
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
  // The document's entry is looked up inside each effect and subscription, never captured from a
  // render: a render that commits late (a slow transition on a loaded phone) may find its entry
  // already closed and replaced, and presence set on the old one would reach nobody.
  useEffect(() => {
    const release = registry.retain(docName);
    const awareness = registry.entry(docName).provider.awareness;
    awareness.setLocalState({ name, screen } satisfies PresenceState);
    return () => {
      awareness.setLocalState(null);
      release();
    };
  }, [registry, docName, name, screen]);
  const subscribe = useCallback(
    (onChange: () => void) => {
      const release = registry.retain(docName);
      const awareness = registry.entry(docName).provider.awareness;
      const listener = () => {
        cache.delete(awareness);
        onChange();
      };
      awareness.on('change', listener);
      // Presence that arrived before this subscription (the states a newcomer receives as soon as
      // it connects) changed nothing in the cache: drop it and read again. The entry may also
      // differ from the one the render read.
      cache.delete(awareness);
      onChange();
      return () => {
        awareness.off('change', listener);
        release();
      };
    },
    [registry, docName],
  );
  return useSyncExternalStore(subscribe, () => peersOf(registry.entry(docName).provider.awareness));
}
