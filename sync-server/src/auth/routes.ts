import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { getConnInfo } from '@hono/node-server/conninfo';
import { IdParams, jsonBody, jsonOk, resourceApp } from '../rest/openapi.ts';
import type { Gate } from './gate.ts';
import { SESSION_COOKIE } from './gate.ts';
import { describePrincipal, principalOf } from './principal.ts';
import type { Throttle } from './throttle.ts';

export const MESSAGES = {
  loginRequired: 'Username and password are required',
  loginFailed: 'Invalid username or password',
  notSignedIn: 'Not signed in',
  joinFailed: 'Invalid credentials. Please contact your supervisor for access.',
} as const;

export interface AuthRouteDeps {
  gate: Gate;
  loginThrottle: Throttle;
  joinThrottle: Throttle;
}

const LoginBody = z
  .object({ username: z.string().trim().min(1), password: z.string().min(1) })
  .openapi('Login');
const JoinBody = z
  .object({
    code: z.string().trim().min(1, 'Access code is required'),
    deviceName: z
      .string()
      .trim()
      .min(1, 'Device name is required')
      .max(100, 'Device name must be at most 100 characters'),
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

function tooMany(c: Context, seconds: number, what: string) {
  c.header('Retry-After', String(seconds));
  const minutes = Math.ceil(seconds / 60);
  return c.json(
    {
      message: `Too many failed ${what}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    },
    429,
  );
}

/** /api/auth: supervisor sign-in, sign-out, and who the caller is. */
export function createAuthRoutes(deps: AuthRouteDeps) {
  const { gate, loginThrottle } = deps;
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
      const keys = [
        `user:${username.toLowerCase()}`,
        `addr:${gate.clientAddress(c.req.raw, socketAddress(c))}`,
      ];
      const wait = loginThrottle.retryAfter(keys);
      if (wait > 0) return tooMany(c, wait, 'sign-ins');
      const supervisorId = await accounts.checkPassword(username, password);
      if (supervisorId === null) {
        loginThrottle.fail(keys);
        return c.json({ message: MESSAGES.loginFailed }, 401);
      }
      loginThrottle.reset(keys[0] ?? '');
      const { token, principal } = accounts.startSession(supervisorId);
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
    (c) => {
      const token = gate.sessionToken(c.req.raw);
      const principal = token === null ? null : accounts.session(token);
      // Supervisors' and client accounts' sessions alike.
      if (principal && principal.kind !== 'device' && principal.sessionId !== null) {
        accounts.endSession(principal.sessionId);
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
  const { gate, joinThrottle } = deps;
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
        201: jsonOk('`{ token, deviceId, deviceName }`: send the token as `Authorization: Bearer`'),
        400: message('Code or device name missing'),
        403: message('Wrong code'),
        429: message('Too many failures; see Retry-After'),
      },
    }),
    (c) => {
      const { code, deviceName } = c.req.valid('json');
      const keys = [`addr:${gate.clientAddress(c.req.raw, socketAddress(c))}`];
      const wait = joinThrottle.retryAfter(keys);
      if (wait > 0) return tooMany(c, wait, 'attempts to join');
      if (!accounts.isCrewCode(code)) {
        joinThrottle.fail(keys);
        return c.json({ message: MESSAGES.joinFailed }, 403);
      }
      const { token, device } = accounts.joinDevice(deviceName);
      return c.json({ token, deviceId: device.id, deviceName: device.name }, 201);
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
      responses: { 200: jsonOk('`[{ id, name, joinedAt, lastSeenAt, revokedAt }]`') },
    }),
    (c) => c.json(accounts.devices(), 200),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/code',
      tags,
      summary: 'The current crew access code',
      responses: { 200: jsonOk('`{ code, rotatedAt }`') },
    }),
    (c) => c.json(accounts.crewCode() ?? accounts.setCrewCode(), 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/code/rotate',
      tags,
      summary: 'Replaces the crew access code (joined devices stay joined)',
      responses: { 200: jsonOk('`{ code, rotatedAt }`') },
    }),
    (c) => c.json(accounts.setCrewCode(), 200),
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
    (c) => {
      const { id } = c.req.valid('param');
      if (!accounts.revokeDevice(id)) return c.json({ message: `Device ${id} not found` }, 404);
      return c.body(null, 204);
    },
  );
  return app;
}
