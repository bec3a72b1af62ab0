import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import { InvalidIdError, isModelError } from '@plod/model';
import type { ModelErrorReason } from '@plod/model';
import { isServiceError } from '../errors.ts';
import type { ServiceErrorReason } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { STORAGE_UNAVAILABLE, isStorageError } from '../storage-status.ts';
import type { StorageStatus } from '../storage-status.ts';

/** The status each service error's reason is answered with. */
const SERVICE_STATUS: Readonly<Record<ServiceErrorReason, 400 | 403 | 404 | 409>> = {
  'not-found': 404,
  conflict: 409,
  'invalid-input': 400,
  forbidden: 403,
};

const MODEL_STATUS: Readonly<Record<ModelErrorReason, 400 | 404 | 409>> = {
  'not-found': 404,
  'hole-complete': 409,
  'run-not-allowed': 400,
  'duplicate-crew-member': 409,
  'shift-not-set-up': 400,
  'not-a-driller': 400,
  'invalid-status-transition': 409,
  'invalid-input': 400,
  'duplicate-hole': 409,
  'duplicate-bit': 409,
  'duplicate-site-name': 409,
  'unsupported-schema-version': 409,
};

/** Message of a zod failure: the first issue, so a client that shows `message` says something useful. */
export function zodMessage(error: ZodError): string {
  const first = error.issues[0];
  if (!first) return 'Invalid input';
  const where = first.path.length > 0 ? `${first.path.join('.')}: ` : '';
  return `${where}${first.message}`;
}

/** A refusal's answer. A 400 carries `issues` (empty here) like a schema refusal: one shape to read. */
function refusal(c: Context, message: string, status: ContentfulStatusCode): Response {
  return c.json(status === 400 ? { message, issues: [] } : { message }, status);
}

/**
 * The one place errors become responses: the services' errors and model refusals map by reason,
 * and anything unexpected is a logged 500 that never leaks internals.
 */
export function restErrorHandler(logger: Logger, storage?: StorageStatus) {
  return (error: Error, c: Context): Response => {
    if (isStorageError(error)) return storageUnavailable(c, error, logger, storage);
    if (isServiceError(error)) return refusal(c, error.message, SERVICE_STATUS[error.reason]);
    if (error instanceof ZodError) {
      return c.json({ message: zodMessage(error), issues: error.issues }, 400);
    }
    if (isModelError(error)) return refusal(c, error.message, MODEL_STATUS[error.reason]);
    if (error instanceof InvalidIdError) return refusal(c, error.message, 400);
    if (error instanceof HTTPException) {
      // Malformed JSON and the body limit arrive here from Hono's validator and bodyLimit.
      return refusal(c, error.message || 'Bad request', error.status);
    }
    logger.error('request failed', { path: c.req.path, error });
    return c.json({ message: 'internal error' }, 500);
  };
}

/** 503 for an error of the store itself (a full disk...): a retry later may work; never a 500. */
export function storageUnavailable(
  c: Context,
  error: unknown,
  logger: Logger,
  storage?: StorageStatus,
): Response {
  logger.error('storage failed', { path: c.req.path, error });
  storage?.failed(error);
  c.header('Retry-After', '5');
  return c.json({ message: STORAGE_UNAVAILABLE }, 503);
}
