import { z } from 'zod';
import type { RigId, SiteId } from '../ids/ids.ts';
import { optionalText, requiredText } from '../format/numbers.ts';
import { siteIdSchema } from '../ids/schemas.ts';

export const RIG_NAME_REQUIRED = 'Rig name is required';

export interface Rig {
  id: RigId;
  rigName: string;
  rigNumber: string | null;
  siteId: SiteId;
}

/** POST /api/rigs: a new rig needs a site. */
export const rigCreateSchema = z.object({
  rigName: requiredText(RIG_NAME_REQUIRED),
  // Rig numbers are often typed as numbers; keep them as text.
  rigNumber: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => optionalText.parse(v == null ? v : String(v))),
  siteId: siteIdSchema,
});
export type RigCreate = z.infer<typeof rigCreateSchema>;

/** PUT /api/rigs/{id}. */
export const rigUpdateSchema = rigCreateSchema.partial();
export type RigUpdate = z.infer<typeof rigUpdateSchema>;
