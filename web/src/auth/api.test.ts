import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, OFFLINE_MESSAGE, apiFetch, apiJson, jsonBody } from './api';
import { DEVICE_KEY } from './store';
import { UNIT_CREW_CODE, openAt, withRealServer } from './testing/realServer';

withRealServer();

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('apiFetch against the real server', () => {
  it('says SPEC 8’s "status: message" with the server’s own message', async () => {
    const error = await failure(apiFetch('/api/auth/me'));
    expect(error.status).toBe(401);
    expect(error.serverMessage).toBe('Not signed in');
    expect(error.message).toBe('401: Not signed in');
  });

  it('sends a string body as JSON and reads the 400 message', async () => {
    const error = await failure(apiJson('/api/auth/login', jsonBody('POST', { username: '' })));
    expect(error.message).toBe('400: Username and password are required');
  });

  it('carries the device token as a Bearer header once the device has joined', async () => {
    const joined = await apiJson<{ token: string; deviceId: string }>(
      '/api/devices/join',
      jsonBody('POST', { code: UNIT_CREW_CODE, deviceName: 'Bench Phone' }),
    );
    localStorage.setItem(
      DEVICE_KEY,
      JSON.stringify({ token: joined.token, deviceId: joined.deviceId, deviceName: 'Bench Phone' }),
    );
    const me = await apiJson<{ kind: string; deviceId: string; deviceName: string }>(
      '/api/auth/me',
    );
    expect(me).toEqual({ kind: 'device', deviceId: joined.deviceId, deviceName: 'Bench Phone' });
  });

  it('turns a fetch that reaches no server into the offline message, with no status', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const address = closed.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    await new Promise((resolve) => closed.close(resolve));
    openAt(`http://127.0.0.1:${port}`);
    const error = await failure(apiFetch('/api/auth/me'));
    expect(error.status).toBeNull();
    expect(error.message).toBe(OFFLINE_MESSAGE);
    expect(error.message).toBe('Network unavailable - operating in offline mode');
  });
});

describe('apiFetch error bodies', () => {
  // Answers the way a proxy or an older server might: plain text, or nothing at all.
  let plain: Server;
  let origin = '';
  const keys: string[] = [];
  beforeAll(async () => {
    plain = createServer((req, res) => {
      if (req.url === '/text') {
        res.writeHead(502, 'Bad Gateway', { 'Content-Type': 'text/plain' });
        res.end('upstream down');
      } else if (req.url === '/empty') {
        res.writeHead(503, 'Service Unavailable');
        res.end();
      } else if (req.url === '/flaky') {
        // The write reaches the server, but the first answer is lost on the way back.
        keys.push(String(req.headers['idempotency-key'] ?? ''));
        req.resume();
        req.on('end', () => {
          if (keys.length === 1) req.socket.destroy();
          else {
            res.writeHead(201, { 'Content-Type': 'application/json' });
            res.end(JSON.stringify({ made: keys.length }));
          }
        });
      } else {
        res.writeHead(204);
        res.end();
      }
    });
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    const address = plain.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => plain.close(resolve));
  });

  it('uses the body text when it is not JSON', async () => {
    openAt(origin);
    expect((await failure(apiFetch('/text'))).message).toBe('502: upstream down');
  });

  it('uses the status text when the body is empty', async () => {
    openAt(origin);
    expect((await failure(apiFetch('/empty'))).message).toBe('503: Service Unavailable');
  });

  it('sends a write with an Idempotency-Key, and once more with the same key when no answer came', async () => {
    openAt(origin);
    expect(await apiJson('/flaky', jsonBody('POST', { siteName: 'North' }))).toEqual({ made: 2 });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('reads an empty 204 as undefined', async () => {
    openAt(origin);
    expect(await apiJson('/no-content')).toBeUndefined();
  });
});
