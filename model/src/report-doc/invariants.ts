import type { ReportSnapshot } from './snapshot.ts';

/**
 * Invariants every merged report must satisfy, as a list of broken ones (empty when all hold). Used by
 * the convergence and property tests; useful to a server health check too.
 */
export function brokenInvariants(snapshot: ReportSnapshot): string[] {
  const broken: string[] = [];
  for (const hole of snapshot.holes) {
    let expectedFrom = hole.startDepth;
    hole.runs.forEach((run, i) => {
      if (run.runNumber !== hole.startRunNumber + i)
        broken.push(`${hole.holeId}: run ${i} numbered ${run.runNumber}`);
      if (run.fromDepth !== expectedFrom)
        broken.push(`${hole.holeId}: run ${run.runNumber} overlaps or leaves a gap`);
      if (run.length < 0 || run.toDepth < run.fromDepth)
        broken.push(`${hole.holeId}: run ${run.runNumber} is negative`);
      expectedFrom = run.toDepth;
    });
  }
  if (snapshot.crew.filter((a) => a.isPrimary).length > 1)
    broken.push('more than one primary driller');
  const primary = snapshot.crew.find((a) => a.isPrimary);
  if (primary && primary.role !== 'driller') broken.push('primary is not a driller');
  return broken;
}
