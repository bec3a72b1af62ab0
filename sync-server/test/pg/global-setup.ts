import type { TestProject } from 'vitest/node';
import { startPgCluster } from '../../scripts/pg-cluster.ts';

/**
 * The PostgreSQL tests' cluster (scripts/pg-cluster.ts): one per run of this project, started only
 * when one of its tests is queued, stopped and removed when the run ends, failed tests or not.
 * Each test creates its own database in it (test/pg/database.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startPgCluster();
  project.provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}
