import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageDir } from '../data-dir.ts';
import { loadRestConfig } from './config.ts';

const serverPackage = path.resolve(import.meta.dirname, '../..');

describe('loadRestConfig', () => {
  it('finds the server package from its sources and from the bundle in dist/', () => {
    expect(packageDir(path.join(serverPackage, 'src', 'rest'))).toBe(serverPackage);
    expect(packageDir(path.join(serverPackage, 'dist'))).toBe(serverPackage);
  });

  it('serves web/dist beside the server package unless PLOD_WEB_DIR says otherwise', () => {
    expect(loadRestConfig({}).webDir).toBe(path.resolve(serverPackage, '../web/dist'));
    expect(loadRestConfig({ PLOD_WEB_DIR: '/srv/plod-web' }).webDir).toBe('/srv/plod-web');
  });
});
