import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOBODY, startSecureServer } from '../auth/helpers.ts';
import type { As, SecureServer } from '../auth/helpers.ts';

interface OpenApiDoc {
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
}

/** Sends raw bytes and reads the whole answer (the server closes the connection after an error). */
function raw(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
}

describe('every error answers JSON { message }; the OpenAPI document lists the answers', () => {
  let server: SecureServer;
  let boss: As & { kind: 'supervisor' };
  let doc: OpenApiDoc;
  beforeAll(async () => {
    server = await startSecureServer();
    boss = await server.signIn();
    doc = (await server.call(boss, 'GET', '/api/openapi.json')).body as OpenApiDoc;
  });
  afterAll(() => server.close());

  const listed = (method: string, path: string) =>
    Object.keys(doc.paths[path]?.[method]?.responses ?? {}).map(Number);

  it('answers a query string near 100 KB with 431 and a JSON message', async () => {
    const res = await fetch(`${server.http}/api/shift-summaries?siteId=${'a'.repeat(100_000)}`);
    expect(res.status).toBe(431);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ message: expect.stringMatching(/too large/) as unknown });
  });

  it('answers a request that is not HTTP with 400 and a JSON message', async () => {
    const answer = await raw(server.port, 'NOT HTTP AT ALL\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
    expect(JSON.parse(body)).toEqual({ message: 'The request is not well-formed HTTP' });
  });

  it('lists 401, 403, 404, 409, 413, 422 and 429 where operations give them', async () => {
    // Each listed answer, given for real.
    expect((await server.call(NOBODY, 'GET', '/api/shift-summaries')).status).toBe(401);
    expect(listed('get', '/api/shift-summaries')).toEqual(expect.arrayContaining([401, 403]));

    const phone = await server.join('Rig 7 phone');
    expect((await server.call(phone, 'GET', '/api/devices')).status).toBe(403);
    expect(listed('get', '/api/devices')).toEqual(expect.arrayContaining([401, 403]));

    const created = await server.call(phone, 'POST', '/api/shift-summaries', {
      date: '2026-03-02',
    });
    const id = (created.body as { id: string }).id;
    await server.call(phone, 'PATCH', `/api/shift-summaries/${id}`, { status: 'sent' });
    await server.call(boss, 'POST', `/api/shift-summaries/${id}/approve`);
    const locked = await server.call(boss, 'PATCH', `/api/shift-summaries/${id}`, { notes: 'x' });
    expect(locked.status).toBe(409);
    expect(listed('patch', '/api/shift-summaries/{id}')).toEqual(
      expect.arrayContaining([400, 401, 403, 404, 409, 413, 422, 503]),
    );

    const key = { 'idempotency-key': 'error-answers-1' };
    await server.call(boss, 'POST', '/api/shift-summaries', { date: '2026-03-03' }, key);
    const reused = await server.call(
      boss,
      'POST',
      '/api/shift-summaries',
      { date: '2026-03-04' },
      key,
    );
    expect(reused.status).toBe(422);
    expect(listed('post', '/api/shift-summaries')).toEqual(expect.arrayContaining([413, 422]));

    expect(listed('post', '/api/auth/login')).toContain(429);
    expect(listed('post', '/api/auth/login')).not.toContain(403);
    expect(listed('get', '/api/health')).toEqual([200]);
  });
});
