import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { projects } from './vitest.workspace.ts';

export default defineConfig({
  test: {
    projects,
    // Run-wide: the run's temporary folder, removed at the end (scripts/vitest-tmpdir.ts).
    globalSetup: ['./scripts/vitest-tmpdir.ts'],
    // Many tests wait on servers, sockets and PostgreSQL rather than the CPU: at least two files at
    // once, even on a 2-core machine (Vitest's default there is one), halves the wall time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
