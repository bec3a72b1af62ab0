import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../web/precompress.ts';
import { tempDir } from '../helpers.ts';
import { spawnServer } from '../process.ts';
import type { ServerProcess } from '../process.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Text that compresses, as a build's would: a few KB of code-like lines. */
const text = (label: string) =>
  Array.from({ length: 300 }, (_, i) => `export const ${label}${i} = "${label}-${i % 17}";`).join(
    '\n',
  );

/** A build folder, compressed by the build's own step. */
function webDir(): string {
  const dir = tempDir('plod-web-');
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>Plod</title>${text('i')}`);
  fs.writeFileSync(path.join(dir, 'sw.js'), text('sw'));
  fs.writeFileSync(path.join(dir, 'assets', 'app-Ab12Cd34.js'), text('app'));
  fs.writeFileSync(path.join(dir, 'assets', 'tiny-Ef56Gh78.js'), 'console.log(1)');
  precompressDir(dir);
  return dir;
}

/** A GET as a browser sends it, the body left as the server encoded it. */
function get(
  port: number,
  urlPath: string,
  acceptEncoding?: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
  });
}

function decoded(res: { headers: http.IncomingHttpHeaders; body: Buffer }): Buffer {
  switch (res.headers['content-encoding']) {
    case 'br':
      return zlib.brotliDecompressSync(res.body);
    case 'gzip':
      return zlib.gunzipSync(res.body);
    default:
      return res.body;
  }
}

describe('static files', () => {
  const processes: ServerProcess[] = [];
  afterEach(() => {
    for (const p of processes.splice(0)) if (p.child.exitCode === null) p.child.kill('SIGKILL');
  });

  it('are sent compressed as the browser accepts, cached for a year when hashed, and decode to the file', async () => {
    const dir = webDir();
    const server = await spawnServer({ PLOD_WEB_DIR: dir });
    processes.push(server);
    const file = (name: string) => fs.readFileSync(path.join(dir, name));

    // What the browser accepts, and the encoding the hashed script comes in.
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0.8', 'gzip'],
      ['gzip;q=0.5, br;q=0.9', 'br'],
      ['*', 'br'],
      ['identity', undefined],
      [undefined, undefined],
    ] as const) {
      const res = await get(server.port, '/assets/app-Ab12Cd34.js', accept);
      expect({ accept, status: res.status, encoding: res.headers['content-encoding'] }).toEqual({
        accept,
        status: 200,
        encoding,
      });
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(res.headers['content-type']).toContain('text/javascript');
      expect(decoded(res).equals(file('assets/app-Ab12Cd34.js'))).toBe(true);
    }
    const compressed = await get(server.port, '/assets/app-Ab12Cd34.js', 'br');
    expect(compressed.body.length).toBeLessThan(file('assets/app-Ab12Cd34.js').length / 3);

    // index.html (also for a route of the app) and the service worker: compressed, never cached.
    for (const [url, name] of [
      ['/', 'index.html'],
      ['/plods', 'index.html'],
      ['/sw.js', 'sw.js'],
    ] as const) {
      const res = await get(server.port, url, 'gzip, br');
      expect([url, res.headers['content-encoding'], res.headers['cache-control']]).toEqual([
        url,
        'br',
        'no-cache',
      ]);
      expect(decoded(res).equals(file(name))).toBe(true);
    }

    // A file too small to compress is sent as it is, with nothing that varies.
    const tiny = await get(server.port, '/assets/tiny-Ef56Gh78.js', 'gzip, br');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.headers.vary).toBeUndefined();
    expect(tiny.body.equals(file('assets/tiny-Ef56Gh78.js'))).toBe(true);

    // The copies are never files of their own.
    for (const url of ['/assets/app-Ab12Cd34.js.br', '/assets/app-Ab12Cd34.js.gz']) {
      expect((await get(server.port, url)).status).toBe(404);
    }
  });
});
