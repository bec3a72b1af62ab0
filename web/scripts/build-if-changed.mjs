// `npm start`'s web build: builds web/dist only when something the build reads has changed since the
// last build this script made (a second start with nothing changed skips the minute-long build).
// Usage: node web/scripts/build-if-changed.mjs  (prints what it decided; exits non-zero if the build fails)
//
// What the build reads: the web app's and the model's sources, their package files, the lockfile and
// the shared TypeScript settings. Their fingerprint (each file's path, size and modification time) is
// written after a successful build; a start whose fingerprint matches and whose web/dist/index.html
// exists builds nothing. A file added, removed, edited or touched changes the fingerprint.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Folders and files (relative to the project root) a web build reads. */
export const BUILD_INPUTS = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/package.json',
  'web/tsconfig.json',
  'model/src',
  'model/package.json',
  'pnpm-lock.yaml',
  'tsconfig.base.json',
];

function listFiles(path, out) {
  if (!existsSync(path)) return;
  const stat = statSync(path);
  if (!stat.isDirectory()) {
    out.push(path);
    return;
  }
  for (const name of readdirSync(path)) listFiles(join(path, name), out);
}

/** One hash of every input file's path, size and modification time under `root`. */
export function inputFingerprint(root, inputs = BUILD_INPUTS) {
  const files = [];
  for (const input of inputs) listFiles(join(root, input), files);
  files.sort();
  const hash = createHash('sha256');
  for (const file of files) {
    const stat = statSync(file);
    hash.update(`${relative(root, file)}\t${stat.size}\t${stat.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

/** Where the fingerprint of the last successful build is kept (outside dist/, which is served). */
export function stampPath(root) {
  return join(root, 'web/node_modules/.cache/plod-build-fingerprint');
}

/**
 * Whether a build is needed: no built app yet, no record of the last build, or a different
 * fingerprint. Returns the reason, or null when the built app is up to date.
 */
export function buildReason(root, fingerprint = inputFingerprint(root)) {
  if (!existsSync(join(root, 'web/dist/index.html'))) return 'no built app yet';
  const stamp = stampPath(root);
  if (!existsSync(stamp)) return 'no record of the last build';
  if (readFileSync(stamp, 'utf8').trim() !== fingerprint)
    return 'sources changed since the last build';
  return null;
}

/** Records `fingerprint` as the last successful build's. */
export function recordBuild(root, fingerprint) {
  const stamp = stampPath(root);
  mkdirSync(dirname(stamp), { recursive: true });
  writeFileSync(stamp, `${fingerprint}\n`);
}

/**
 * Builds when needed with `runBuild` (the real one runs vite), then records the fingerprint taken
 * before the build, so an edit made while it ran is built next time. Returns whether it built.
 */
export function buildIfChanged(root, runBuild, log = console.log) {
  const fingerprint = inputFingerprint(root);
  const reason = buildReason(root, fingerprint);
  if (reason === null) {
    log('web app: up to date, not rebuilt');
    return false;
  }
  log(`web app: building (${reason})`);
  runBuild();
  recordBuild(root, fingerprint);
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  buildIfChanged(root, () => {
    const result = spawnSync('pnpm', ['--filter', '@plod/web', 'build'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  });
}
