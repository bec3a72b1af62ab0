import type { AppDatabase } from '../app-db/app-database.ts';
import type { Logger } from '../logger.ts';
import { Accounts } from './accounts.ts';
import type { ScryptParams } from './passwords.ts';
import { bootstrap, checkAdminPassword } from './bootstrap.ts';
import { Gate } from './gate.ts';
import { accessMiddleware } from './middleware.ts';
import { createAuthRoutes, createDeviceRoutes } from './routes.ts';
import { corsFor, securityHeaders } from './security-headers.ts';
import { createSyncPolicy } from './sync-policy.ts';
import type { SiteOfReport } from './sync-policy.ts';
import { Throttle } from './throttle.ts';

export type { DeviceRef, SiteOfReport } from './sync-policy.ts';
export type { Actor, ClientPrincipal, Principal } from './principal.ts';
export { actorName, principalOf } from './principal.ts';
export { Accounts } from './accounts.ts';

export interface AccessControlOptions {
  /**
   * The app database the accounts, sessions, devices and client accounts live in (its `sql`: on
   * PostgreSQL with PLOD_DATABASE_URL).
   */
  db: AppDatabase;
  logger: Logger;
  now?: () => number;
  sessionHours?: number;
  /** Tests only: a cheaper scrypt cost for new password hashes (AccountsOptions.passwordCost). */
  passwordCost?: ScryptParams;
  insecureAllowAll: boolean;
  admin?: { username: string; password: string };
  crewCode?: string;
  allowedOrigins?: readonly string[];
  corsOrigins?: readonly string[];
  trustProxy?: boolean;
  credentialsDir: string | null;
  /** The site of a report document, for client accounts' sockets. */
  siteOfReport?: SiteOfReport;
  /** True when the setup document names the site (a site crew code is made only for one). */
  siteExists?: (siteId: string) => Promise<boolean>;
  /** Closes the sockets of an ended session, an expired session or a revoked device. */
  endSubject(subject: string, reason: string): void;
}

const SWEEP_EVERY_MS = 60_000;

/** Accounts, the request gate, throttles, the REST middleware and routes, and the /sync policy. */
export function createAccessControl(options: AccessControlOptions) {
  const now = options.now ?? Date.now;
  // A password the rules refuse stops the server at once, before any table is read.
  checkAdminPassword(options.admin);
  const accounts = new Accounts(options.db.sql, {
    now,
    sessionHours: options.sessionHours,
    onSubjectEnded: options.endSubject,
    ...(options.passwordCost ? { passwordCost: options.passwordCost } : {}),
  });
  // The first start's code and supervisor: `start()` waits for them (and fails with their error).
  const ready = bootstrap(accounts, {
    admin: options.admin,
    crewCode: options.crewCode,
    insecureAllowAll: options.insecureAllowAll,
    credentialsDir: options.credentialsDir,
    logger: options.logger,
  });
  // start() reports a failure; with nobody awaiting it yet, it would otherwise end the process.
  ready.catch(() => undefined);
  const corsOrigins = options.corsOrigins ?? [];
  const gate = new Gate({
    accounts,
    insecureAllowAll: options.insecureAllowAll,
    // A configured CORS origin is a page allowed to call us with credentials: it may write too.
    allowedOrigins: [...(options.allowedOrigins ?? []), ...corsOrigins],
    trustProxy: options.trustProxy ?? false,
  });
  const deps = {
    gate,
    // An address that keeps failing waits longer each time, up to an hour.
    loginAddresses: new Throttle({ now, firstDelayMs: 60_000, maxDelayMs: 3_600_000 }),
    // An account's hold only meets addresses that have been failing, and stays short.
    loginAccounts: new Throttle({ now, firstDelayMs: 30_000, maxDelayMs: 5 * 60_000 }),
    joinThrottle: new Throttle({ now, firstDelayMs: 60_000, maxDelayMs: 3_600_000 }),
    logger: options.logger,
    siteExists: options.siteExists ?? (() => Promise.resolve(false)),
  };
  // Sockets opened with a session outlive its cookie unless something ends them.
  const sweeper = setInterval(() => {
    accounts
      .removeExpiredSessions()
      .catch((error: unknown) => options.logger.error('expired sessions not removed', { error }));
  }, SWEEP_EVERY_MS);
  sweeper.unref();
  return {
    accounts,
    /** Resolves once the first start's crew code and supervisor exist. */
    ready,
    gate,
    middleware: accessMiddleware(gate),
    headers: securityHeaders(gate),
    cors: corsFor(corsOrigins),
    syncPolicy: createSyncPolicy(gate, options.siteOfReport),
    authRoutes: createAuthRoutes(deps),
    deviceRoutes: createDeviceRoutes(deps),
    close: () => clearInterval(sweeper),
  };
}

export type AccessControl = ReturnType<typeof createAccessControl>;
