import { createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { actorOf } from '../auth/principal.ts';
import { ATTACHMENT_TYPES, sniffImageType } from '../attachments/image-type.ts';
import { InvalidInputError } from '../errors.ts';
import { addIdRoute } from './route-kinds.ts';
import { requireReportId } from '../services/documents.ts';
import type { AttachmentService } from '../services/attachments.ts';
import {
  IdParams,
  ReportQuery,
  errorResponse,
  errors,
  jsonOk,
  resourceApp,
} from '../http/openapi.ts';

const tags = ['Attachments'];

/** The largest photo accepted (the phone sends about 300-500 KB). */
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
/** Room for the multipart form's other fields and boundaries around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

const tooLarge = () =>
  new HTTPException(413, {
    message: `Photo larger than ${MAX_ATTACHMENT_BYTES / (1024 * 1024)} MB: take it again at a lower resolution`,
  });

const ATTACHMENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const UploadForm = z
  .object({
    file: z.string().openapi({ type: 'string', format: 'binary' }),
    id: z.string().openapi({
      description:
        'The attachment id the phone chose (a UUID): a retried upload with the same id and bytes answers 200',
    }),
    shiftSummaryId: z.string(),
    holeId: z.string().optional(),
    fromDepth: z.string().optional().openapi({ description: 'Metres' }),
    toDepth: z.string().optional().openapi({ description: 'Metres' }),
  })
  .openapi('AttachmentUpload');

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

function depth(value: unknown, name: string): number | null {
  const given = text(value);
  if (given === undefined) return null;
  const n = Number(given);
  if (!Number.isFinite(n) || n < 0)
    throw new InvalidInputError(`${name} must be a depth in metres, 0 or more`);
  return n;
}

/** /api/attachments: core tray photos of a plod, their bytes kept outside its document. */
export function createAttachmentRoutes(attachments: AttachmentService) {
  const app = resourceApp();
  // The multipart body is read by hand (a File is no JSON); documented here, checked below.
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: '/',
    tags,
    summary:
      'Upload a photo (multipart: file, id, shiftSummaryId, optional holeId, fromDepth, toDepth)',
    request: {
      body: { content: { 'multipart/form-data': { schema: UploadForm } }, required: true },
    },
    responses: {
      200: jsonOk('Already stored (a retried upload): the attachment'),
      201: jsonOk('Stored: the attachment'),
      ...errors,
      413: errorResponse(`A photo larger than ${MAX_ATTACHMENT_BYTES} bytes: \`{ message }\``),
      415: errorResponse('Not a JPEG, PNG or WebP image: `{ message }`'),
    },
  });
  app.post(
    '/',
    bodyLimit({
      maxSize: MAX_ATTACHMENT_BYTES + FORM_OVERHEAD_BYTES,
      onError: () => {
        throw tooLarge();
      },
    }),
    async (c) => {
      const by = actorOf(c);
      if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
        throw new HTTPException(415, { message: 'Send the photo as multipart/form-data' });
      }
      const form = await c.req.parseBody();
      const file = form.file;
      if (!(file instanceof File)) throw new InvalidInputError('file is required: the photo');
      const id = text(form.id);
      if (id === undefined || !ATTACHMENT_ID.test(id)) {
        throw new InvalidInputError('id is required: a UUID the phone chose for the photo');
      }
      const reportId = requireReportId(text(form.shiftSummaryId));
      if (file.size > MAX_ATTACHMENT_BYTES) throw tooLarge();
      const declared = file.type.toLowerCase();
      const data = new Uint8Array(await file.arrayBuffer());
      const sniffed = sniffImageType(data);
      if (!ATTACHMENT_TYPES.some((type) => type === declared) || sniffed !== declared) {
        throw new HTTPException(415, {
          message: `A photo must be a JPEG, PNG or WebP image (this file is ${declared || 'of no stated type'}${sniffed === null || sniffed === declared ? '' : `, its content ${sniffed}`})`,
        });
      }
      const fromDepth = depth(form.fromDepth, 'fromDepth');
      const toDepth = depth(form.toDepth, 'toDepth');
      if (fromDepth !== null && toDepth !== null && toDepth < fromDepth) {
        throw new InvalidInputError('toDepth must not be less than fromDepth');
      }
      const { attachment, created } = await attachments.add(by, {
        id: id.toLowerCase(),
        reportId,
        holeId: text(form.holeId) ?? null,
        fromDepth,
        toDepth,
        contentType: sniffed,
        data,
      });
      return c.json(attachment, created ? 201 : 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags,
      summary: 'Photos of a plod (metadata, no bytes)',
      request: { query: ReportQuery },
      responses: {
        200: jsonOk(
          '`[{ id, reportId, holeId, fromDepth, toDepth, contentType, bytes, sha256, createdAt, createdBy }]`',
        ),
        ...errors,
      },
    }),
    async (c) =>
      c.json(
        await attachments.list(actorOf(c), requireReportId(c.req.valid('query').shiftSummaryId)),
        200,
      ),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/{id}',
      tags,
      summary: 'A photo’s bytes, with its image type (private cache)',
      request: { params: IdParams },
      responses: {
        200: {
          description: 'The image',
          content: Object.fromEntries(
            ATTACHMENT_TYPES.map((type) => [
              type,
              { schema: z.string().openapi({ format: 'binary' }) },
            ]),
          ),
        },
        404: errors[404],
      },
    }),
    async (c) => {
      const found = await attachments.read(actorOf(c), c.req.valid('param').id.toLowerCase());
      // The bytes of an id never change: a browser may keep them, shared caches may not.
      return c.body(found.data, 200, {
        'Content-Type': found.contentType,
        'Content-Length': String(found.data.byteLength),
        'Cache-Control': 'private, max-age=31536000, immutable',
        ETag: `"${found.sha256}"`,
        'X-Content-Type-Options': 'nosniff',
      });
    },
  );
  addIdRoute(app, tags, {
    method: 'delete',
    summary: 'Delete a photo’s bytes (the plod’s reference is removed through its document)',
    responses: { 200: jsonOk('Removed'), ...errors },
    run: async (c, given) => {
      const id = given.toLowerCase();
      await attachments.remove(actorOf(c), id);
      return { id, removed: true };
    },
  });
  return app;
}
