import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** Files worth compressing: text. Images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|webmanifest|svg|txt)$/;

/** Smaller files gain too little for a second request header's worth (and are served as they are). */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return entry.isFile() ? [full] : [];
  });
}

/**
 * Writes `name.br` (brotli, best) and `name.gz` (gzip, best) beside each compressible file of `dir`
 * that is at least 1 KB and shrinks; the server sends one of them to a browser that accepts it.
 * Node's zlib does the compressing. Returns the files compressed.
 */
export function precompressDir(dir: string): string[] {
  const done: string[] = [];
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const bytes = fs.readFileSync(file);
    if (bytes.length < MIN_BYTES) continue;
    const br = zlib.brotliCompressSync(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    const gz = zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION });
    if (gz.length >= bytes.length) continue;
    fs.writeFileSync(`${file}.gz`, gz);
    if (br.length < gz.length) fs.writeFileSync(`${file}.br`, br);
    done.push(file);
  }
  return done;
}

/**
 * Compresses the build output once everything is written (the service worker included: this
 * plugin comes after the PWA plugin and runs last).
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'plod-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        precompressDir(outDir);
      },
    },
  };
}
