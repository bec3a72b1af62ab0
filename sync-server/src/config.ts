import path from 'node:path';
import { z } from 'zod';
import { LOG_LEVELS } from './logger.ts';
import type { LogLevel } from './logger.ts';
import type { ServerOptions } from './server.ts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');
const int = z.coerce.number().int().positive();

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  HOST: z.string().optional(),
  PLOD_DATA_DIR: z.string().default('./data'),
  PLOD_LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  PLOD_INSECURE_ALLOW_ALL: bool.default(true),
  PLOD_SQLITE_SYNCHRONOUS: z.enum(['FULL', 'NORMAL']).default('FULL'),
  PLOD_MAX_MESSAGE_BYTES: int.optional(),
  PLOD_MAX_BUFFERED_BYTES: int.optional(),
  PLOD_MAX_PENDING_UPGRADES: int.optional(),
  PLOD_MAX_CONNECTIONS: int.optional(),
  PLOD_UNLOAD_GRACE_MS: z.coerce.number().int().min(0).optional(),
  PLOD_COMPACT_AFTER_UPDATES: int.optional(),
});

export interface Config {
  port: number;
  host: string | undefined;
  logLevel: LogLevel;
  server: ServerOptions;
}

/** Reads the environment (see docs/operations.md); throws a readable error on a bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`bad configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    logLevel: e.PLOD_LOG_LEVEL,
    server: {
      dataDir: path.resolve(e.PLOD_DATA_DIR),
      logLevel: e.PLOD_LOG_LEVEL,
      insecureAllowAll: e.PLOD_INSECURE_ALLOW_ALL,
      sqliteSynchronous: e.PLOD_SQLITE_SYNCHRONOUS,
      maxMessageBytes: e.PLOD_MAX_MESSAGE_BYTES,
      maxBufferedBytes: e.PLOD_MAX_BUFFERED_BYTES,
      maxPendingUpgrades: e.PLOD_MAX_PENDING_UPGRADES,
      maxConnections: e.PLOD_MAX_CONNECTIONS,
      unloadGraceMs: e.PLOD_UNLOAD_GRACE_MS,
      compactAfterUpdates: e.PLOD_COMPACT_AFTER_UPDATES,
    },
  };
}
