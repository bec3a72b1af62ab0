import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { READER_WRITTEN_FOR } from './update-check.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const PACKAGES = ['model', 'sync-server', 'web'];
const PINNED = Object.keys(READER_WRITTEN_FOR) as (keyof typeof READER_WRITTEN_FOR)[];

/** The version of `name` that `pkg` loads: the package.json above the module it resolves to. */
function installedVersion(pkg: string, name: string): string {
  const entry = createRequire(path.join(root, pkg, 'package.json')).resolve(name);
  for (let dir = path.dirname(entry); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (!fs.existsSync(file)) continue;
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      name?: string;
      version?: string;
    };
    if (manifest.name === name) return manifest.version ?? '';
  }
  throw new Error(`no package.json of ${name} above ${entry}`);
}

function dependencies(pkg: string): Record<string, string> {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, pkg, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  return { ...manifest.dependencies, ...manifest.devDependencies };
}

describe('the Yjs version the update reader was written for', () => {
  it('is the yjs (and lib0) every package loads', () => {
    for (const name of PINNED) {
      for (const pkg of PACKAGES) {
        if (name === 'lib0' && !(name in dependencies(pkg))) continue;
        expect(
          installedVersion(pkg, name),
          `${pkg} loads another ${name} than sync-server/src/sync/update-check.ts was written for: ` +
            'check the reader against its encoder, then change READER_WRITTEN_FOR',
        ).toBe(READER_WRITTEN_FOR[name]);
      }
    }
  });

  it('is pinned exactly wherever yjs or lib0 is a dependency, and overrides every other dependent', () => {
    for (const pkg of PACKAGES) {
      const deps = dependencies(pkg);
      for (const name of PINNED) {
        if (name in deps)
          expect(`${pkg}: ${name} ${deps[name]}`).toBe(
            `${pkg}: ${name} ${READER_WRITTEN_FOR[name]}`,
          );
      }
    }
    const workspace = fs.readFileSync(path.join(root, 'pnpm-workspace.yaml'), 'utf8');
    for (const name of PINNED) {
      expect(workspace).toMatch(
        new RegExp(`^overrides:(\\n  .*)*\\n  ${name}: ${READER_WRITTEN_FOR[name]}$`, 'm'),
      );
    }
    // One version of each in the whole install, the y-* packages' included.
    const lock = fs.readFileSync(path.join(root, 'pnpm-lock.yaml'), 'utf8');
    for (const name of PINNED) {
      const versions = new Set(
        [...lock.matchAll(new RegExp(`^  ${name}@([^:(]+)`, 'gm'))].map((m) => m[1]),
      );
      expect([...versions]).toEqual([READER_WRITTEN_FOR[name]]);
    }
  });
});
