import { useEffect, useState, useSyncExternalStore } from 'react';
import type * as Y from 'yjs';
import { useSyncRuntime } from './context';
import { LOCAL_ORIGIN } from './origin';

/** An undo history of one document, as model/ makes them (createReportUndo). */
export interface UndoHistory<Step, Outcome> {
  next(): Step | null;
  undo(): Outcome;
  expireBefore(cutoff: number): void;
  subscribe(listener: () => void): () => void;
  destroy(): void;
}

/** Makes a history of a document; only changes with `localOrigin` are this device's own. */
export type UndoHistoryFactory<Step, Outcome> = (
  doc: Y.Doc,
  options: { localOrigin: unknown },
) => UndoHistory<Step, Outcome>;

/** Holds the history the current effect attached; screens read it as an external store. */
class UndoSlot<Step, Outcome> {
  private history: UndoHistory<Step, Outcome> | null = null;
  private stop: (() => void) | null = null;
  private readonly listeners = new Set<() => void>();

  attach(history: UndoHistory<Step, Outcome>): void {
    this.history = history;
    this.stop = history.subscribe(this.emit);
    this.emit();
  }

  detach(): void {
    this.stop?.();
    this.history?.destroy();
    this.stop = null;
    this.history = null;
    this.emit();
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly next = (): Step | null => this.history?.next() ?? null;
  readonly undo = (): Outcome | null => this.history?.undo() ?? null;
  readonly expireBefore = (cutoff: number): void => this.history?.expireBefore(cutoff);

  private readonly emit = () => this.listeners.forEach((listener) => listener());
}

export interface UndoControls<Step, Outcome> {
  /** What the next undo takes back, or null when there is nothing. */
  next: Step | null;
  /** Undoes the next step; null when no history is attached. */
  undo(): Outcome | null;
  expireBefore(cutoff: number): void;
}

/**
 * An undo history of this device's own changes to the named document, for as long as the caller is
 * mounted with that name: it starts empty, and is dropped (with everything on it) when the caller
 * unmounts or the name changes. It lives in memory, so a reload starts without one.
 */
export function useUndoHistory<Step, Outcome>(
  name: string | null,
  create: UndoHistoryFactory<Step, Outcome>,
): UndoControls<Step, Outcome> {
  const { registry } = useSyncRuntime();
  const [slot] = useState(() => new UndoSlot<Step, Outcome>());
  useEffect(() => {
    if (name === null) return;
    const release = registry.retain(name);
    slot.attach(create(registry.entry(name).doc, { localOrigin: LOCAL_ORIGIN }));
    return () => {
      slot.detach();
      release();
    };
  }, [registry, slot, name, create]);
  const next = useSyncExternalStore(slot.subscribe, slot.next);
  // A document saved by a newer version of Plod is never changed here, an undo included.
  const undo = () => (name !== null && registry.entry(name).newerError() ? null : slot.undo());
  return { next, undo, expireBefore: slot.expireBefore };
}
