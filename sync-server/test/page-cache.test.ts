import { describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger.ts';
import { openStorage } from '../src/storage.ts';
import { PAGE_CACHE_KIB } from '../src/store/sqlite-cache.ts';
import { SqliteStore } from '../src/store/sqlite-store.ts';
import { tempDir } from './helpers.ts';

describe('SQLite page caches', () => {
  it("bound the documents' and the app tables' connections to SQLite's default, not better-sqlite3's 16 MB", async () => {
    const storage = openStorage({ dataDir: tempDir() }, createLogger('silent'));
    try {
      expect(storage.store).toBeInstanceOf(SqliteStore);
      const documents = (storage.store as SqliteStore).database;
      expect(documents.pragma('cache_size', { simple: true })).toBe(-PAGE_CACHE_KIB);
      expect(storage.appDb.sqlite.pragma('cache_size', { simple: true })).toBe(-PAGE_CACHE_KIB);
    } finally {
      await storage.store.close();
      await storage.appDb.close();
    }
  });
});
