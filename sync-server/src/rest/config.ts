import path from 'node:path';
import { z } from 'zod';
import { packageDir } from '../data-dir.ts';

const EnvSchema = z.object({
  PLOD_DEMO: z.enum(['0', '1', 'true', 'false']).default('1'),
  PLOD_WEB_DIR: z.string().optional(),
  PLOD_MAX_BODY_BYTES: z.coerce.number().int().positive().optional(),
});

export interface RestConfig {
  /** Seed a demo site on a brand-new data folder (PLOD_DEMO=0 turns it off). */
  demo: boolean;
  /** Built web app (PLOD_WEB_DIR, default ../web/dist beside the server package). */
  webDir: string;
  maxBodyBytes: number | undefined;
}

/** The REST layer's settings from the environment (see docs/api.md). */
export function loadRestConfig(env: NodeJS.ProcessEnv = process.env): RestConfig {
  const e = EnvSchema.parse(env);
  return {
    demo: e.PLOD_DEMO === '1' || e.PLOD_DEMO === 'true',
    webDir: path.resolve(
      e.PLOD_WEB_DIR ?? path.join(packageDir(import.meta.dirname), '../web/dist'),
    ),
    maxBodyBytes: e.PLOD_MAX_BODY_BYTES,
  };
}
