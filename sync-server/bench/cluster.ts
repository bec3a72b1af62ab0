import { randomUUID } from 'node:crypto';
import { createDatabase, startPgCluster } from '../scripts/pg-cluster.ts';
import { startBalancer } from '../src/cluster/balancer.ts';
import { ingestFigures, runIngestLoads } from './ingest.ts';
import { oneWindow, startLatencyLoads, summarizeLatency } from './latency.ts';
import { goWhenReady, round, startServer } from './processes.ts';
import type { BenchServer, LoadOptions } from './processes.ts';

/** The load's options are the latency run's; the ingest run has its own clients, window and time. */
export interface ClusterBenchOptions extends LoadOptions {
  /** Ingest: clients (one document each), their window and run time. */
  ingestClients: number;
  ingestWindow: number;
  ingestDurationMs: number;
}

interface Variant {
  name: string;
  processes: number;
  env: () => Promise<Record<string, string>>;
}

/** Starts the variant's processes together and a TCP balancer in front of them. */
async function startVariant(variant: Variant) {
  const env = {
    PLOD_DEMO: '0',
    // Every connection comes from the balancer's address: no per-address cap.
    PLOD_TRUST_PROXY: 'true',
    ...(await variant.env()),
  };
  const servers: BenchServer[] = await Promise.all(
    Array.from({ length: variant.processes }, () => startServer('plod', { env })),
  );
  const balancer = await startBalancer(
    servers.map((server) => ({ host: '127.0.0.1', port: server.port })),
  );
  return {
    url: `ws://127.0.0.1:${balancer.port}/sync`,
    rssMb: () => round(servers.reduce((sum, server) => sum + server.rssKb(), 0) / 1024, 1),
    stop: async () => {
      await balancer.close();
      await Promise.all(servers.map((server) => server.stop()));
    },
  };
}

async function latency(variant: Variant, options: ClusterBenchOptions) {
  const running = await startVariant(variant);
  try {
    const loads = startLatencyLoads(running.url, options, oneWindow(options));
    await goWhenReady(loads);
    const results = await Promise.all(loads.map((load) => load.result));
    const sent = results.reduce((sum, result) => sum + (result.sent[0] ?? 0), 0);
    const figures = summarizeLatency(
      results.flatMap((result) => result.samples.flat()),
      sent * (options.clientsPerDoc - 1),
    );
    return {
      variant: variant.name,
      ...figures,
      sentPerSecond: Math.round(sent / (options.durationMs / 1000)),
      serversRssMb: running.rssMb(),
    };
  } finally {
    await running.stop();
  }
}

async function ingest(variant: Variant, options: ClusterBenchOptions) {
  const running = await startVariant(variant);
  try {
    const clients = options.ingestClients;
    const results = await runIngestLoads(running.url, {
      clients,
      workers: options.workers,
      durationMs: options.ingestDurationMs,
      window: options.ingestWindow,
      barrierEvery: 32,
      updatesPerClient: Math.ceil((60_000 * options.ingestDurationMs) / 1000 / clients),
    });
    return {
      variant: variant.name,
      ...ingestFigures(results),
      serversRssMb: running.rssMb(),
    };
  } finally {
    await running.stop();
  }
}

/**
 * Relay latency and ingest on SQLite (one process) and PostgreSQL (one process, and three processes
 * sharing the database), each behind the same TCP balancer so that the hop costs them all alike.
 * With three processes a document's clients land on different processes: one owns it and the
 * others forward their sockets to it (latency), while ingest's one-client documents are each owned
 * where their client landed. PostgreSQL is a throwaway cluster on this machine with fsync on; on a
 * machine of two cores, three processes and PostgreSQL share them with the load generators.
 */
export async function clusterBench(options: ClusterBenchOptions): Promise<void> {
  const cluster = await startPgCluster({ fsync: true });
  try {
    const database = () => createDatabase(cluster.url, `bench_${randomUUID().slice(0, 8)}`);
    const variants: Variant[] = [
      { name: 'SQLite, 1 process', processes: 1, env: async () => ({}) },
      {
        name: 'PostgreSQL, 1 process',
        processes: 1,
        env: async () => ({ PLOD_DATABASE_URL: await database() }),
      },
      {
        name: 'PostgreSQL, 3 processes',
        processes: 3,
        env: async () => ({
          PLOD_DATABASE_URL: await database(),
          PLOD_CLUSTER_SECRET: randomUUID(),
        }),
      },
    ];
    console.log(
      `\n## Several processes: broadcast latency, ${options.docs} docs x ${options.clientsPerDoc} ` +
        `stock clients x ${options.ratePerSecond}/s, ${options.durationMs / 1000} s after ` +
        `${options.warmupMs / 1000} s warm-up, through a TCP balancer; ${options.rounds} round(s)`,
    );
    const latencies = [];
    for (let r = 0; r < options.rounds; r++) {
      for (const variant of r % 2 === 0 ? variants : [...variants].reverse()) {
        latencies.push({ round: r + 1, ...(await latency(variant, options)) });
      }
    }
    console.table(latencies);
    console.log(
      `\n## Several processes: ingest, ${options.ingestClients} clients (one document each), ` +
        `window ${options.ingestWindow}, ${options.ingestDurationMs / 1000} s, through a TCP balancer`,
    );
    const ingests = [];
    for (let r = 0; r < options.rounds; r++) {
      for (const variant of r % 2 === 0 ? variants : [...variants].reverse()) {
        ingests.push({ round: r + 1, ...(await ingest(variant, options)) });
      }
    }
    console.table(ingests);
  } finally {
    await cluster.stop();
  }
}
