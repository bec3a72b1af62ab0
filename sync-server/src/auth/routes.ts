import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { getConnInfo } from '@hono/node-server/conninfo';
import { stripBidiControls } from '@plod/model';
import { IdParams, jsonBody, jsonOk, resourceApp } from '../http/openapi.ts';
import type { JoinScope } from './accounts.ts';
import type { Gate } from './gate.ts';
import { SESSION_COOKIE } from './gate.ts';
import { describePrincipal, principalOf } from './principal.ts';
import type { Logger } from '../logger.ts';
import { addressKey } from './throttle.ts';
import type { Hold, Throttle } from './throttle.ts';

export const MESSAGES = {
  loginRequired: 'Username and password are required',
  loginFailed: 'Invalid username or password',
  notSignedIn: 'Not signed in',
  joinFailed: 'Invalid credentials. Please contact your supervisor for access.',
} as const;

export interface AuthRouteDeps {
  gate: Gate;
  /** Sign-in attempts per client address. */
  loginAddresses: Throttle;
  /** Sign-in attempts per account (username), from every address. */
  loginAccounts: Throttle;
  joinThrottle: Throttle;
  logger: Logger;
  /** True when the setup document names the site (archived sites too). */
  siteExists: (siteId: string) => Promise<boolean>;
}

const SiteIdParams = z.object({ siteId: z.string().min(1) });

const LoginBody = z
  .object({ username: z.string().trim().min(1).max(200), password: z.string().min(1) })
  .openapi('Login');
const JoinBody = z
  .object({
    code: z.string().trim().min(1, 'Access code is required'),
    deviceName: z
      .string()
      .transform(stripBidiControls)
      .pipe(
        z
          .string()
          .trim()
          .min(1, 'Device name is required')
          .max(100, 'Device name must be at most 100 characters'),
      ),
  })
  .openapi('JoinDevice');
const message = (description: string) => ({
  description,
  content: { 'application/json': { schema: z.object({ message: z.string() }) } },
});

/** The socket's remote address (absent when the app is called without a socket, as in app.request). */
function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/** The client's address as the throttles and the log see it. */
function clientOf(gate: Gate, c: Context): string {
  return gate.clientAddress(c.req.raw, socketAddress(c));
}

function logHolds(logger: Logger, holds: readonly Hold[], fields: Record<string, unknown>): void {
  for (const hold of holds) {
    logger.warn('attempts held after repeated failures', {
      ...fields,
      key: hold.key,
      seconds: hold.seconds,
    });
  }
}

/** How long `Retry-After: seconds` is, in words that agree with it (never rounded up to minutes). */
export function waitWords(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (seconds < 60) return plural(seconds, 'second');
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest === 0
    ? plural(minutes, 'minute')
    : `${plural(minutes, 'minute')} ${plural(rest, 'second')}`;
}

function tooMany(c: Context, seconds: number, what: string) {
  c.header('Retry-After', String(seconds));
  return c.json({ message: `Too many failed ${what}. Try again in ${waitWords(seconds)}.` }, 429);
}

