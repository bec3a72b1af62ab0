import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'model',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // The property test runs hundreds of merges: seconds on a quiet machine, more under load.
    testTimeout: 60_000,
    // The model's tests keep no state between files (each builds its own documents): one module
    // graph per worker instead of one per file. Measured with `vitest run --project model`: import
    // 154 s -> 19 s, the project 227 s -> 50 s on a loaded machine.
    isolate: false,
  },
});
