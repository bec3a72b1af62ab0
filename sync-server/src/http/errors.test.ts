import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { ModelError } from '@plod/model';
import {
  ConflictError,
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
  isServiceError,
} from '../errors.ts';
import { createLogger } from '../logger.ts';
import { restErrorHandler } from './errors.ts';

/** An app whose one route throws `error`, answered by the REST error handler. */
async function answerTo(error: Error): Promise<{ status: number; body: unknown }> {
  const app = new Hono();
  app.onError(restErrorHandler(createLogger('silent')));
  app.get('/', () => {
    throw error;
  });
  const res = await app.request('/');
  return { status: res.status, body: await res.json() };
}

describe('the services’ errors, mapped to HTTP in one place', () => {
  it('answers each reason with its status and the message as it was thrown', async () => {
    expect(await answerTo(NotFoundError.of('Site', 's-1'))).toEqual({
      status: 404,
      body: { message: 'Site s-1 not found' },
    });
    expect(await answerTo(new ConflictError('Shift summary r-1 already exists'))).toEqual({
      status: 409,
      body: { message: 'Shift summary r-1 already exists' },
    });
    expect(await answerTo(new InvalidInputError('siteId is required'))).toEqual({
      status: 400,
      body: { message: 'siteId is required', issues: [] },
    });
    expect(await answerTo(new ForbiddenError('Client accounts do not start holes'))).toEqual({
      status: 403,
      body: { message: 'Client accounts do not start holes' },
    });
  });

  it('keeps model refusals by their reason, and hides anything else behind a 500', async () => {
    expect(await answerTo(new ModelError('duplicate-hole', 'Hole DH-1 exists'))).toEqual({
      status: 409,
      body: { message: 'Hole DH-1 exists' },
    });
    expect(await answerTo(new Error('secret detail'))).toEqual({
      status: 500,
      body: { message: 'internal error' },
    });
  });

  it('knows its own errors by class and reason, never by message', () => {
    const error: unknown = new ForbiddenError('no');
    expect(isServiceError(error) && error.reason).toBe('forbidden');
    expect(isServiceError(new Error('not-found'))).toBe(false);
  });
});
