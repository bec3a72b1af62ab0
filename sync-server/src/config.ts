import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from './auth/passwords.ts';
import { resolveDataDir } from './data-dir.ts';
import { MIN_CREW_CODE_LENGTH, normalizeCrewCode } from './auth/secrets.ts';
import { LOG_LEVELS } from './logger.ts';
import type { LogLevel } from './logger.ts';
import type { ServerOptions } from './server.ts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');
const int = z.coerce.number().int().positive();
/** A comma-separated list of origins (`https://plod.example.com`), each without a path. */
const origins = z
  .string()
  .default('')
  .transform((text) =>
    text
      .split(',')
      .map((item) => item.trim().replace(/\/+$/, ''))
      .filter((item) => item !== ''),
  )
  .pipe(
    z.array(
      z.string().refine((item) => {
        try {
          return new URL(item).origin === item;
        } catch {
          return false;
        }
      }, 'each entry must be an origin such as https://plod.example.com (scheme, host, optional port)'),
    ),
  );

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  HOST: z.string().optional(),
  PLOD_DATA_DIR: z.string().optional(),
  PLOD_DATABASE_URL: z
    .string()
    .regex(
      /^postgres(ql)?:\/\/\S+$/,
      'must be a PostgreSQL URL such as postgres://plod:secret@db.example.com:5432/plod',
    )
    .optional(),
  PLOD_METRICS_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').optional(),
  PLOD_CLUSTER_SECRET: z.string().trim().min(16, 'must be at least 16 characters').optional(),
  PLOD_CLUSTER_ADDRESS: z
    .string()
    .regex(
      /^https?:\/\/[^/\s]+$/,
      'must be the base URL other processes reach this one at, such as http://10.0.0.5:8787',
    )
    .optional(),
  PLOD_LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  PLOD_INSECURE_ALLOW_ALL: bool.default(false),
  PLOD_ADMIN_USERNAME: z.string().trim().min(1).optional(),
  PLOD_ADMIN_PASSWORD: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
    .optional(),
  PLOD_CREW_CODE: z
    .string()
    .refine(
      (code) => normalizeCrewCode(code).length >= MIN_CREW_CODE_LENGTH,
      `must have at least ${MIN_CREW_CODE_LENGTH} characters besides dashes and spaces`,
    )
    .optional(),
  PLOD_SESSION_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 90)
    .default(12),
  PLOD_ALLOWED_ORIGINS: origins,
  PLOD_CORS_ORIGINS: origins,
  PLOD_TRUST_PROXY: bool.default(false),
  PLOD_SQLITE_SYNCHRONOUS: z.enum(['FULL', 'NORMAL']).default('FULL'),
  PLOD_WRITER_NICE: z.coerce.number().int().min(0).max(19).optional(),
  PLOD_COMMITS_PER_SECOND: z.coerce.number().int().min(1).max(1_000).optional(),
  PLOD_MAX_MESSAGE_BYTES: int.optional(),
  PLOD_MAX_BUFFERED_BYTES: int.optional(),
  PLOD_MAX_PENDING_UPGRADES: int.optional(),
  PLOD_MAX_CONNECTIONS: int.optional(),
  PLOD_UNLOAD_GRACE_MS: z.coerce.number().int().min(0).optional(),
  PLOD_COMPACT_AFTER_UPDATES: int.optional(),
  PLOD_RECLAIM_AFTER_UPDATES: int.optional(),
  PLOD_HEADERS_TIMEOUT_MS: int.optional(),
  PLOD_REQUEST_TIMEOUT_MS: int.optional(),
  PLOD_KEEP_ALIVE_TIMEOUT_MS: int.optional(),
  PLOD_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).optional(),
  PLOD_SHUTDOWN_TIMEOUT_MS: int.default(10_000),
  PLOD_LATE_EDITS_PER_DEVICE: int.optional(),
  PLOD_MAX_PRESENCE_BYTES: int.optional(),
  PLOD_UPDATES_PER_DEVICE_HOUR: int.optional(),
  PLOD_BYTES_PER_DEVICE_DAY: int.optional(),
});

