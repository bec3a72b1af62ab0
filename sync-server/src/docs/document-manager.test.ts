import { afterEach, describe, expect, it } from 'vitest';
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
});
