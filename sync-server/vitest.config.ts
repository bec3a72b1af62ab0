import { configDefaults, defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'sync-server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // PostgreSQL's tests are their own project (vitest.pg.config.ts), with their own cluster.
    exclude: [...configDefaults.exclude, '**/*.pg.test.ts'],
    testTimeout: 30_000,
    // Each test starts its own server, store and folder (test/helpers): one module graph per worker
    // instead of one per file. All 484 tests pass either way.
    isolate: false,
    globalSetup: ['test/global-setup.ts'],
  },
});
