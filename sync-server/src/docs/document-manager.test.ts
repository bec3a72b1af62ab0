import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createLogger } from '../logger.ts';
import { MemoryStore } from '../store/memory-store.ts';
import { DocumentManager } from './document-manager.ts';

describe('DocumentManager', () => {
  let manager: DocumentManager;
  afterEach(async () => {
    await manager.close();
  });

  it('tells stored listeners once per document a commit held, with its highest seq', async () => {
    const store = new MemoryStore();
    manager = new DocumentManager({ store, logger: createLogger('silent') });
    const a = await manager.open('report:a');
    const b = await manager.open('report:b');
    const heard: [string, number][] = [];
    manager.onStored((docName, seq) => heard.push([docName, seq]));
    // Five updates of two documents in one turn: one commit.
    for (let i = 0; i < 3; i++) a.doc.getMap('m').set('k', i);
    for (let i = 0; i < 2; i++) b.doc.getMap('m').set('k', i);
    await manager.queue.whenCommitted();
    const last = async (name: string) => (await store.load(name))?.updates.at(-1)?.seq;
    expect(heard).toEqual([
      ['report:a', await last('report:a')],
      ['report:b', await last('report:b')],
    ]);
    expect(await last('report:a')).toBe(3);
    a.release();
    b.release();
  });

  it('runs the load hook once per build, before anyone holds the document, and stores what it wrote', async () => {
    const store = new MemoryStore();
    const stored = new Y.Doc();
    stored.getMap('m').set('old', true);
    await store.append([{ docName: 'report:a', update: Y.encodeStateAsUpdate(stored) }]);
    const loads: [string, unknown][] = [];
    manager = new DocumentManager({
      store,
      logger: createLogger('silent'),
      unloadGraceMs: 10,
      onLoad: (docName, doc) => {
        loads.push([docName, doc.getMap('m').get('old')]);
        doc.getMap('m').delete('old');
        doc.getMap('m').set('new', true);
      },
    });
    const [first, second] = await Promise.all([manager.open('report:a'), manager.open('report:a')]);
    expect(loads).toEqual([['report:a', true]]);
    expect(first?.doc.getMap('m').toJSON()).toEqual({ new: true });
    await manager.queue.whenCommitted();
    const reloaded = new Y.Doc();
    for (const row of (await store.load('report:a'))?.updates ?? [])
      Y.applyUpdate(reloaded, row.update);
    expect(reloaded.getMap('m').toJSON()).toEqual({ new: true });
    first?.release();
    second?.release();
  });

  it('serves a document as stored when the load hook throws, and logs it', async () => {
    const lines: string[] = [];
    manager = new DocumentManager({
      store: new MemoryStore(),
      logger: createLogger('error', (line) => lines.push(line)),
      onLoad: () => {
        throw new Error('migration bug');
      },
    });
    const lease = await manager.open('report:b');
    lease.doc.getMap('m').set('k', 1);
    expect(lease.doc.getMap('m').get('k')).toBe(1);
    expect(lines.map((line) => JSON.parse(line) as { msg: string; doc: string })).toMatchObject([
      { msg: 'document load hook failed', doc: 'report:b' },
    ]);
    lease.release();
  });
});
