import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, openOnTestDatabase } from '../../test/pg/database.ts';
import type { TestDatabase } from '../../test/pg/database.ts';
import { PgStore, PgStoreError } from './pg-store.ts';
import { runDocumentStoreContract } from './store-contract.ts';

const u = (...values: number[]) => new Uint8Array(values);

runDocumentStoreContract('PgStore', async () => {
  const { opened: store, cleanup } = await openOnTestDatabase((url) => new PgStore(url));
  return { store, cleanup };
});

describe('PgStore on PostgreSQL', () => {
  let database: TestDatabase;
  const stores: PgStore[] = [];
  const open = () => {
    const store = new PgStore(database.url);
    stores.push(store);
    return store;
  };
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()));
    await database.drop();
  });

  it('rejects an append whose COMMIT fails, and keeps none of it', async () => {
    const store = open();
    await store.append([{ docName: 'before', update: u(1) }]);
    // A deferred constraint trigger runs at COMMIT: the INSERT itself succeeds, the COMMIT fails.
    await database.query(`
      CREATE FUNCTION refuse_marked() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.data = '\\xdead'::bytea THEN RAISE EXCEPTION 'refused at commit'; END IF;
        RETURN NULL;
      END $$;
      CREATE CONSTRAINT TRIGGER refuse_marked AFTER INSERT ON yjs_updates
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION refuse_marked();`);
    await expect(
      store.append([
        { docName: 'doc', update: u(7) },
        { docName: 'other', update: u(0xde, 0xad) },
      ]),
    ).rejects.toThrow('refused at commit');
    expect(await store.load('doc')).toBeNull();
    expect(await store.listDocuments()).toEqual(['before']);
    // The connection is usable again, and the next batch commits.
    const [seq] = await store.append([{ docName: 'doc', update: u(8) }]);
    expect((await store.load('doc'))?.updates).toEqual([{ seq, update: u(8) }]);
  });

  it('never acknowledges an append whose connection dies before its COMMIT', async () => {
    const store = open();
    await store.append([{ docName: 'doc', update: u(1) }]);
    // Another session holds the table: the append's INSERT waits inside its transaction.
    const blocker = new pg.Client({ connectionString: database.url });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE yjs_updates IN ACCESS EXCLUSIVE MODE');
    let outcome: 'waiting' | 'resolved' | Error = 'waiting';
    const settled = store.append([{ docName: 'doc', update: u(2) }]).then(
      () => (outcome = 'resolved'),
      (error: Error) => (outcome = error),
    );
    const backend = await waitForWaitingBackend(blocker);
    expect(outcome).toBe('waiting');
    // The store's connection is killed before its transaction could commit.
    await blocker.query('SELECT pg_terminate_backend($1)', [backend]);
    await blocker.query('ROLLBACK');
    await blocker.end();
    await settled;
    expect(outcome).toBeInstanceOf(Error);
    expect((await store.load('doc'))?.updates.map((row) => [...row.update])).toEqual([[1]]);
    // A new connection takes over; the store still works.
    await store.append([{ docName: 'doc', update: u(3) }]);
    expect((await store.load('doc'))?.updates.map((row) => [...row.update])).toEqual([[1], [3]]);
  });

  it('keeps seqs unique and increasing when two stores append to one database at once', async () => {
    const first = open();
    const second = open();
    const batches = 40;
    const results = await Promise.all(
      [first, second].map(async (store, s) => {
        const seqs: number[] = [];
        for (let b = 0; b < batches; b++) {
          seqs.push(
            ...(await store.append([
              { docName: `doc-${s}`, update: u(s, b, 1) },
              { docName: 'shared', update: u(s, b, 2) },
              { docName: `doc-${s}`, update: u(s, b, 3) },
            ])),
          );
        }
        return seqs;
      }),
    );
    const all = results.flat();
    expect(new Set(all).size).toBe(batches * 3 * 2);
    for (const seqs of results) expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    // Each store's rows load in the order it appended them, all of them, from either store.
    const own = await second.load('doc-0');
    expect(own?.updates.map((row) => [...row.update])).toEqual(
      Array.from({ length: batches }, (_, b) => [
        [0, b, 1],
        [0, b, 3],
      ]).flat(),
    );
    expect((await first.load('shared'))?.updates).toHaveLength(batches * 2);
  });

  it('shows a new store everything an earlier one acknowledged', async () => {
    const first = open();
    const [s1, s2] = await first.append([
      { docName: 'report:a', update: u(1) },
      { docName: 'report:a', update: u(2) },
    ]);
    await first.compact('report:a', u(9), s1 ?? 0);
    const [s3] = await first.append([{ docName: 'setup', update: u(3) }]);
    await first.close();
    await expect(first.load('report:a')).rejects.toBeInstanceOf(PgStoreError);

    const second = open();
    expect(await second.load('report:a')).toEqual({
      snapshot: u(9),
      snapshotSeq: s1,
      updates: [{ seq: s2, update: u(2) }],
    });
    expect(await second.listDocuments()).toEqual(['report:a', 'setup']);
    const [s4] = await second.append([{ docName: 'setup', update: u(4) }]);
    expect(s4).toBeGreaterThan(s3 ?? Infinity);
    expect(await second.latestSeqs('report:')).toEqual(new Map([['report:a', s2]]));
  });

  it('creates its tables once when several stores start on an empty database together', async () => {
    const starting = Array.from({ length: 4 }, () => open());
    await Promise.all(starting.map((store) => store.ready()));
    const tables = await database.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`,
    );
    expect(tables.rows.map((row) => row.table_name)).toEqual(['yjs_snapshots', 'yjs_updates']);
  });
});

/** The pid of the backend waiting for a lock `blocker` holds. */
async function waitForWaitingBackend(blocker: pg.Client): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const { rows } = await blocker.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
    );
    if (rows[0]) return rows[0].pid;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('no backend waited for the lock');
}
