import { MeteredStore, STORE_OPERATIONS } from './metered-store.ts';
import type { StoreObserver, StoreOperation } from './metered-store.ts';
import type { DocumentStore } from '../store/document-store.ts';
import type { ClusterMetrics } from '../cluster/cluster.ts';

/** Upper bounds (seconds) of the commit latency histogram: 0.5 ms to 2.5 s. */
export const COMMIT_BUCKETS = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5,
] as const;

/** The gauges, read when /metrics is asked for. */
export interface Gauges {
  documentsOpen: number;
  sockets: number;
  lateEditsWaiting: number;
  /** Ownership and forwarding, when the process is one of several (cluster/cluster.ts). */
  cluster?: ClusterMetrics;
}

/**
 * The server's own figures in Prometheus's text format. Written out by hand: six series do not need
 * a client library. Counters and the histogram start at zero with the process, as Prometheus expects.
 */
export class ServerMetrics implements StoreObserver {
  private updates = 0;
  private readonly buckets = new Array<number>(COMMIT_BUCKETS.length).fill(0);
  private commits = 0;
  private commitSeconds = 0;
  private readonly errors = new Map<StoreOperation, number>(STORE_OPERATIONS.map((op) => [op, 0]));

  /** The store the relay should use: `store`, timed and counted. */
  meter(store: DocumentStore): DocumentStore {
    return new MeteredStore(store, this);
  }

  committed(updates: number, seconds: number): void {
    this.updates += updates;
    this.commits += 1;
    this.commitSeconds += seconds;
    COMMIT_BUCKETS.forEach((bound, i) => {
      if (seconds <= bound) this.buckets[i] = (this.buckets[i] ?? 0) + 1;
    });
  }

  failed(operation: StoreOperation): void {
    this.errors.set(operation, (this.errors.get(operation) ?? 0) + 1);
  }

  render(gauges: Gauges): string {
    const lines: string[] = [];
    const series = (name: string, type: string, help: string, samples: string[]) =>
      lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`, ...samples);
    /** A series of one sample, without labels. */
    const single = (name: string, type: string, help: string, value: number) =>
      series(name, type, help, [`${name} ${value}`]);
    single('plod_documents_open', 'gauge', 'Documents loaded in memory.', gauges.documentsOpen);
    single('plod_sockets', 'gauge', 'Open sync WebSockets.', gauges.sockets);
    single(
      'plod_updates_total',
      'counter',
      'Updates committed to the document store.',
      this.updates,
    );
    series(
      'plod_store_commit_seconds',
      'histogram',
      'Time from handing a batch of updates to the document store to its commit.',
      [
        ...COMMIT_BUCKETS.map(
          (bound, i) => `plod_store_commit_seconds_bucket{le="${bound}"} ${this.buckets[i] ?? 0}`,
        ),
        `plod_store_commit_seconds_bucket{le="+Inf"} ${this.commits}`,
        `plod_store_commit_seconds_sum ${this.commitSeconds}`,
        `plod_store_commit_seconds_count ${this.commits}`,
      ],
    );
    series(
      'plod_store_errors_total',
      'counter',
      'Document store calls that failed, by operation.',
      [...this.errors].map(([op, count]) => `plod_store_errors_total{operation="${op}"} ${count}`),
    );
    single(
      'plod_late_edits_waiting',
      'gauge',
      'Late edits kept aside for a supervisor to merge or discard.',
      gauges.lateEditsWaiting,
    );
    const cluster = gauges.cluster;
    if (cluster) {
      single(
        'plod_cluster_documents_owned',
        'gauge',
        'Documents whose lock this process holds.',
        cluster.documentsOwned,
      );
      single(
        'plod_cluster_sockets_forwarded',
        'gauge',
        'Sockets accepted here and served by the process that owns their document.',
        cluster.socketsForwarded,
      );
      series(
        'plod_cluster_forwarded_total',
        'counter',
        'Sockets, REST reads and REST writes sent on to the owner of their document.',
        [
          `plod_cluster_forwarded_total{kind="socket"} ${cluster.socketsForwardedTotal}`,
          `plod_cluster_forwarded_total{kind="read"} ${cluster.readsForwardedTotal}`,
          `plod_cluster_forwarded_total{kind="write"} ${cluster.writesForwardedTotal}`,
        ],
      );
    }
    return `${lines.join('\n')}\n`;
  }
}
