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

/** The precompressed copies a build writes beside a file (web/precompress.ts), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/**
 * The q-value an Accept-Encoding header gives `coding` (RFC 9110 12.5.3): its own entry, else `*`,
 * else 0 (not acceptable). `identity` is always acceptable unless refused, which never matters here.
 */
export function acceptedQuality(header: string | undefined, coding: string): number {
  if (!header) return 0;
  let star: number | null = null;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = q === undefined ? 1 : Number(q.slice(2));
    const quality = Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
    if (name.trim() === coding) return quality;
    if (name.trim() === '*') star = quality;
  }
  return star ?? 0;
}

/** The best precompressed copy of `file` the request accepts, if the build made one. */
function encodedCopy(c: Context, file: string): { encoding: string; file: string } | null {
  const header = c.req.header('accept-encoding');
  let best: { encoding: string; file: string; quality: number } | null = null;
  // A copy older than its file is stale (the file was replaced after the build): never served.
  const original = fs.statSync(file, { throwIfNoEntry: false });
  for (const { name, suffix } of ENCODINGS) {
    const quality = acceptedQuality(header, name);
    if (quality <= 0 || (best && best.quality >= quality)) continue;
    const copy = fs.statSync(file + suffix, { throwIfNoEntry: false });
    if (copy?.isFile() && original && copy.mtimeMs >= original.mtimeMs)
      best = { encoding: name, file: file + suffix, quality };
  }
  return best;
}

function fileResponse(c: Context, file: string, relative: string): Response {
  const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  const headers: Record<string, string> = {
    'Content-Type': type,
    'Cache-Control': cacheControl(relative),
  };
  const compressed = ENCODINGS.some(({ suffix }) => fs.existsSync(file + suffix));
  // The answer depends on Accept-Encoding wherever a compressed copy exists: caches must know.
  if (compressed) headers.Vary = 'Accept-Encoding';
  const copy = compressed ? encodedCopy(c, file) : null;
  if (copy) {
    headers['Content-Encoding'] = copy.encoding;
    return c.body(fs.readFileSync(copy.file), 200, headers);
  }
  return c.body(fs.readFileSync(file), 200, headers);
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
    // Source maps show the app's sources: never served in production. The compressed copies are
    // served in place of their file, never by their own names.
    if (/\.(map|br|gz)$/.test(urlPath)) return c.json({ message: `Not found: ${urlPath}` }, 404);
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
