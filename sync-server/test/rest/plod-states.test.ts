import * as Y from 'yjs';
import { readReport } from '@plod/model';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_STATES } from '../../src/routes/shift-summaries.ts';
import { NOBODY, demoSiteId, startSecureServer, twoSitesWithPlods } from '../auth/helpers.ts';
import type { SecureServer } from '../auth/helpers.ts';

// GET /api/shift-summaries/states: what a phone fetches in one request so that every plod its list
// shows opens with no signal. On a real server with its SQLite file, access control on.

const UNKNOWN = '01a20000-0000-7000-8000-000000000000';

interface States {
  states: { id: string; update: string }[];
  missing: string[];
}

let server: SecureServer;
afterEach(async () => {
  await server.close();
});

describe('plod states for a phone', () => {
  it('gives a crew phone each plod whole, as one update a fresh document opens; unknown ids are listed missing', async () => {
    server = await startSecureServer();
    const supervisor = await server.signIn();
    const siteId = await demoSiteId(server, supervisor);
    const plod = async (operator: string) =>
      (
        (
          await server.call(supervisor, 'POST', '/api/shift-summaries', {
            siteId,
            date: '2026-03-02',
            operator,
          })
        ).body as { id: string }
      ).id;
    const first = await plod('Ann Lee');
    const second = await plod('Bo Ray');
    const phone = await server.join('Out of range phone');
    const res = await server.call(
      phone,
      'GET',
      `/api/shift-summaries/states?ids=${first},${UNKNOWN},${second},${first}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body as States;
    expect(body.states.map((s) => s.id)).toEqual([first, second]);
    expect(body.missing).toEqual([UNKNOWN]);
    for (const [index, state] of body.states.entries()) {
      const doc = new Y.Doc();
      Y.applyUpdate(doc, new Uint8Array(Buffer.from(state.update, 'base64')));
      const report = readReport(doc);
      expect(report.id).toBe(state.id);
      expect(report.summary.operator).toBe(index === 0 ? 'Ann Lee' : 'Bo Ray');
      doc.destroy();
    }
  });

  it('refuses bad input with a 400, and anyone signed out with a 401', async () => {
    server = await startSecureServer();
    const phone = await server.join();
    const many = Array.from(
      { length: MAX_STATES + 1 },
      (_, i) => `01a20000-0000-7000-8000-${String(i).padStart(12, '0')}`,
    );
    for (const query of ['', '?ids=', '?ids=not-an-id', `?ids=${many.join(',')}`]) {
      const res = await server.call(phone, 'GET', `/api/shift-summaries/states${query}`);
      expect([query.slice(0, 20), res.status]).toEqual([query.slice(0, 20), 400]);
    }
    const exactly = await server.call(
      phone,
      'GET',
      `/api/shift-summaries/states?ids=${many.slice(0, MAX_STATES).join(',')}`,
    );
    expect(exactly.status).toBe(200);
    expect((exactly.body as States).missing).toHaveLength(MAX_STATES);
    expect(
      (await server.call(NOBODY, 'GET', `/api/shift-summaries/states?ids=${UNKNOWN}`)).status,
    ).toBe(401);
  });

  it('gives a client account its own sites’ plods only', async () => {
    server = await startSecureServer();
    const supervisor = await server.signIn();
    const { mine, minePlod, otherPlod } = await twoSitesWithPlods(server, supervisor, {
      date: '2026-03-02',
    });
    await server.call(supervisor, 'POST', '/api/client-accounts', {
      username: 'acme',
      password: 'client password 9',
      siteIds: [mine],
    });
    const client = await server.signInClient('acme', 'client password 9');
    const res = await server.call(
      client,
      'GET',
      `/api/shift-summaries/states?ids=${minePlod},${otherPlod}`,
    );
    expect(res.status).toBe(200);
    expect((res.body as States).states.map((s) => s.id)).toEqual([minePlod]);
    expect((res.body as States).missing).toEqual([otherPlod]);
  });
});
