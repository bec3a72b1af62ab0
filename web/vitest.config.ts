import { configDefaults, defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: [...configDefaults.exclude, 'e2e/**'],
    setupFiles: ['src/testing/setup.ts'],
    // Screens open IndexedDB and lazy chunks: slow on a loaded machine, never wrong.
    testTimeout: 60_000,
  },
});
