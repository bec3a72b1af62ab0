import { useSyncExternalStore } from 'react';

// The name other phones see in presence: set once by the person, else generated and kept, so the
// same phone shows under the same name on every screen and every day.
const KEY = 'plod.deviceName';
const listeners = new Set<() => void>();
let fallback: string | null = null;

function generated(): string {
  const n = Math.floor(1000 + Math.random() * 9000);
  return `Phone ${n}`;
}

/** This device's presence name. */
export function getDeviceName(): string {
  try {
    const stored = localStorage.getItem(KEY);
    if (stored && stored.trim()) return stored;
    const name = generated();
    localStorage.setItem(KEY, name);
    return name;
  } catch {
    // Storage blocked: a name for this visit only.
    fallback ??= generated();
    return fallback;
  }
}

/** Sets the presence name; a blank name is ignored. */
export function setDeviceName(name: string): void {
  const trimmed = name.trim().slice(0, 40);
  if (!trimmed) return;
  try {
    localStorage.setItem(KEY, trimmed);
  } catch {
    fallback = trimmed;
  }
  listeners.forEach((listener) => listener());
}

/** Calls back when the person renames this phone; the result stops it. */
export function subscribeDeviceName(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => {
    listeners.delete(onChange);
  };
}

export function useDeviceName(): string {
  return useSyncExternalStore(subscribeDeviceName, getDeviceName, getDeviceName);
}
