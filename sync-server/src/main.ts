import { loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { createServer } from './server.ts';
import { loadRestConfig } from './rest/config.ts';
import { seedDemo } from './services/demo.ts';

const config = loadConfig();
const restConfig = loadRestConfig();
const logger = createLogger(config.logLevel);
const server = createServer({
  ...config.server,
  logger,
  webDir: restConfig.webDir,
  maxBodyBytes: restConfig.maxBodyBytes,
});
if (restConfig.demo && (await seedDemo(server.rest.docs, server.store))) {
  logger.info('demo data created (set PLOD_DEMO=0 to start empty)');
}

// A bug in one handler must not take every crew's sync down with it.
process.on('uncaughtException', (error) => logger.error('uncaught exception', { error }));
process.on('unhandledRejection', (error) => logger.error('unhandled rejection', { error }));

const running = await server.start(config.port, config.host);
logger.info('plod sync server started', {
  port: running.port,
  dataDir: config.server.dataDir,
});

let stopping = false;
const shutdown = (signal: string) => {
  if (stopping) return;
  stopping = true;
  logger.info('shutting down', { signal });
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
