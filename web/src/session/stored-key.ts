/**
 * A value kept under a localStorage key, for useSyncExternalStore: `notify` tells this tab's
 * subscribers after a write; `subscribe` also hears another tab of the app changing the key.
 */
export function storedKey(key: string) {
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const subscribe = (onChange: () => void): (() => void) => {
    listeners.add(onChange);
    const onStorage = (event: StorageEvent) => {
      if (event.key === key) onChange();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(onChange);
      window.removeEventListener('storage', onStorage);
    };
  };
  return { notify, subscribe };
}
