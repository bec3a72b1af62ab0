#!/usr/bin/env node
// The figures of issue 23 (a plod built from parts), printed, never asserted:
//   1. source files (tests, e2e and bench aside, and folders named test) that name the maintenance
//      part outside its own folders: how far one part is spread across the machinery. A file counts
//      when "maintenance" (lower case, as every name of the part has it: its root and root key, its
//      bundle list maintenanceEntries, its types and functions (maintenancePart, MaintenanceEntry and
//      addMaintenanceEntry hold "aintenance" too, so they are matched case-blind), its route
//      drill-site-maintenance, its screen DrillSiteMaintenance) is left once two uses of the word
//      that are not the part are taken out:
//        - prose: comments (// and /* */) and the word between words in running text ("survey,
//          maintenance and hire tool records", a space before it and a space and a lower-case word
//          after it), which no name in code has;
//        - the time-entry activity: the quoted literal 'maintenance' (quotes included), only in a
//          file that also holds the literal 'drilling' (the first activity), as a list of
//          activities, a time entry of the seed or the activity union of a bundle row does.
//      Keys, properties and paths are never taken out: a root key `maintenance:`, `.maintenance`
//      and `/maintenance` count wherever they are;
//   2. imports that run back up a floor in model/src and sync-server/src: each direct entry of the
//      folder (a sub-folder or a file) is a room; the rooms are stacked so that a room stands above
//      what it imports, and where rooms import each other in a loop the loop is broken where the
//      fewest imports cross: each import (file -> file, once) that still points up is counted.
// Usage: node scripts/part-figures.mjs [--list]   (--list names the files and the imports counted)
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const list = process.argv.includes('--list');
const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
const NOT_SOURCE = /(\.test\.|\.spec\.|\.bench\.|\.d\.ts$)/;
const ASIDE = new Set(['node_modules', 'dist', 'e2e', 'bench', 'test', 'tests', 'coverage']);

/** Source files below a folder, tests, e2e and bench aside. */
function sourceFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (!ASIDE.has(name)) out.push(...sourceFiles(path));
    } else if (SOURCE.test(name) && !NOT_SOURCE.test(name)) {
      out.push(path);
    }
  }
  return out;
}

const rel = (path) => relative(root, path).split(sep).join('/');

// 1. The maintenance part outside its own folders.
/** A file's text with the uses of the word that are not the part taken out (see the top). */
function partText(text) {
  const code = text
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1')
    .replace(/(?<=[A-Za-z,] )maintenance(?= [a-z])/g, ' ');
  return code.includes("'drilling'") ? code.replaceAll("'maintenance'", ' ') : code;
}
const packages = ['model/src', 'sync-server/src', 'web/src'].map((p) => join(root, p));
const naming = packages
  .flatMap(sourceFiles)
  .map(rel)
  .filter((path) => !path.split('/').includes('maintenance'))
  .filter((path) => /maintenance/i.test(partText(readFileSync(join(root, path), 'utf8'))))
  .sort();
console.log(`files naming the maintenance part outside its folders: ${naming.length}`);
if (list) for (const path of naming) console.log(`  ${path}`);

// 2. Imports that run back up a floor.
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolveImport(from, spec) {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec);
  const candidates = [
    base,
    base.replace(/\.js$/, '.ts'),
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
  ];
  return candidates.find((c) => {
    try {
      return statSync(c).isFile();
    } catch {
      return false;
    }
  });
}

function backUp(place) {
  const dir = join(root, place);
  const files = sourceFiles(dir);
  const roomOf = (file) => relative(dir, file).split(sep)[0];
  /** imports[a][b] = the imports (file -> file, once each) from room a to room b. */
  const imports = new Map();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const target = resolveImport(file, m[1] ?? m[2]);
      if (!target || !target.startsWith(dir + sep) || NOT_SOURCE.test(target)) continue;
      const a = roomOf(file);
      const b = roomOf(target);
      if (a === b) continue;
      if (!imports.has(a)) imports.set(a, new Map());
      const row = imports.get(a);
      if (!row.has(b)) row.set(b, new Set());
      row.get(b).add(`${rel(file)} -> ${rel(target)}`);
    }
  }
  const rooms = [...new Set(files.map(roomOf))];
  const weight = (a, b) => imports.get(a)?.get(b)?.size ?? 0;
  // An order of the rooms, lowest first, that leaves few imports pointing up it (greedy: take a room
  // that imports nothing left, else the one whose imports of what is left are fewest against those
  // it receives).
  const left = new Set(rooms);
  const order = [];
  while (left.size > 0) {
    let best;
    let bestScore = Infinity;
    for (const a of [...left].sort()) {
      let out = 0;
      let inn = 0;
      for (const b of left) {
        out += weight(a, b);
        inn += weight(b, a);
      }
      const score = out === 0 ? -Infinity : out - inn;
      if (score < bestScore) {
        best = a;
        bestScore = score;
      }
    }
    order.push(best);
    left.delete(best);
  }
  // Then each room is moved to the place in the order where the fewest imports point up, until no move helps.
  const upward = (o) => {
    let n = 0;
    for (let i = 0; i < o.length; i++)
      for (let j = i + 1; j < o.length; j++) n += weight(o[i], o[j]);
    return n;
  };
  let current = upward(order);
  for (let moved = true; moved;) {
    moved = false;
    for (const room of [...order]) {
      const rest = order.filter((r) => r !== room);
      for (let at = 0; at <= rest.length; at++) {
        const tried = [...rest.slice(0, at), room, ...rest.slice(at)];
        const n = upward(tried);
        if (n < current) {
          order.splice(0, order.length, ...tried);
          current = n;
          moved = true;
        }
      }
    }
  }
  const rank = new Map(order.map((r, i) => [r, i]));
  const counted = [];
  for (const [a, row] of imports) {
    for (const [b, lines] of row) if (rank.get(a) < rank.get(b)) counted.push(...lines);
  }
  return counted.sort();
}

for (const place of ['model/src', 'sync-server/src']) {
  const counted = backUp(place);
  console.log(`imports that run back up a floor in ${place}: ${counted.length}`);
  if (list) for (const line of counted) console.log(`  ${line}`);
}
