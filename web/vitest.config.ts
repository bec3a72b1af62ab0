import { configDefaults, defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    environment: 'happy-dom',
    // Phone-first: screens render as on the phone they are designed for (lists as cards); the
    // browser tests' desktop project covers the desk layouts.
    environmentOptions: { happyDOM: { width: 390, height: 844 } },
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
    exclude: [...configDefaults.exclude, 'e2e/**'],
    setupFiles: ['src/testing/setup.ts'],
    // Screens open IndexedDB and lazy chunks: slow on a loaded machine, never wrong.
    testTimeout: 60_000,
  },
});
