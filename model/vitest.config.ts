import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'model',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // The property test runs hundreds of merges: seconds on a quiet machine, more under load.
    testTimeout: 60_000,
  },
});
