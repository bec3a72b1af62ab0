import fs from 'node:fs';
import path from 'node:path';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { Logger } from '../logger.ts';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.jpg': 'image/jpeg',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Hashed build output (Vite's assets/name-HASH.ext) never changes under its name, so it is cached for a
 * year; everything else (index.html, sw.js, manifest) is revalidated so a deploy reaches phones.
 */
export function cacheControl(relative: string): string {
  const base = path.basename(relative);
  if (base === 'index.html' || base === 'sw.js') return NO_CACHE;
  return relative.startsWith('assets/') || /[.-][A-Za-z0-9_]{8,}\.[a-z0-9]+$/.test(base)
    ? IMMUTABLE
    : NO_CACHE;
}

function fileResponse(c: Context, file: string, relative: string): Response {
  const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  return c.body(fs.readFileSync(file), 200, {
    'Content-Type': type,
    'Cache-Control': cacheControl(relative),
  });
}

/**
 * Serves the built web app from `dir` with SPA fallback to index.html for paths that are not /api or
 * /sync and name no file. Registered after every other route.
 */
export function mountWeb(app: Hono, dir: string, logger: Logger): boolean {
  const root = path.resolve(dir);
  const index = path.join(root, 'index.html');
  if (!fs.existsSync(index)) {
    logger.info('web app not served: no index.html', { webDir: root });
    return false;
  }
  logger.info('serving web app', { webDir: root });
  app.get('*', (c) => {
    // Malformed encodings and NUL never get here (see rejectMalformedUrls).
    const urlPath = decodeURIComponent(c.req.path);
    if (urlPath === '/api' || urlPath.startsWith('/api/') || urlPath.startsWith('/sync')) {
      return c.json({ message: `Not found: ${urlPath}` }, 404);
    }
    // Source maps show the app's sources: never served in production.
    if (urlPath.endsWith('.map')) return c.json({ message: `Not found: ${urlPath}` }, 404);
    const relative = path.normalize(urlPath).replace(/^([/\\])+/, '');
    const file = path.join(root, relative);
    // Never outside the folder (normalize has already resolved any '..').
    if (
      file.startsWith(root + path.sep) &&
      fs.statSync(file, { throwIfNoEntry: false })?.isFile()
    ) {
      return fileResponse(c, file, relative);
    }
    if (path.extname(relative) !== '' && !relative.endsWith('.html')) {
      return c.json({ message: `Not found: ${urlPath}` }, 404);
    }
    return fileResponse(c, index, 'index.html');
  });
  return true;
}

/**
 * 400 for a path whose percent-encoding does not decode (`%c0%ae`, a lone `%`) or that holds a NUL
 * (`%00`): such a path names no route or file, and must not reach code that decodes it.
 */
export function rejectMalformedUrls(): MiddlewareHandler {
  return async (c, next) => {
    const raw = new URL(c.req.url).pathname;
    let decoded: string;
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      return c.json({ message: 'Malformed URL: the path is not valid percent-encoded UTF-8' }, 400);
    }
    if (decoded.includes('\0'))
      return c.json({ message: 'Malformed URL: the path holds a NUL' }, 400);
    return next();
  };
}
