import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';

const url = 'postgres://plod:secret@db.example.com:5432/plod';

describe('one process of several (PLOD_CLUSTER_SECRET)', () => {
  it('stays a single process unless the secret is set', () => {
    expect(loadConfig({ PLOD_DATABASE_URL: url }).server.cluster).toBeUndefined();
    expect(loadConfig({}).server.cluster).toBeUndefined();
  });

  it('takes the secret and the address the other processes reach this one at', () => {
    const config = loadConfig({
      PLOD_DATABASE_URL: url,
      PLOD_CLUSTER_SECRET: 'shared-by-every-process',
      PLOD_CLUSTER_ADDRESS: 'http://10.0.0.5:8787',
    });
    expect(config.server.cluster).toEqual({
      secret: 'shared-by-every-process',
      address: 'http://10.0.0.5:8787',
    });
  });

  it('refuses settings that cannot work, saying why', () => {
    expect(() => loadConfig({ PLOD_CLUSTER_SECRET: 'shared-by-every-process' })).toThrow(
      /PLOD_CLUSTER_SECRET .* needs PLOD_DATABASE_URL/,
    );
    expect(() => loadConfig({ PLOD_DATABASE_URL: url, PLOD_CLUSTER_SECRET: 'short' })).toThrow(
      /PLOD_CLUSTER_SECRET: must be at least 16 characters/,
    );
    expect(() =>
      loadConfig({
        PLOD_DATABASE_URL: url,
        PLOD_CLUSTER_SECRET: 'shared-by-every-process',
        PLOD_CLUSTER_ADDRESS: '10.0.0.5:8787',
      }),
    ).toThrow(/PLOD_CLUSTER_ADDRESS: must be the base URL/);
    expect(() => loadConfig({ PLOD_CLUSTER_ADDRESS: 'http://10.0.0.5:8787' })).toThrow(
      /PLOD_CLUSTER_ADDRESS is only used with PLOD_CLUSTER_SECRET/,
    );
  });
});
