import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';

const projectRoot = path.resolve(import.meta.dirname, '../..');

describe('where the server keeps its data', () => {
  it('keeps it in the project root’s data folder by default, wherever it runs from', () => {
    // `npm start` runs the server inside sync-server/; the README names ./data in the root.
    expect(loadConfig({}).server.dataDir).toBe(path.join(projectRoot, 'data'));
    expect(loadConfig({ INIT_CWD: '/somewhere/else' }).server.dataDir).toBe(
      path.join(projectRoot, 'data'),
    );
  });

  it('takes a relative PLOD_DATA_DIR from the folder npm or pnpm was started in', () => {
    expect(loadConfig({ PLOD_DATA_DIR: 'plod-data', INIT_CWD: '/srv' }).server.dataDir).toBe(
      '/srv/plod-data',
    );
    expect(loadConfig({ PLOD_DATA_DIR: '/var/lib/plod' }).server.dataDir).toBe('/var/lib/plod');
    expect(loadConfig({ PLOD_DATA_DIR: 'plod-data', INIT_CWD: '' }).server.dataDir).toBe(
      path.resolve('plod-data'),
    );
  });

  it('puts the documents on PostgreSQL only when PLOD_DATABASE_URL names a PostgreSQL database', () => {
    expect(loadConfig({}).server.databaseUrl).toBeUndefined();
    const url = 'postgres://plod:secret@db.example.com:5432/plod';
    expect(loadConfig({ PLOD_DATABASE_URL: url }).server.databaseUrl).toBe(url);
    expect(loadConfig({ PLOD_DATABASE_URL: 'postgresql://db/plod' }).server.databaseUrl).toBe(
      'postgresql://db/plod',
    );
    expect(() => loadConfig({ PLOD_DATABASE_URL: 'mysql://db/plod' })).toThrow(
      /PLOD_DATABASE_URL: must be a PostgreSQL URL/,
    );
  });

  it('takes a metrics token of at least 16 characters', () => {
    expect(loadConfig({}).server.metricsToken).toBeUndefined();
    expect(loadConfig({ PLOD_METRICS_TOKEN: 'scrape-me-7Hq2-Lp9x' }).server.metricsToken).toBe(
      'scrape-me-7Hq2-Lp9x',
    );
    expect(() => loadConfig({ PLOD_METRICS_TOKEN: 'short' })).toThrow(
      /PLOD_METRICS_TOKEN: must be at least 16 characters/,
    );
  });

  it('takes the commit rate under load from PLOD_COMMITS_PER_SECOND, a whole number from 1 to 1,000', () => {
    expect(loadConfig({}).server.commitsPerSecond).toBeUndefined();
    expect(loadConfig({ PLOD_COMMITS_PER_SECOND: '50' }).server.commitsPerSecond).toBe(50);
    for (const bad of ['0', '2.5', '1001', 'fast']) {
      expect(() => loadConfig({ PLOD_COMMITS_PER_SECOND: bad })).toThrow(/PLOD_COMMITS_PER_SECOND/);
    }
  });
});
