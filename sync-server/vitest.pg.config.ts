import { defineProject } from 'vitest/config';

/**
 * The tests that need PostgreSQL (`*.pg.test.ts`): a project of their own, so that their cluster
 * (test/pg/global-setup.ts) starts only when one of them runs. The server bundle is built too, for
 * the tests that run the server as `pnpm start` does.
 */
export default defineProject({
  test: {
    name: 'sync-server-pg',
    environment: 'node',
    include: ['src/**/*.pg.test.ts', 'test/**/*.pg.test.ts'],
    testTimeout: 30_000,
    // Each test makes its own database (test/pg/database.ts), server and folder, as sync-server's
    // other tests do (vitest.config.ts): one module graph per worker instead of one per file, so
    // the server's modules (Hono, pdfkit, exceljs, pg) are imported once per worker.
    isolate: false,
    globalSetup: ['test/pg/global-setup.ts', 'test/global-setup.ts'],
  },
});
