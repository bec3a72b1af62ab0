// npm start's web build decision, on a small copy of the build's inputs: a real build (vite) would
// take a minute, so the build step here writes web/dist/index.html as vite would.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildIfChanged } from './build-if-changed.mjs';

describe('npm start builds the web app only when its inputs changed', () => {
  let root = '';
  let builds = 0;
  const build = () => {
    builds += 1;
    mkdirSync(join(root, 'web/dist'), { recursive: true });
    writeFileSync(join(root, 'web/dist/index.html'), '<!doctype html>');
  };
  const quiet = () => {};

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'plod-build-'));
    builds = 0;
    mkdirSync(join(root, 'web/src'), { recursive: true });
    mkdirSync(join(root, 'model/src'), { recursive: true });
    writeFileSync(join(root, 'web/src/main.tsx'), 'export {};\n');
    writeFileSync(join(root, 'model/src/index.ts'), 'export {};\n');
    writeFileSync(join(root, 'pnpm-lock.yaml'), 'lockfileVersion: 9\n');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('builds on the first start and not on a second start with nothing changed', () => {
    expect(buildIfChanged(root, build, quiet)).toBe(true);
    expect(buildIfChanged(root, build, quiet)).toBe(false);
    expect(builds).toBe(1);
  });

  it('builds again after a source is edited, added or removed, or the built app is gone', () => {
    buildIfChanged(root, build, quiet);
    const later = new Date(Date.now() + 60_000);
    writeFileSync(join(root, 'model/src/index.ts'), 'export const a = 1;\n');
    utimesSync(join(root, 'model/src/index.ts'), later, later);
    expect(buildIfChanged(root, build, quiet)).toBe(true);
    writeFileSync(join(root, 'web/src/new.ts'), 'export {};\n');
    expect(buildIfChanged(root, build, quiet)).toBe(true);
    rmSync(join(root, 'web/src/new.ts'));
    expect(buildIfChanged(root, build, quiet)).toBe(true);
    rmSync(join(root, 'web/dist'), { recursive: true });
    expect(buildIfChanged(root, build, quiet)).toBe(true);
    expect(buildIfChanged(root, build, quiet)).toBe(false);
    expect(builds).toBe(5);
  });

  it('does not record a build that failed', () => {
    const failing = () => {
      throw new Error('vite failed');
    };
    expect(() => buildIfChanged(root, failing, quiet)).toThrow('vite failed');
    expect(buildIfChanged(root, build, quiet)).toBe(true);
  });
});
