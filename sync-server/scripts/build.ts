/**
 * `pnpm --filter @plod/sync-server build`: the server as it runs in production, plain JavaScript in
 * dist/ (main.js and the SQLite writer thread's sqlite-writer.js beside it), bundled with esbuild.
 *
 * Why not run the TypeScript sources through tsx: tsx keeps every module's transformed source with
 * its inline source map in the heap and loads its own loader into the process (and into the writer
 * thread), which made the idle server's heap 19.4 MB against 14.7 built and its RSS 178 MB against
 * 92 (docs/benchmarks.md, round 7). Every full collection marks that heap.
 *
 * better-sqlite3 stays outside the bundle (a native addon, loaded from node_modules), and so does
 * pdfkit, which loads its standard fonts' metrics from its own package folder at run time, and
 * exceljs: the XLSX export loads it on first use, so the running relay does not carry it. Each output
 * file is written beside itself and renamed over the old one, so a server starting while another
 * checkout's run rebuilds never loads half a file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

export const packageDir = path.resolve(import.meta.dirname, '..');

/**
 * CommonJS dependencies in an ES module bundle still call `require` for Node's built-ins, which an
 * ES module does not have: the bundle makes one.
 */
const requireShim =
  "import { createRequire as __plodCreateRequire } from 'node:module';\n" +
  'const require = __plodCreateRequire(import.meta.url);';

export interface BundleOptions {
  /** Entry points, relative to the package folder; each becomes `<outDir>/<name>.js`. */
  entries: string[];
  outDir: string;
  /** Leave every package outside the bundle (loaded from node_modules at run time). */
  packagesExternal?: boolean;
}

/** Bundles `entries` for Node 20 as ES modules, with linked source maps. */
export async function bundle({
  entries,
  outDir,
  packagesExternal = false,
}: BundleOptions): Promise<string[]> {
  const result = await build({
    absWorkingDir: packageDir,
    entryPoints: entries,
    entryNames: '[name]',
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // pg-native: pg's optional libpq binding, which the server does not use.
    external: ['better-sqlite3', 'pg-native', 'pdfkit', 'exceljs'],
    packages: packagesExternal ? 'external' : undefined,
    banner: { js: requireShim },
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    write: false,
  });
  fs.mkdirSync(outDir, { recursive: true });
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, file.contents);
    fs.renameSync(temporary, file.path);
  }
  return result.outputFiles.map((file) => file.path).filter((file) => file.endsWith('.js'));
}

/** The server's entry and its writer thread (worker-sqlite-store.ts finds it beside main.js). */
export const SERVER_ENTRIES = ['src/main.ts', 'src/store/sqlite-writer.ts'];

export const serverDistDir = path.join(packageDir, 'dist');

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const started = performance.now();
  const files = await bundle({ entries: SERVER_ENTRIES, outDir: serverDistDir });
  const ms = Math.round(performance.now() - started);
  console.log(
    `built ${files.map((file) => path.relative(packageDir, file)).join(', ')} in ${ms} ms`,
  );
}