export interface Config {
  port: number;
  host: string | undefined;
  logLevel: LogLevel;
  /** A shutdown (SIGTERM, SIGINT) exits within this, whatever is still open. */
  shutdownTimeoutMs: number;
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
  if ((e.PLOD_ADMIN_USERNAME === undefined) !== (e.PLOD_ADMIN_PASSWORD === undefined)) {
    throw new Error(
      'bad configuration: PLOD_ADMIN_USERNAME and PLOD_ADMIN_PASSWORD are set together or not at all',
    );
  }
  if (e.PLOD_CLUSTER_SECRET !== undefined && e.PLOD_DATABASE_URL === undefined) {
    throw new Error(
      'bad configuration: PLOD_CLUSTER_SECRET (several processes) needs PLOD_DATABASE_URL (PostgreSQL)',
    );
  }
  if (e.PLOD_CLUSTER_ADDRESS !== undefined && e.PLOD_CLUSTER_SECRET === undefined) {
    throw new Error(
      'bad configuration: PLOD_CLUSTER_ADDRESS is only used with PLOD_CLUSTER_SECRET',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    logLevel: e.PLOD_LOG_LEVEL,
    shutdownTimeoutMs: e.PLOD_SHUTDOWN_TIMEOUT_MS,
    server: {
      dataDir: resolveDataDir(env),
      databaseUrl: e.PLOD_DATABASE_URL,
      metricsToken: e.PLOD_METRICS_TOKEN,
      cluster:
        e.PLOD_CLUSTER_SECRET !== undefined
          ? { secret: e.PLOD_CLUSTER_SECRET, address: e.PLOD_CLUSTER_ADDRESS }
          : undefined,
      logLevel: e.PLOD_LOG_LEVEL,
      insecureAllowAll: e.PLOD_INSECURE_ALLOW_ALL,
      admin:
        e.PLOD_ADMIN_USERNAME !== undefined && e.PLOD_ADMIN_PASSWORD !== undefined
          ? { username: e.PLOD_ADMIN_USERNAME, password: e.PLOD_ADMIN_PASSWORD }
          : undefined,
      crewCode: e.PLOD_CREW_CODE,
      sessionHours: e.PLOD_SESSION_HOURS,
      allowedOrigins: e.PLOD_ALLOWED_ORIGINS,
      corsOrigins: e.PLOD_CORS_ORIGINS,
      trustProxy: e.PLOD_TRUST_PROXY,
      sqliteSynchronous: e.PLOD_SQLITE_SYNCHRONOUS,
      writerNiceness: e.PLOD_WRITER_NICE,
      commitsPerSecond: e.PLOD_COMMITS_PER_SECOND,
      maxMessageBytes: e.PLOD_MAX_MESSAGE_BYTES,
      maxBufferedBytes: e.PLOD_MAX_BUFFERED_BYTES,
      maxPendingUpgrades: e.PLOD_MAX_PENDING_UPGRADES,
      maxConnections: e.PLOD_MAX_CONNECTIONS,
      unloadGraceMs: e.PLOD_UNLOAD_GRACE_MS,
      compactAfterUpdates: e.PLOD_COMPACT_AFTER_UPDATES,
      reclaimAfterUpdates: e.PLOD_RECLAIM_AFTER_UPDATES,
      lateEditsPerDevice: e.PLOD_LATE_EDITS_PER_DEVICE,
      maxPresenceBytes: e.PLOD_MAX_PRESENCE_BYTES,
      updatesPerDeviceHour: e.PLOD_UPDATES_PER_DEVICE_HOUR,
      bytesPerDeviceDay: e.PLOD_BYTES_PER_DEVICE_DAY,
      httpLimits: definedOnly({
        headersTimeoutMs: e.PLOD_HEADERS_TIMEOUT_MS,
        requestTimeoutMs: e.PLOD_REQUEST_TIMEOUT_MS,
        keepAliveTimeoutMs: e.PLOD_KEEP_ALIVE_TIMEOUT_MS,
        maxConnectionsPerAddress: e.PLOD_MAX_CONNECTIONS_PER_ADDRESS,
      }),
      // Requests in flight get at most half the shutdown's time; the rest is for the store.
      drainGraceMs: Math.floor(e.PLOD_SHUTDOWN_TIMEOUT_MS / 2),
    },
  };
}

/** The entries whose value is set (unset ones must not override the defaults). */
function definedOnly<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}
