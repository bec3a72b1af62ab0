import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { waitFor } from '../../test/helpers.ts';
import { databasePerTest } from '../../test/pg/database.ts';
import type { TestDatabase } from '../../test/pg/database.ts';
import { LOCK_SPACE, Ownership, lockKey } from './ownership.ts';

const logger = createLogger('silent');

describe('document ownership on PostgreSQL', () => {
  const { keepServer: keepOwnership, createDatabase } = databasePerTest<Ownership>();

  const startProcess = async (database: TestDatabase, address: string, lost: Error[] = []) => {
    const ownership = new Ownership({
      databaseUrl: database.url,
      logger,
      onLost: (error) => lost.push(error),
      serving: { secret: 'ownership-test-secret' },
    });
    keepOwnership(ownership);
    await ownership.register(address);
    return ownership;
  };

  it('gives a document to the first process that asks and names it to the others', async () => {
    const database = await createDatabase();
    const first = await startProcess(database, 'http://10.0.0.1:8787');
    const second = await startProcess(database, 'http://10.0.0.2:8787');

    expect(await first.claim('report:a')).toEqual({ kind: 'mine' });
    expect(await second.claim('report:a')).toEqual({
      kind: 'elsewhere',
      owner: { id: first.id, address: 'http://10.0.0.1:8787' },
    });
    expect(await second.claim('report:b')).toEqual({ kind: 'mine' });
    expect(first.owns('report:a') && second.owns('report:b')).toBe(true);
    expect((await first.processes()).map((p) => p.address).sort()).toEqual([
      'http://10.0.0.1:8787',
      'http://10.0.0.2:8787',
    ]);

    // Let go (and not claimed again within the grace): the other process can take it.
    expect(await first.release('report:a', 60_000)).toBe(false);
    expect(await first.release('report:a')).toBe(true);
    expect(await second.claim('report:a')).toEqual({ kind: 'mine' });
  });

  it('frees every document of a process whose connection ends, and that process knows it', async () => {
    const database = await createDatabase();
    const lost: Error[] = [];
    const doomed = await startProcess(database, 'http://10.0.0.1:8787', lost);
    const survivor = await startProcess(database, 'http://10.0.0.2:8787');
    expect(await doomed.claim('report:a')).toEqual({ kind: 'mine' });
    expect((await survivor.claim('report:a')).kind).toBe('elsewhere');

    // As when its process is killed: PostgreSQL ends the session, and its locks with it.
    await database.query(
      `SELECT pg_terminate_backend(pid) FROM pg_locks
       WHERE locktype = 'advisory' AND classid = $1::bigint::oid AND objid = $2::bigint::oid`,
      [LOCK_SPACE, lockKey('report:a')],
    );
    expect(await survivor.claim('report:a')).toEqual({ kind: 'mine' });
    await waitFor(() => lost.length === 1, 'the doomed process told');
    expect(doomed.owns('report:a')).toBe(false);
    await expect(doomed.claim('report:c')).rejects.toThrow('no longer owns documents');
    // Its row stays but names no owner; the survivor lists only live processes.
    expect((await survivor.processes()).map((p) => p.address)).toEqual(['http://10.0.0.2:8787']);
  });
});
