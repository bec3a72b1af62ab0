import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SqliteStore } from './sqlite-store.ts';
import { runDocumentStoreContract } from './store-contract.ts';
import type { AppendEntry } from './document-store.ts';

function tempFile(): { file: string; dir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plod-store-'));
  return { dir, file: path.join(dir, 'plod.db') };
}

runDocumentStoreContract('SqliteStore', async () => {
  const { dir, file } = tempFile();
  const store = new SqliteStore(file, { synchronous: 'NORMAL' });
  return {
    store,
    cleanup: async () => {
      await store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe('SqliteStore', () => {
  it('keeps appended updates across close and reopen', async () => {
    const { dir, file } = tempFile();
    const first = new SqliteStore(file);
    await first.append([{ docName: 'report:1', update: new Uint8Array([1, 2, 3]) }]);
    await first.close();
    const second = new SqliteStore(file);
    const loaded = await second.load('report:1');
    expect(loaded?.updates.map((row) => [...row.update])).toEqual([[1, 2, 3]]);
    await second.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes nothing of a batch whose transaction fails', async () => {
    const { dir, file } = tempFile();
    const store = new SqliteStore(file);
    const broken = { docName: null, update: new Uint8Array([2]) } as unknown as AppendEntry;
    await expect(
      store.append([{ docName: 'doc', update: new Uint8Array([1]) }, broken]),
    ).rejects.toThrow();
    expect(await store.load('doc')).toBeNull();
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
