import fs from 'node:fs';
import path from 'node:path';

/**
 * The data folder when PLOD_DATA_DIR is unset: `data/` in the project's root, beside the server's
 * package, wherever the process runs from. `npm start` runs the server inside sync-server/, and the
 * README sends a newcomer to ./data (and its initial-credentials.txt) in the root.
 */
export const DEFAULT_DATA_DIR = path.resolve(packageDir(import.meta.dirname), '..', 'data');

/**
 * PLOD_DATA_DIR, or the default. A relative PLOD_DATA_DIR is taken from the folder the command was
 * started in: through npm or pnpm that is INIT_CWD (the script itself runs in the package's folder),
 * otherwise the working directory.
 */
export function resolveDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const dir = env.PLOD_DATA_DIR;
  if (!dir) return DEFAULT_DATA_DIR;
  return path.resolve(env.INIT_CWD || process.cwd(), dir);
}

/**
 * The server package's folder: the nearest one holding a package.json. Callers run from
 * src/ (sources) or from dist/ (the bundle), so their own path alone does not say.
 */
export function packageDir(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return from;
  }
}
