import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Where browser tests put the pictures that illustrate the guides. A normal run writes them under
 * test-results/ (to look at, never committed); `PLOD_DOCS_SCREENSHOTS=1 npx playwright test` writes
 * docs/screenshots/ to refresh the guides, on a fresh server so the lists show only what the test made.
 */
export const DOCS_SCREENSHOTS = fileURLToPath(
  process.env.PLOD_DOCS_SCREENSHOTS === '1'
    ? new URL('../../docs/screenshots/', import.meta.url)
    : new URL('../test-results/docs-screenshots/', import.meta.url),
);
mkdirSync(DOCS_SCREENSHOTS, { recursive: true });
