import { configDefaults, defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'sync-server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // PostgreSQL's tests are their own project (vitest.pg.config.ts), with their own cluster.
    exclude: [...configDefaults.exclude, '**/*.pg.test.ts'],
    testTimeout: 30_000,
    globalSetup: ['test/global-setup.ts'],
  },
});
