import { describe, expect, it } from 'vitest';
import { startedAround } from '../helpers.ts';
import { startSecureServer } from '../auth/helpers.ts';
import type { SecureServer } from '../auth/helpers.ts';

interface Reserved {
  owner: string;
  year: number;
  free: number[];
}

let server: SecureServer;
startedAround(startSecureServer, (started) => (server = started));

describe('POST /api/hole-numbers', () => {
  it('gives each device its own numbers, past those already used, and the same ones again', async () => {
    const a = await server.join('Phone A');
    const b = await server.join('Phone B');
    const boss = await server.signIn();
    const taken = await server.call(boss, 'POST', '/api/hole-ids', { holeId: 'DH-2031-004' });
    expect(taken.status).toBe(201);

    const first = await server.call(a, 'POST', '/api/hole-numbers', { year: 2031 });
    const second = await server.call(b, 'POST', '/api/hole-numbers', { year: 2031 });
    expect(first.status).toBe(200);
    const forA = first.body as Reserved;
    const forB = second.body as Reserved;
    expect(forA.owner).toBe(`device:${a.deviceId}`);
    expect(forA.free[0]).toBe(5);
    expect(forA.free).toHaveLength(10);
    expect(forB.free.some((n) => forA.free.includes(n))).toBe(false);

    const again = await server.call(a, 'POST', '/api/hole-numbers', { year: 2031 });
    expect((again.body as Reserved).free).toEqual(forA.free);
    const supervisor = await server.call(boss, 'POST', '/api/hole-numbers', { year: 2031 });
    expect((supervisor.body as Reserved).owner).toBe('supervisor:boss');
  });

  it('answers a year given as text with 400 and a message', async () => {
    const a = await server.join('Phone C');
    const res = await server.call(a, 'POST', '/api/hole-numbers', { year: '2031' });
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message).toMatch(/year/);
  });
});