/** /api/auth: supervisor sign-in, sign-out, and who the caller is. */
export function createAuthRoutes(deps: AuthRouteDeps) {
  const { gate, loginAddresses, loginAccounts, logger } = deps;
  const accounts = gate.accounts;
  const app = resourceApp();
  const tags = ['Access'];
  app.openapi(
    createRoute({
      method: 'post',
      path: '/login',
      tags,
      summary: 'Supervisor sign-in: sets the httpOnly session cookie',
      request: jsonBody(LoginBody),
      responses: {
        200: jsonOk('The signed-in supervisor and when the session ends'),
        400: message('Username or password missing'),
        401: message('Wrong username or password'),
        429: message('Too many failures; see Retry-After'),
      },
    }),
    async (c) => {
      const { username, password } = c.req.valid('json');
      const address = clientOf(gate, c);
      const addressSlot = `addr:${addressKey(address)}`;
      const accountSlot = `user:${username.trim().toLowerCase()}`;
      // Reserved before the password is checked, so attempts sent at once count against each other.
      // The account's own count holds back only addresses that have been failing: someone else's
      // burst of wrong passwords must not lock the supervisor out from where they sign in, even
      // after one typo there.
      const clean = loginAddresses.isClean(addressSlot, 1);
      const refuse = (retryAfter: number) => {
        // Per refusal at debug only: a burst must not flood the log (the hold itself was logged).
        logger.debug('sign-in refused: too many failures', { username, address, retryAfter });
        return tooMany(c, retryAfter, 'sign-ins');
      };
      const byAddress = loginAddresses.reserve([addressSlot]);
      if (!byAddress.ok) return refuse(byAddress.retryAfter);
      const byAccount = loginAccounts.reserve(
        [accountSlot],
        clean ? new Set([accountSlot]) : undefined,
      );
      if (!byAccount.ok) {
        byAddress.attempt.release();
        return refuse(byAccount.retryAfter);
      }
      const reserved = {
        release: () => {
          byAddress.attempt.release();
          byAccount.attempt.release();
        },
        failed: () => [...byAddress.attempt.failed(), ...byAccount.attempt.failed()],
      };
      let supervisorId: string | null;
      try {
        supervisorId = await accounts.checkPassword(username, password);
      } catch (error) {
        reserved.release();
        throw error;
      }
      if (supervisorId === null) {
        const holds = reserved.failed();
        logger.warn('sign-in failed', { username, address });
        logHolds(logger, holds, { username, address });
        return c.json({ message: MESSAGES.loginFailed }, 401);
      }
      reserved.release();
      logger.info('signed in', { username, address });
      const { token, principal } = await accounts.startSession(supervisorId);
      setCookie(c, SESSION_COOKIE, token, {
        httpOnly: true,
        sameSite: 'Strict',
        path: '/',
        secure: gate.isHttps(c.req.raw),
        expires: new Date(principal.kind === 'device' ? 0 : principal.expiresAt),
      });
      return c.json(describePrincipal(principal), 200);
    },
    (result, c) => {
      if (!result.success) return c.json({ message: MESSAGES.loginRequired }, 400);
      return undefined;
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/logout',
      tags,
      summary: 'Ends the session, clears the cookie and closes the session’s sockets',
      responses: { 204: { description: 'Signed out (also when there was no session)' } },
    }),
    async (c) => {
      const token = gate.sessionToken(c.req.raw);
      const principal = token === null ? null : await accounts.session(token);
      // Supervisors' and client accounts' sessions alike.
      if (principal && principal.kind !== 'device' && principal.sessionId !== null) {
        await accounts.endSession(principal.sessionId);
      }
      deleteCookie(c, SESSION_COOKIE, {
        path: '/',
        httpOnly: true,
        sameSite: 'Strict',
        secure: gate.isHttps(c.req.raw),
      });
      return c.body(null, 204);
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/me',
      tags,
      summary: 'Who the caller is: a supervisor (cookie) or a crew device (bearer token)',
      responses: { 200: jsonOk('The principal'), 401: message('No valid session or token') },
    }),
    (c) => {
      const principal = principalOf(c);
      if (!principal) return c.json({ message: MESSAGES.notSignedIn }, 401);
      return c.json(describePrincipal(principal), 200);
    },
  );
  return app;
}

