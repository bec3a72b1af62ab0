import { SERVER_ENTRIES, bundle, serverDistDir } from '../scripts/build.ts';

/**
 * Tests that run the server in a child process run what `pnpm start` runs: the bundle in dist/,
 * built once here from the current sources.
 */
export default async function setup(): Promise<void> {
  await bundle({ entries: SERVER_ENTRIES, outDir: serverDistDir });
}
