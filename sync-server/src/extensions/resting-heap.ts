import v8 from 'node:v8';
import vm from 'node:vm';
import type { RelayHooks } from '../relay/hooks.ts';

/** After the last document leaves memory, how long no document may load before the collection. */
export const RESTING_COLLECTION_DELAY_MS = 1_000;

/** At most one collection at rest in this long. */
export const RESTING_COLLECTION_INTERVAL_MS = 60_000;

let exposed: (() => void) | null | undefined;

/**
 * V8's full garbage collection (what `--expose-gc` gives as `gc`), made reachable at run time;
 * null where the runtime refuses it.
 */
export function fullCollection(): (() => void) | null {
  if (exposed !== undefined) return exposed;
  try {
    if (typeof globalThis.gc !== 'function') v8.setFlagsFromString('--expose-gc');
    const gc: unknown = globalThis.gc ?? vm.runInNewContext('gc');
    exposed = typeof gc === 'function' ? () => void gc() : null;
  } catch {
    exposed = null;
  }
  return exposed;
}

/**
 * One full collection once the server has come to rest: no document in memory for `delayMs`
 * (and none in the `intervalMs` since the last one).
 *
 * What a document held becomes garbage when it unloads, and V8 collects garbage when JavaScript
 * allocates, or when its memory reducer finds the process idle after a collection that grew the
 * heap. Neither need follow an unload at rest: the start's reconcile of the reports index (a
 * document of a row per plod, unloaded a grace period after) left its heap, 30 MB at 10,000 plods,
 * in the process for as long as nothing else ran (docs/benchmarks.md). A full collection of a
 * resting heap takes a few milliseconds to tens of milliseconds, when no document is being
 * edited.
 */
export class RestingCollector {
  private timer: NodeJS.Timeout | null = null;
  private lastAt = Number.NEGATIVE_INFINITY;
  private stopped = false;

  constructor(
    private readonly collect: (() => void) | null = fullCollection(),
    private readonly delayMs = RESTING_COLLECTION_DELAY_MS,
    private readonly intervalMs = RESTING_COLLECTION_INTERVAL_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** No document is in memory now. */
  resting(): void {
    const collect = this.collect;
    if (!collect || this.timer || this.stopped) return;
    const wait = Math.max(this.delayMs, this.lastAt + this.intervalMs - this.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.lastAt = this.now();
      collect();
    }, wait);
    this.timer.unref();
  }

  /** A document loaded: no collection until the server rests again. */
  busy(): void {
    if (!this.timer) return;
    clearTimeout(this.timer);
    this.timer = null;
  }

  /** No collection from now on (the server closes). */
  stop(): void {
    this.stopped = true;
    this.busy();
  }
}

/** What the collection waits for: no document in memory, and their last compactions written. */
export interface ResidentDocuments {
  readonly openDocuments: number;
  compacted(): Promise<void>;
}

/**
 * Tells `collector` when the last document has left memory (its compaction, which still reads
 * it, done), and when one loads again.
 */
export function restingHeapExtension(
  documents: ResidentDocuments,
  collector: RestingCollector,
): RelayHooks {
  return {
    name: 'resting heap',
    onLoad: () => collector.busy(),
    onUnload: () => {
      if (documents.openDocuments > 0) return;
      void documents.compacted().then(
        () => {
          if (documents.openDocuments === 0) collector.resting();
        },
        () => undefined,
      );
    },
  };
}
