// Adds up the gzipped JavaScript a cold start on the first route (/, the reports list) downloads:
// the entry chunk, its static imports, and the route's lazy chunk with its imports.
// Usage: pnpm build && node scripts/first-route-size.mjs [--dist <build folder>] [screen source]
// (defaults: web/dist, src/screens/ReportsList.tsx). Exits non-zero above the 200 KB budget. A
// quick floor, no more: the lazy chunks the list loads once shown are not counted. The whole suite
// (scripts/test.sh) checks the budget with measure-download.mjs, which counts what Chromium loads.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const BUDGET_KB = 200;
const { values, positionals } = parseArgs({
  options: { dist: { type: 'string' } },
  allowPositionals: true,
});
const dist = values.dist ?? fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const screen = positionals[0] ?? 'src/screens/ReportsList.tsx';

const files = new Set();
function collect(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported);
}
collect('index.html');
collect(screen);

let total = 0;
for (const file of [...files].sort()) {
  const size = gzipSync(readFileSync(join(dist, file))).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(8)} KB  ${file}`);
}
const totalKb = total / 1024;
console.log(
  `${totalKb.toFixed(1).padStart(8)} KB  total gzipped JS for ${screen} (budget ${BUDGET_KB} KB)`,
);
process.exit(totalKb <= BUDGET_KB ? 0 : 1);
