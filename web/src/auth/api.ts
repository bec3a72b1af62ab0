import { requestToken } from './store';

/** SPEC 8: what a fetch that never reached the server says. */
export const OFFLINE_MESSAGE = 'Network unavailable - operating in offline mode';

/**
 * A failed call. `message` follows SPEC 8: `${status}: ${server message, body text or status text}`;
 * a fetch that never got an answer has status null and the offline message. `serverMessage` is the
 * server's own words (or the offline message), for screens that show them as they are.
 */
export class ApiError extends Error {
  readonly status: number | null;
  readonly serverMessage: string;

  constructor(status: number | null, serverMessage: string) {
    super(status === null ? serverMessage : `${status}: ${serverMessage}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

const unauthorizedListeners = new Set<(path: string) => void>();

/** Calls back when a request made with this device's credentials was answered 401. */
export function onUnauthorized(listener: (path: string) => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

function messageFrom(text: string, statusText: string): string {
  if (text) {
    try {
      const body: unknown = JSON.parse(text);
      if (typeof body === 'object' && body !== null && 'message' in body) {
        const { message } = body;
        if (typeof message === 'string' && message) return message;
      }
    } catch {
      // Not JSON: the text itself is the message.
    }
    return text;
  }
  return statusText || 'Request failed';
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Calls the server keeps no answer for (sign-in, sign-out, join): never sent twice. */
const unrepeatable = (path: string) =>
  path.startsWith('/api/auth/') || path.startsWith('/api/devices/join');

/** The request to send, and how many times it may be sent. */
function requestInit(path: string, init: RequestInit | undefined) {
  const headers = new Headers(init?.headers);
  const token = requestToken();
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
  const body = init?.body;
  if (typeof body === 'string' && !headers.has('Content-Type')) {
    headers.set('Content-Type', 'application/json');
  }
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  // The server keeps a write's answer under its key: sent again with the same key (after a fetch
  // that never got an answer, which may have reached the server), the write lands once.
  const write = WRITES.has((init?.method ?? 'GET').toUpperCase());
  if (write && !headers.has('Idempotency-Key')) headers.set('Idempotency-Key', crypto.randomUUID());
  const resendable = write && (body == null || typeof body === 'string') && !unrepeatable(path);
  return {
    request: { ...init, headers, credentials: 'same-origin' } satisfies RequestInit,
    attempts: resendable ? 2 : 1,
  };
}

/**
 * fetch with this device's credentials: the session cookie (same origin) and, once joined and with
 * no supervisor signed in, the device token as a Bearer header. A string body is sent as JSON. A
 * write carries an Idempotency-Key and is sent once more if the first fetch got no answer. Throws
 * ApiError on a failed fetch or a non-2xx answer.
 */
export async function apiFetch(path: string, init?: RequestInit): Promise<Response> {
  const { request, attempts } = requestInit(path, init);
  let response: Response | null = null;
  for (let attempt = 1; response === null; attempt += 1) {
    try {
      response = await fetch(path, request);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      if (attempt >= attempts) throw new ApiError(null, OFFLINE_MESSAGE);
    }
  }
  if (response.ok) return response;
  let text = '';
  try {
    text = await response.text();
  } catch {
    // The body broke off: the status text speaks instead.
  }
  if (response.status === 401) unauthorizedListeners.forEach((listener) => listener(path));
  throw new ApiError(response.status, messageFrom(text, response.statusText));
}

/** apiFetch, then the body as JSON (undefined for 204 or an empty body). */
export async function apiJson<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await apiFetch(path, init);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A JSON body for a POST/PUT/PATCH: `apiJson(path, jsonBody('POST', value))`. */
export function jsonBody(method: string, value: unknown): RequestInit {
  return { method, body: JSON.stringify(value) };
}
