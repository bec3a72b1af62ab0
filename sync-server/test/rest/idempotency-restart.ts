import { expect } from 'vitest';
import type { ServerOptions } from '../../src/server.ts';
import { startSecureServer } from '../auth/helpers.ts';
import type { SecureServer } from '../auth/helpers.ts';
import { tempDir } from '../helpers.ts';

/**
 * A keyed write answered, the server restarted (its memory gone), the same retry: it gets the
 * first answer from the app database, and nothing is written twice. Returns the restarted server,
 * which the caller closes.
 */
export async function retryAfterRestart(options: ServerOptions = {}): Promise<SecureServer> {
  const dataDir = tempDir();
  const first = await startSecureServer({ ...options, dataDir });
  const boss = await first.signIn();
  const create = (server: SecureServer) =>
    server.call(boss, 'POST', '/api/sites', { siteName: 'Far pit' }, { 'idempotency-key': 'k-9' });
  const made = await create(first);
  expect(made.status).toBe(201);
  await first.close();

  const second = await startSecureServer({ ...options, dataDir });
  const again = await create(second);
  expect(again.status).toBe(201);
  expect(again.headers.get('idempotent-replayed')).toBe('true');
  expect(again.body).toEqual(made.body);
  const sites = (await second.call(boss, 'GET', '/api/sites')).body as { siteName: string }[];
  expect(sites.filter((site) => site.siteName === 'Far pit')).toHaveLength(1);
  return second;
}
