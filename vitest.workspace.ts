// The one list of test projects. Vitest 4 no longer reads this file by itself:
// vitest.config.ts imports it.
export const projects = ['model', 'sync-server', 'web'];
