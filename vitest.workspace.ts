// The one list of test projects. Vitest 4 no longer reads this file by itself:
// vitest.config.ts imports it.
// sync-server's PostgreSQL tests are a project of their own (their cluster starts only for them).
export const projects = ['model', 'sync-server', 'sync-server/vitest.pg.config.ts', 'web'];