/** /api/devices: joining with the crew access code, and the supervisor's device list and code. */
export function createDeviceRoutes(deps: AuthRouteDeps) {
  const { gate, joinThrottle, logger } = deps;
  const accounts = gate.accounts;
  const app = resourceApp();
  const tags = ['Devices'];
  app.openapi(
    createRoute({
      method: 'post',
      path: '/join',
      tags,
      summary: 'A crew device joins with the access code and receives its device token',
      request: jsonBody(JoinBody),
      responses: {
        201: jsonOk(
          '`{ token, deviceId, deviceName, siteIds }`: send the token as `Authorization: Bearer`. ' +
            'siteIds is null for the crew code (every site), else the sites of the site crew codes ' +
            'it joined with. A joined device that sends its token joins again: it keeps its id, ' +
            'gains the site (or every site), and gets a new token (the old one stops working).',
        ),
        400: message('Code or device name missing'),
        403: message('Wrong code'),
        429: message('Too many failures; see Retry-After'),
      },
    }),
    async (c) => {
      const { code, deviceName } = c.req.valid('json');
      const address = clientOf(gate, c);
      const reserved = joinThrottle.reserve([`addr:${addressKey(address)}`]);
      if (!reserved.ok) {
        logger.debug('join refused: too many failures', {
          address,
          deviceName,
          retryAfter: reserved.retryAfter,
        });
        return tooMany(c, reserved.retryAfter, 'attempts to join');
      }
      let scope: JoinScope | null;
      try {
        scope = await accounts.joinScope(code);
      } catch (error) {
        reserved.attempt.release();
        throw error;
      }
      if (scope === null) {
        const holds = reserved.attempt.failed();
        logger.warn('join failed: wrong access code', { address, deviceName });
        logHolds(logger, holds, { address, deviceName });
        return c.json({ message: MESSAGES.joinFailed }, 403);
      }
      reserved.attempt.release();
      // A joined phone that joins again (its token sent) keeps its id and gains the code's site.
      const caller = principalOf(c);
      const joined =
        (caller?.kind === 'device' ? await accounts.rejoinDevice(caller.deviceId, scope) : null) ??
        (await accounts.joinDevice(deviceName, scope));
      const { token, device } = joined;
      logger.info('device joined', {
        deviceId: device.id,
        deviceName: device.name,
        siteIds: device.siteIds,
        address,
      });
      return c.json(
        { token, deviceId: device.id, deviceName: device.name, siteIds: device.siteIds },
        201,
      );
    },
    (result, c) => {
      if (result.success) return undefined;
      const first = result.error.issues[0];
      const text = first?.code === 'invalid_type' ? undefined : first?.message;
      return c.json({ message: text ?? 'Access code and device name are required' }, 400);
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags,
      summary: 'Joined devices (revoked ones included, with revokedAt)',
      responses: {
        200: jsonOk(
          '`[{ id, name, siteIds, joinedAt, lastSeenAt, revokedAt }]` (siteIds null: every site)',
        ),
      },
    }),
    async (c) => c.json(await accounts.devices(), 200),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/code',
      tags,
      summary: 'The current crew access code',
      responses: { 200: jsonOk('`{ code, rotatedAt }`') },
    }),
    async (c) => c.json((await accounts.crewCode()) ?? (await accounts.setCrewCode()), 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/code/rotate',
      tags,
      summary: 'Replaces the crew access code (joined devices stay joined)',
      responses: { 200: jsonOk('`{ code, rotatedAt }`') },
    }),
    async (c) => c.json(await accounts.setCrewCode(), 200),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/site-codes',
      tags,
      summary: 'Each site’s crew code (a device that joins with one reads that site’s plods only)',
      responses: { 200: jsonOk('`[{ siteId, code, rotatedAt }]` (sites with no code not listed)') },
    }),
    async (c) => c.json(await accounts.siteCrewCodes(), 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/site-codes/{siteId}/rotate',
      tags,
      summary:
        'Creates or replaces a site’s crew code (devices that joined with it stay devices of the site)',
      request: { params: SiteIdParams },
      responses: { 200: jsonOk('`{ siteId, code, rotatedAt }`'), 404: message('No such site') },
    }),
    async (c) => {
      const { siteId } = c.req.valid('param');
      if (!(await deps.siteExists(siteId))) {
        return c.json({ message: `Site ${siteId} not found` }, 404);
      }
      return c.json(await accounts.setSiteCrewCode(siteId), 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/{id}',
      tags,
      summary: 'Revokes a device and closes its open sockets (close code 4401)',
      request: { params: IdParams },
      responses: { 204: { description: 'Revoked' }, 404: message('No such device') },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      if (!(await accounts.revokeDevice(id)))
        return c.json({ message: `Device ${id} not found` }, 404);
      return c.body(null, 204);
    },
  );
  return app;
}
