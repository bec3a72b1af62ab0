import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { demoApi } from './helpers.ts';
import type { Api } from './helpers.ts';

interface OpenApiDoc extends Record<string, unknown> {
  paths: Record<string, Record<string, unknown>>;
}

describe('OpenAPI document', () => {
  let api: Api;
  let doc: OpenApiDoc;
  beforeAll(async () => {
    api = await demoApi();
    doc = (await api.call('GET', '/api/openapi.json')).body as OpenApiDoc;
  });
  afterAll(() => api.close());

  it('passes an OpenAPI 3.1 schema validator', async () => {
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every /api route the server has, and no other', () => {
    const registered = new Set(
      api.server.app.routes
        .filter((route) => route.path.startsWith('/api/') && route.method !== 'ALL')
        .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`),
    );
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    expect([...documented].sort()).toEqual([...registered].sort());
    expect(documented.size).toBeGreaterThan(50);
  });

  it('serves a self-contained reference page (no external scripts)', async () => {
    const res = await api.call('GET', '/api/docs');
    expect(res.res.headers.get('content-type')).toContain('text/html');
    expect(String(res.body)).toContain('openapi.json');
    expect(String(res.body)).not.toMatch(/<script[^>]+src=|https?:\/\/(?!www\.w3)/);
  });
});
