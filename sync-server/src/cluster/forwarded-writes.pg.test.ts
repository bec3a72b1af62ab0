import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createLogger } from '../logger.ts';
import { PgStore } from '../store/pg-store.ts';
import { createTestDatabase } from '../../test/pg/database.ts';
import type { TestDatabase } from '../../test/pg/database.ts';
import { ClusterDocumentManager } from './cluster-manager.ts';
import { createInternalRoutes } from './internal-routes.ts';
import { Ownership } from './ownership.ts';
import { INTERNAL_PREFIX, PeerClient } from './peer-client.ts';

const logger = createLogger('silent');
const SECRET = 'forwarded-writes-secret';
const DOC = 'report:forwarded-writes';

/** How the owner misbehaves on the next hand-overs (POSTs) it receives, after applying them. */
interface Trouble {
  /** Answer 503, as when the commit failed after the change was applied. */
  failAfterApply: number;
  /** Answer only after this long (the forwarding process gives up first). */
  answerLateMs: number;
  lateAnswers: number;
}

interface Process {
  manager: ClusterDocumentManager;
  ownership: Ownership;
  store: PgStore;
  http: ServerType | null;
}

describe('a REST write forwarded to the owner of its document', () => {
  const databases: TestDatabase[] = [];
  const processes: Process[] = [];
  afterEach(async () => {
    for (const item of processes.splice(0)) {
      item.http?.close();
      await item.manager.close();
      await item.store.close();
      await item.ownership.close();
    }
    await Promise.all(databases.splice(0).map((database) => database.drop()));
  });

  /** Two processes on one database: `owner` listens (its internal routes, with `trouble`). */
  const startTwo = async (trouble: Trouble, peerTimeoutMs = 10_000) => {
    const database = await createTestDatabase();
    databases.push(database);
    const make = (peers: PeerClient): Process => {
      const store = new PgStore(database.url, { logger });
      const ownership = new Ownership({
        databaseUrl: database.url,
        logger,
        serving: { secret: SECRET },
        onLost: () => {},
      });
      const manager = new ClusterDocumentManager({ store, logger }, { ownership, peers });
      const made: Process = { manager, ownership, store, http: null };
      processes.push(made);
      return made;
    };
    const owner = make(new PeerClient(SECRET));
    const app = new Hono();
    app.use(`${INTERNAL_PREFIX}/*`, async (c, next) => {
      await next();
      if (c.req.method !== 'POST') return;
      if (trouble.failAfterApply > 0) {
        trouble.failAfterApply -= 1;
        c.res = new Response(JSON.stringify({ message: 'commit failed' }), { status: 503 });
      } else if (trouble.lateAnswers > 0) {
        trouble.lateAnswers -= 1;
        await new Promise((resolve) => setTimeout(resolve, trouble.answerLateMs));
      }
    });
    app.route(INTERNAL_PREFIX, createInternalRoutes(owner.manager, SECRET, logger));
    const port = await new Promise<number>((resolve) => {
      owner.http = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
        resolve((info as AddressInfo).port),
      );
    });
    await owner.ownership.register(`http://127.0.0.1:${port}`);
    const forwarder = make(new PeerClient(SECRET, peerTimeoutMs));
    await forwarder.ownership.register('http://127.0.0.1:1');
    // The owner takes the document first (a phone's socket would), with a run already on it.
    await owner.manager.transact(DOC, (doc) => doc.getArray<string>('runs').push(['run 1']));
    return { owner, forwarder };
  };

  /** Adds a run the way HoleService.addRun does: read, then append (running it twice adds two). */
  const addRun = (doc: Y.Doc) => {
    const runs = doc.getArray<string>('runs');
    runs.push([`run ${runs.length + 1}`]);
    return runs.length;
  };

  const runsAtOwner = (owner: Process) =>
    owner.manager.read(DOC, (doc) => doc.getArray<string>('runs').toArray(), { durable: true });

  it('applies once when the owner applied it and then answered 503', async () => {
    const trouble = { failAfterApply: 1, answerLateMs: 0, lateAnswers: 0 };
    const { owner, forwarder } = await startTwo(trouble);
    expect(await forwarder.manager.transact(DOC, addRun)).toBe(2);
    expect(trouble.failAfterApply).toBe(0);
    expect(await runsAtOwner(owner)).toEqual(['run 1', 'run 2']);
  });

  it('applies once when the owner applied it but answered after the forwarder gave up', async () => {
    const trouble = { failAfterApply: 0, answerLateMs: 1_500, lateAnswers: 1 };
    const { owner, forwarder } = await startTwo(trouble, 300);
    expect(await forwarder.manager.transact(DOC, addRun)).toBe(2);
    expect(trouble.lateAnswers).toBe(0);
    expect(await runsAtOwner(owner)).toEqual(['run 1', 'run 2']);
  });

  it('writes a document under one client id per process, not one per write', async () => {
    const { owner, forwarder } = await startTwo({
      failAfterApply: 0,
      answerLateMs: 0,
      lateAnswers: 0,
    });
    const clientsBefore = await owner.manager.read(
      DOC,
      (doc) => Y.decodeStateVector(Y.encodeStateVector(doc)).size,
    );
    // Concurrent writes too: each builds on the one before it.
    await Promise.all([1, 2, 3, 4].map(() => forwarder.manager.transact(DOC, addRun)));
    expect(await runsAtOwner(owner)).toEqual(['run 1', 'run 2', 'run 3', 'run 4', 'run 5']);
    const clientsAfter = await owner.manager.read(
      DOC,
      (doc) => Y.decodeStateVector(Y.encodeStateVector(doc)).size,
    );
    expect(clientsAfter - clientsBefore).toBe(1);
    expect(forwarder.manager.forwardedWrites).toBe(4);
  });
});
