/**
 * Errors the server's services throw, each with a `reason`. They know nothing of HTTP: the REST
 * layer maps them to statuses in one place (http/errors.ts), and other callers (the relay, the
 * command-line tools) read the reason.
 */
export type ServiceErrorReason = 'not-found' | 'conflict' | 'invalid-input' | 'forbidden';

export abstract class ServiceError extends Error {
  abstract readonly reason: ServiceErrorReason;
}

/** What was asked for does not exist (or is not visible to the asker). */
export class NotFoundError extends ServiceError {
  readonly reason = 'not-found';
  override readonly name = 'NotFoundError';

  /** "`what` `id` not found", the wording every service uses. */
  static of(what: string, id: string): NotFoundError {
    return new NotFoundError(`${what} ${id} not found`);
  }
}

/** The request contradicts what is stored (a taken id, a merge that no longer applies...). */
export class ConflictError extends ServiceError {
  readonly reason = 'conflict';
  override readonly name = 'ConflictError';
}

/** The request itself is wrong (a missing or malformed value); sending it again will not help. */
export class InvalidInputError extends ServiceError {
  readonly reason = 'invalid-input';
  override readonly name = 'InvalidInputError';
}

/** The asker is known but may not do this. */
export class ForbiddenError extends ServiceError {
  readonly reason = 'forbidden';
  override readonly name = 'ForbiddenError';
}

export function isServiceError(error: unknown): error is ServiceError {
  return error instanceof ServiceError;
}
