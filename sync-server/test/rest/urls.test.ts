import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers.ts';
import { spawnServer } from '../process.ts';
import type { ServerProcess } from '../process.ts';

function webDir(): string {
  const dir = tempDir('plod-web-');
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Plod</title>');
  fs.writeFileSync(path.join(dir, 'assets', 'app-Ab12Cd34.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dir, 'assets', 'app-Ab12Cd34.js.map'), '{"sources":["secret.ts"]}');
  return dir;
}

/** A GET with the path sent exactly as written (fetch would normalise it). */
function rawGet(
  port: number,
  rawPath: string,
): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: rawPath, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', body }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('paths the server cannot use', () => {
  const processes: ServerProcess[] = [];
  afterEach(() => {
    for (const p of processes.splice(0)) if (p.child.exitCode === null) p.child.kill('SIGKILL');
  });

  it('answers malformed paths 400, unknown ones 404, always as { message }, and serves no source map', async () => {
    const server = await spawnServer({ PLOD_WEB_DIR: webDir() });
    processes.push(server);
    for (const malformed of [
      '/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd',
      '/%00',
      '/assets/app.js%00.png',
      '/%E0%A4%A',
      '/api/sites/%c0',
      '/api/shift-summaries/%ff%fe',
    ]) {
      const res = await rawGet(server.port, malformed);
      expect([malformed, res.status]).toEqual([malformed, 400]);
      expect(res.type).toContain('application/json');
      expect(JSON.parse(res.body)).toEqual({ message: expect.stringMatching(/^Malformed URL/) });
    }
    for (const missing of [
      '/api/sites/a/b/c/d',
      '/api/shift-summaries/x/y/z',
      '/sync',
      '/sync/a/b',
      '/assets/missing-Zz99Yy88.js',
      '/assets/app-Ab12Cd34.js.map',
    ]) {
      const res = await rawGet(server.port, missing);
      expect([missing, res.status]).toEqual([missing, 404]);
      expect(JSON.parse(res.body)).toEqual({ message: expect.any(String) });
    }
    expect((await rawGet(server.port, '/assets/app-Ab12Cd34.js')).status).toBe(200);
    expect((await rawGet(server.port, '/plods')).body).toContain('<title>Plod</title>');
    // None of it was a server error.
    const errors = server.logs.filter((line) => line.includes('"level":"error"'));
    expect(errors).toEqual([]);
  });
});
