import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'model', environment: 'node', include: ['src/**/*.test.ts'] },
});
