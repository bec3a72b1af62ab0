import { ApiError, OFFLINE_MESSAGE } from './api';

/** SPEC 8: a wrong access code. */
export const INVALID_CODE_MESSAGE =
  'Invalid credentials. Please contact your supervisor for access.';
/** SPEC 8: the Login Failed toast. */
export const LOGIN_FAILED_MESSAGE = 'Invalid username or password';

function fallback(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage;
  return error instanceof Error && error.message ? error.message : OFFLINE_MESSAGE;
}

/** What the Join screen says when joining failed. */
export function joinFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return INVALID_CODE_MESSAGE;
    // 429 carries the server's "try again in ..." words; no signal says so (SPEC 8).
    return error.serverMessage;
  }
  return fallback(error);
}

/**
 * What a failed sign-in says: the place's words for wrong credentials (SPEC 8's Login Failed words
 * unless told; Site Configuration has its own, SPEC 6), the server's otherwise (throttling, offline).
 */
export function signInFailureMessage(
  error: unknown,
  invalidCredentials: string = LOGIN_FAILED_MESSAGE,
): string {
  if (error instanceof ApiError && error.status === 401) return invalidCredentials;
  return fallback(error);
}
