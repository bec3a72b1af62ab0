import { loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { ServingRefused, oneAtATime } from './cluster/ownership.ts';
import { createServer } from './server.ts';
import type { PlodServer } from './server.ts';
import { loadRestConfig } from './rest/config.ts';
import { seedDemo } from './services/demo.ts';
import { PgStore } from './store/pg-store.ts';

/** A setting that cannot work: say why on stderr and exit 1, without a stack trace. */
function fail(error: unknown): never {
  process.stderr.write(`plod: ${errorText(error)}\n`);
  process.exit(1);
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// Everything the server creates (the database, its WAL, credentials, backups) is its user's alone.
process.umask(0o077);

let config: ReturnType<typeof loadConfig>;
let restConfig: ReturnType<typeof loadRestConfig>;
try {
  config = loadConfig();
  restConfig = loadRestConfig();
} catch (error) {
  fail(error);
}
const logger = createLogger(config.logLevel);
/**
 * Builds the server (on a first start: the first supervisor and the crew code), reaches PostgreSQL
 * if configured, and seeds the demo on an empty store.
 */
async function prepare(): Promise<PlodServer> {
  let server: PlodServer;
  try {
    server = createServer({
      ...config.server,
      // A process whose locks on the database are gone must not write another byte: it stops, and
      // its clients reconnect (to the others, or to it once restarted; see cluster/ownership.ts).
      onLockLost: () => {
        logger.error('document ownership lost; stopping');
        process.exit(1);
      },
      logger,
      webDir: restConfig.webDir,
      maxBodyBytes: restConfig.maxBodyBytes,
    });
  } catch (error) {
    fail(error);
  }
  // PostgreSQL: reach it and create the tables before listening, or say why not and stop.
  if (server.store instanceof PgStore) {
    await server.store.ready().catch(async (error: unknown) => {
      await server.close();
      fail(new Error(`cannot use PLOD_DATABASE_URL: ${errorText(error)}`));
    });
  }
  // On PostgreSQL: the connection holding its locks, before any document opens. A process that may
  // not serve this database beside the others (see ServingRefused) says why and stops.
  await server.ownership?.connect().catch(async (error: unknown) => {
    await server.close();
    fail(
      error instanceof ServingRefused
        ? error
        : new Error(`cannot take document locks on PLOD_DATABASE_URL: ${errorText(error)}`),
    );
  });
  if (restConfig.demo && (await seedDemo(server.rest.docs, server.store))) {
    logger.info('demo data created (set PLOD_DEMO=0 to start empty)');
  }
  return server;
}

// Several processes starting together prepare one at a time: the first creates the first
// supervisor and the demo, the others find them.
const databaseUrl = config.server.databaseUrl;
const server =
  config.server.cluster && databaseUrl
    ? await oneAtATime(databaseUrl, 'start', prepare).catch((error: unknown) =>
        fail(new Error(`cannot use PLOD_DATABASE_URL: ${errorText(error)}`)),
      )
    : await prepare();

// A bug in one handler must not take every crew's sync down with it.
process.on('uncaughtException', (error) => logger.error('uncaught exception', { error }));
process.on('unhandledRejection', (error) => logger.error('unhandled rejection', { error }));

const running = await server.start(config.port, config.host).catch(async (error: unknown) => {
  await server.close();
  return fail(error);
});
logger.info('plod sync server started', {
  port: running.port,
  dataDir: config.server.dataDir,
});

let stopping = false;
const shutdown = (signal: string) => {
  if (stopping) return;
  stopping = true;
  logger.info('shutting down', { signal });
  // Whatever is still open (a stuck store, a socket that never closes), the process ends in time:
  // what was acknowledged is already durable.
  setTimeout(() => {
    logger.error('shutdown took too long; exiting', { afterMs: config.shutdownTimeoutMs });
    process.exit(1);
  }, config.shutdownTimeoutMs);
  running.close().then(
    () => process.exit(0),
    (error: unknown) => {
      logger.error('shutdown failed', { error });
      process.exit(1);
    },
  );
};
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
