import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Waits are for conditions, not deadlines: the first visit to a lazy route loads its chunk and
// opens IndexedDB, which on a shared 2-core machine under load can take many seconds. A generous
// ceiling keeps the suite from failing on a slow machine without making a passing run any slower.
configure({ asyncUtilTimeout: 20_000 });

// Files share a worker's modules and document (vitest.config.ts: isolate false): whatever a test
// rendered is gone before the next one, in this file or the next.
afterEach(() => {
  cleanup();
});
