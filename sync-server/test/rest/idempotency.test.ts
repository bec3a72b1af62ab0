import { describe, expect, it } from 'vitest';
import { startSecureServer } from '../auth/helpers.ts';
import type { SecureServer } from '../auth/helpers.ts';
import { closedAfterEach } from '../helpers.ts';
import { retryAfterRestart } from './idempotency-restart.ts';

describe('Idempotency-Key on REST writes', () => {
  const { keepServer } = closedAfterEach<SecureServer>();

  it('answers a retry with the first answer instead of writing twice, and refuses a reused key', async () => {
    const live = keepServer(await startSecureServer());
    const boss = await live.signIn();
    const sites = async () =>
      ((await live.call(boss, 'GET', '/api/sites')).body as unknown[]).length;
    const before = await sites();
    const create = (siteName: string, key: string) =>
      live.call(boss, 'POST', '/api/sites', { siteName }, { 'idempotency-key': key });

    const first = await create('North pit', 'key-1');
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await create('North pit', 'key-1');
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await sites()).toBe(before + 1);

    // Sent twice at once: one write, both get its answer.
    const [a, b] = await Promise.all([create('South pit', 'key-2'), create('South pit', 'key-2')]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body).toEqual(b.body);
    expect(await sites()).toBe(before + 2);

    const reused = await create('East pit', 'key-1');
    expect(reused.status).toBe(422);
    expect(reused.body).toEqual({
      message: 'This Idempotency-Key was already used for a different request',
    });
    const bad = await create('East pit', 'x'.repeat(201));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: expect.stringMatching(/Idempotency-Key/) });
    // Keys belong to the caller: the same key from a crew device is a different write.
    const device = await live.join();
    const report = await live.call(
      device,
      'POST',
      '/api/shift-summaries',
      { date: '2025-08-01' },
      {
        'idempotency-key': 'key-1',
      },
    );
    expect(report.status).toBe(201);
    expect(await sites()).toBe(before + 2);
  });

  it('keeps answers in the app database: a retry after a restart gets the first answer', async () => {
    keepServer(await retryAfterRestart());
  });
});
