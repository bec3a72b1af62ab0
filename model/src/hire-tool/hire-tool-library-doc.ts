import { z } from 'zod';
import type { HireToolId, SiteId } from '../ids/ids.ts';
import { HireToolIds } from '../ids/ids.ts';
import { DEFAULT_HIRE_TOOL_RATE } from '../constants/constants.ts';
import { collectionIn, setupRoot } from '../kernel/collections.ts';
import { requireSite } from '../site/site-doc.ts';
import type { HireTool } from './hire-tool.ts';
import { hireToolCreateSchema, hireToolUpdateSchema } from './hire-tool.ts';
import { lenient, lenientId } from '../docs/lenient.ts';

const storedSchema = z.object({
  toolName: lenient(z.string(), ''),
  toolDescription: lenient(z.string().nullable(), null),
  ratePerHour: lenient(z.number().min(0), DEFAULT_HIRE_TOOL_RATE),
  siteId: lenientId<SiteId>(''),
});

const library = collectionIn(setupRoot('hireTools'), 'Hire tool', {
  newId: () => HireToolIds.create(),
  read: (id: HireToolId, raw): HireTool => ({ id, ...storedSchema.parse(raw) }),
  inputSchema: hireToolCreateSchema,
  patchSchema: hireToolUpdateSchema,
  beforeAdd: (doc, input) => requireSite(doc, input.siteId),
});

/** Add a tool to a site's hire-tool library. */
export const addHireTool = library.add;
/** Edit a library tool. */
export const updateHireTool = library.update;
/** Delete a library tool. */
export const deleteHireTool = library.remove;
/** The hire-tool library. */
export const readHireTools = library.read;
