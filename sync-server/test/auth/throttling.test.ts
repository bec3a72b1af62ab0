import { afterEach, describe, expect, it } from 'vitest';
import { waitWords } from '../../src/auth/routes.ts';
import { CREW_CODE, SUPERVISOR, requestFrom, startSecureServer } from './helpers.ts';
import type { Reply, SecureServer } from './helpers.ts';

const WRONG = 'not the password';

/** How many answers had each status, e.g. { 401: 5, 429: 95 }. */
function statuses(replies: readonly Reply[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const reply of replies) counts[reply.status] = (counts[reply.status] ?? 0) + 1;
  return counts;
}

describe('sign-in and join throttling', () => {
  let server: SecureServer | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });

  const signIn = (from: string, password: string, username = SUPERVISOR.username) => {
    if (!server) throw new Error('no server');
    return requestFrom(from, `${server.http}/api/auth/login`, 'POST', { username, password });
  };

  it('counts wrong passwords sent all at once: five are checked, the rest get 429', async () => {
    server = await startSecureServer();
    const burst = await Promise.all(Array.from({ length: 100 }, () => signIn('127.0.0.2', WRONG)));
    expect(statuses(burst)).toEqual({ 401: 5, 429: 95 });
    // Every 429 says in words what its Retry-After says.
    for (const refused of burst.filter((reply) => reply.status === 429)) {
      const seconds = Number(refused.headers.get('retry-after'));
      expect(seconds).toBeGreaterThan(0);
      expect(refused.body).toEqual({
        message: `Too many failed sign-ins. Try again in ${waitWords(seconds)}.`,
      });
    }
    expect(waitWords(1)).toBe('1 second');
    expect(waitWords(60)).toBe('1 minute');
    expect(waitWords(299)).toBe('4 minutes 59 seconds');
    // The right password from that address waits too.
    expect((await signIn('127.0.0.2', SUPERVISOR.password)).status).toBe(429);

    // Sixty usernames at once from another address: the address counts them together.
    const spread = await Promise.all(
      Array.from({ length: 60 }, (_, i) => signIn('127.0.0.3', WRONG, `guess${i}`)),
    );
    expect(statuses(spread)).toEqual({ 401: 5, 429: 55 });
  });

  it('lets the right password in from another address after someone else’s burst', async () => {
    server = await startSecureServer();
    const burst = await Promise.all(Array.from({ length: 40 }, () => signIn('127.0.0.2', WRONG)));
    expect(statuses(burst)).toEqual({ 401: 5, 429: 35 });
    // Guesses from two more addresses, two from one: fresh addresses are not held by the account.
    for (const from of ['127.0.0.4', '127.0.0.4', '127.0.0.5']) {
      expect((await signIn(from, WRONG)).status).toBe(401);
    }

    const elsewhere = await signIn('127.0.0.3', SUPERVISOR.password);
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body).toMatchObject({ kind: 'supervisor', username: SUPERVISOR.username });
    // The supervisor's one typo from where they sign in does not hand them to the burst's hold.
    const afterTypo = await signIn('127.0.0.5', SUPERVISOR.password);
    expect(afterTypo.status).toBe(200);
    // An address that has been failing meets the account's hold even with the right password.
    const failing = await signIn('127.0.0.4', SUPERVISOR.password);
    expect(failing.status).toBe(429);
    expect(Number(failing.headers.get('retry-after'))).toBeLessThanOrEqual(30);
  });

  it('throttles wrong join codes sent at once, and logs joins and failures with the address', async () => {
    const lines: string[] = [];
    const record = (level: string) => (msg: string, fields?: object) =>
      lines.push(JSON.stringify({ level, msg, ...fields }));
    server = await startSecureServer({
      logger: {
        debug: record('debug'),
        info: record('info'),
        warn: record('warn'),
        error: record('error'),
      },
    });
    const url = `${server.http}/api/devices/join`;
    const joins = await Promise.all(
      Array.from({ length: 20 }, () =>
        requestFrom('127.0.0.6', url, 'POST', { code: 'WRONG-CODE', deviceName: 'Guesser' }),
      ),
    );
    expect(statuses(joins)).toEqual({ 403: 5, 429: 15 });
    const joined = await requestFrom('127.0.0.7', url, 'POST', {
      code: CREW_CODE,
      deviceName: 'Rig 7 phone',
    });
    expect(joined.status).toBe(201);
    await signIn('127.0.0.8', WRONG);

    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toContainEqual(
      expect.objectContaining({ msg: 'join failed: wrong access code', address: '127.0.0.6' }),
    );
    expect(logged).toContainEqual(
      expect.objectContaining({
        msg: 'attempts held after repeated failures',
        address: '127.0.0.6',
      }),
    );
    expect(logged).toContainEqual(
      expect.objectContaining({
        msg: 'device joined',
        address: '127.0.0.7',
        deviceName: 'Rig 7 phone',
        deviceId: (joined.body as { deviceId: string }).deviceId,
      }),
    );
    expect(logged).toContainEqual(
      expect.objectContaining({
        msg: 'sign-in failed',
        address: '127.0.0.8',
        username: SUPERVISOR.username,
      }),
    );
  });
});
