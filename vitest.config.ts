import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { projects } from './vitest.workspace.ts';

export default defineConfig({
  test: {
    projects,
    // Run-wide: the run's temporary folder, removed at the end (scripts/vitest-tmpdir.ts).
    globalSetup: ['./scripts/vitest-tmpdir.ts'],
    // Many tests wait on servers, sockets, timers and PostgreSQL rather than the CPU (sync-server's
    // 484 tests used 0.7 of a core over their 6 minutes at two files at once): one file more than
    // there are cores, at least three. (Four at once beside another build timed out twice.)
    maxWorkers: Math.max(3, availableParallelism() + 1),
  },
});
