import { configure } from '@testing-library/react';

// Waits are for conditions, not deadlines: the first visit to a lazy route loads its chunk and
// opens IndexedDB, which on a shared 2-core machine under load can take many seconds. A generous
// ceiling keeps the suite from failing on a slow machine without making a passing run any slower.
configure({ asyncUtilTimeout: 20_000 });
