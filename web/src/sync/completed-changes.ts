import {
  changesReportContent,
  classifyDocName,
  reportStatusOf,
  type ReportStatus,
} from '@plod/model';
import type * as Y from 'yjs';

const KEY = 'plod.changedAfterCompletion';

/**
 * Plods that changed on this phone's copy after it saw them completed: another phone's edits (made
 * before that phone knew of the completion) arrived and were applied. The plod stays completed (an
 * edit never reopens it); this phone says so on the plod's screens until the crew has seen it or
 * reopens the plod. Kept in localStorage, so it lasts across app starts.
 */
export class CompletedChanges {
  private readonly listeners = new Set<() => void>();
  private cache: Readonly<Record<string, string>> | null = null;

  constructor(private readonly storage: Storage | null) {}

  /** When the latest such change arrived, or null. */
  at(docName: string): string | null {
    return this.read()[docName] ?? null;
  }

  mark(docName: string, at = new Date().toISOString()): void {
    this.write({ ...this.read(), [docName]: at });
  }

  clear(docName: string): void {
    if (!(docName in this.read())) return;
    const { [docName]: _gone, ...rest } = this.read();
    this.write(rest);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private read(): Readonly<Record<string, string>> {
    if (this.cache) return this.cache;
    try {
      const parsed: unknown = JSON.parse(this.storage?.getItem(KEY) ?? '{}');
      this.cache =
        typeof parsed === 'object' && parsed !== null
          ? Object.fromEntries(
              Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'),
            )
          : {};
    } catch {
      this.cache = {};
    }
    return this.cache;
  }

  private write(next: Record<string, string>): void {
    this.cache = next;
    try {
      this.storage?.setItem(KEY, JSON.stringify(next));
    } catch {
      // Storage blocked: the notice lasts for this visit only.
    }
    this.listeners.forEach((listener) => listener());
  }
}

/**
 * Watches one open report document: a transaction from the server (`remote` origin) that changes
 * the plod's content while this copy already held it completed is recorded. The device copy read
 * from IndexedDB is the starting point, never a change. Returns the stop function.
 */
export function watchCompletedChanges(
  name: string,
  doc: Y.Doc,
  remote: unknown,
  store: CompletedChanges,
): () => void {
  if (classifyDocName(name).kind !== 'report') return () => {};
  let status: ReportStatus | null = null;
  const onTransaction = (transaction: Y.Transaction) => {
    const next = reportStatusOf(doc);
    if (
      transaction.origin === remote &&
      status === 'completed' &&
      next === 'completed' &&
      changesReportContent(doc, transaction)
    ) {
      store.mark(name);
    }
    // Reopened or submitted: the notice has served its purpose.
    if (next !== 'completed') store.clear(name);
    status = next;
  };
  doc.on('afterTransaction', onTransaction);
  return () => doc.off('afterTransaction', onTransaction);
}
