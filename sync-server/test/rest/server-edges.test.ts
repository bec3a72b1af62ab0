import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createServer } from '../../src/server.ts';
import type { PlodServer, ServerOptions } from '../../src/server.ts';
import { MemoryStore } from '../../src/store/memory-store.ts';
import { seedDemo } from '../../src/services/demo.ts';
import { tempDir } from '../helpers.ts';

/** A quiet server on an in-memory store with access control off, plus `options`. */
const memoryServer = (options: ServerOptions = {}): PlodServer =>
  createServer({
    store: new MemoryStore(),
    logLevel: 'silent',
    insecureAllowAll: true,
    ...options,
  });

function webDir(): string {
  const dir = tempDir('plod-web-');
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Plod</title>');
  fs.writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  fs.writeFileSync(path.join(dir, 'assets', 'index-Ab12Cd34.js'), 'console.log(1)');
  return dir;
}

describe('web app hosting', () => {
  let server: PlodServer;
  afterEach(() => server.close());

  it('serves files, falls back to index.html for app routes, and caches by kind', async () => {
    server = memoryServer({ webDir: webDir() });
    const get = (p: string) => server.app.request(p);
    const index = await get('/edit-report/123');
    expect(index.status).toBe(200);
    expect(await index.text()).toContain('<title>Plod</title>');
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect((await get('/sw.js')).headers.get('cache-control')).toBe('no-cache');
    const asset = await get('/assets/index-Ab12Cd34.js');
    expect(asset.headers.get('content-type')).toContain('javascript');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await get('/assets/missing-Zz99Yy88.js')).status).toBe(404);
    expect((await get('/api/nothing-here')).status).toBe(404);
    expect((await get('/../../etc/passwd')).status).not.toBe(500);
  });

  it('skips a web folder that does not exist', async () => {
    server = memoryServer({ webDir: '/nonexistent/plod' });
    expect((await server.app.request('/')).status).toBe(404);
  });
});

describe('REST limits and demo data', () => {
  let server: PlodServer;
  afterEach(() => server.close());

  it('answers malformed JSON with 400 and an oversized body with 413, never 500', async () => {
    server = memoryServer({ maxBodyBytes: 1000 });
    const post = (body: string) =>
      server.app.request('/api/sites', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
    const malformed = await post('{"siteName": ');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ message: expect.any(String), issues: [] });
    const big = await post(JSON.stringify({ siteName: 'x'.repeat(5000) }));
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ message: expect.any(String) });
    const noType = await server.app.request('/api/sites', { method: 'POST', body: 'siteName=x' });
    // A body that is not JSON is refused as such (415 from the validator), not a crash.
    expect([400, 415]).toContain(noType.status);
  });

  it('seeds a demo site, rig, drillers, offsiders and hire tools only into an empty store', async () => {
    server = memoryServer();
    expect(await seedDemo(server.rest.docs, server.store)).toBe(true);
    const json = async (p: string) =>
      (await server.app.request(p)).json() as Promise<Record<string, unknown>[]>;
    expect((await json('/api/sites')).map((s) => s.siteName)).toEqual(['Demo Site']);
    expect(await json('/api/rigs')).toHaveLength(1);
    const roles = (await json('/api/crew-members')).map((m) => m.role);
    expect(roles).toEqual(expect.arrayContaining(['driller', 'offsider']));
    expect((await json('/api/hire-tools-library')).length).toBeGreaterThan(0);
    expect(await seedDemo(server.rest.docs, server.store)).toBe(false);
    expect(await json('/api/sites')).toHaveLength(1);
  });
});
