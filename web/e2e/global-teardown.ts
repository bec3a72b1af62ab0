import { rmSync } from 'node:fs';
import { delimiter } from 'node:path';

/**
 * Removes the server store and the build folder playwright.config.ts made for this run, so repeated
 * runs do not fill the machine's temporary folder. The server is stopped just after this: what it
 * still writes goes to files already unlinked, and the run is over.
 */
export default function globalTeardown(): void {
  for (const dir of (process.env.PLOD_E2E_REMOVE_DIRS ?? '').split(delimiter)) {
    if (dir) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  }
}
