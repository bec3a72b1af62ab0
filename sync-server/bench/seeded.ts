import { createLogger } from '../src/logger.ts';
import { ReportTable } from '../src/projections/report-table.ts';
import { seedYear } from '../src/seed/seed.ts';
import { openStorage } from '../src/storage.ts';
import { round, tempDir } from './processes.ts';

/**
 * A data folder holding a year of plods up to `until`: `dataDir` as it is when given (seeded by an
 * earlier run), else a new folder seeded with `plods` plods. Says which, and how long seeding took.
 */
export async function seededYear(options: {
  plods: number;
  until: string;
  dataDir?: string;
}): Promise<{ dataDir: string; seeding: string }> {
  if (options.dataDir) return { dataDir: options.dataDir, seeding: 'an earlier seeding' };
  const dataDir = tempDir();
  const storage = openStorage({ dataDir }, createLogger('silent'));
  try {
    const seeded = await seedYear(storage.store, new ReportTable(storage.appDb.sql), {
      plods: options.plods,
      until: options.until,
    });
    return {
      dataDir,
      seeding: `${seeded.plods} plods seeded in ${round(seeded.ms / 1000, 1)} s`,
    };
  } finally {
    await storage.store.close();
    await storage.appDb.close();
  }
}
