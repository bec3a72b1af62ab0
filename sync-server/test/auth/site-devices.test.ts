import { describe, expect, it } from 'vitest';
import { closedAfterEach, connectClient, synced, upgradeStatus } from '../helpers.ts';
import { CREW_CODE, NOBODY, startSecureServer, twoSitesWithPlods } from './helpers.ts';
import type { As, SecureServer } from './helpers.ts';

const JPEG = Uint8Array.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01,
  0x00, 0x01, 0x00, 0x00, 0xff, 0xd9,
]);
const OTHER_PHOTO = '01936b2c-0000-7000-8000-00000000b001';
const MINE_PHOTO = '01936b2c-0000-7000-8000-00000000b002';
const NEW_PLOD = '01a20000-0000-7000-8000-0000000000cc';
const TIMESHEET = { startTime: '06:00', endTime: '08:00', activity: 'drilling' };

type Device = As & { kind: 'device'; deviceId: string };

describe('crew devices of a site (site crew codes)', () => {
  let server: SecureServer;
  const { clients: sockets, keepServer } = closedAfterEach<SecureServer>();

  /**
   * Two sites with a plod and a photo each, a site crew code for each, a phone joined with the
   * first site's code and one joined with the deployment's crew code.
   */
  const start = async () => {
    server = keepServer(await startSecureServer());
    const supervisor = await server.signIn();
    const { mine, other, minePlod, otherPlod } = await twoSitesWithPlods(server, supervisor, {
      date: '2025-03-02',
    });
    const codeOf = async (siteId: string) => {
      const res = await server.call(supervisor, 'POST', `/api/devices/site-codes/${siteId}/rotate`);
      expect(res.status).toBe(200);
      return (res.body as { code: string }).code;
    };
    const [mineCode, otherCode] = [await codeOf(mine), await codeOf(other)];
    const siteDevice = await server.join('Rig 7 phone', mineCode);
    const everySite = await server.join('Office tablet', CREW_CODE);
    await upload(supervisor, otherPlod, OTHER_PHOTO);
    await upload(supervisor, minePlod, MINE_PHOTO);
    return {
      supervisor,
      mine,
      other,
      minePlod,
      otherPlod,
      mineCode,
      otherCode,
      siteDevice,
      everySite,
    };
  };

  const headersOf = (as: As): Record<string, string> =>
    as.kind === 'device'
      ? { authorization: `Bearer ${as.token}` }
      : as.kind === 'none'
        ? {}
        : { cookie: as.cookie, origin: server.http };

  async function upload(as: As, shiftSummaryId: string, id: string) {
    const form = new FormData();
    form.set('file', new Blob([JPEG], { type: 'image/jpeg' }), 'core-tray.jpg');
    form.set('id', id);
    form.set('shiftSummaryId', shiftSummaryId);
    const res = await fetch(`${server.http}/api/attachments`, {
      method: 'POST',
      headers: headersOf(as),
      body: form,
    });
    return { status: res.status, body: (await res.json()) as { message?: string } };
  }

  const bytes = (as: As, id: string) =>
    fetch(`${server.http}/api/attachments/${id}`, { headers: headersOf(as) });

  it('a site’s code joins a phone to that site: listed with its sites, and said by /api/auth/me', async () => {
    const { supervisor, mine, other, siteDevice, everySite } = await start();
    const codes = await server.call(supervisor, 'GET', '/api/devices/site-codes');
    expect((codes.body as { siteId: string }[]).map((c) => c.siteId).sort()).toEqual(
      [mine, other].sort(),
    );
    const devices = (await server.call(supervisor, 'GET', '/api/devices')).body as {
      id: string;
      siteIds: string[] | null;
    }[];
    expect(devices.find((d) => d.id === siteDevice.deviceId)?.siteIds).toEqual([mine]);
    expect(devices.find((d) => d.id === everySite.deviceId)?.siteIds).toBeNull();
    expect((await server.call(siteDevice, 'GET', '/api/auth/me')).body).toMatchObject({
      kind: 'device',
      siteIds: [mine],
    });
    const unknown = await server.call(supervisor, 'POST', '/api/devices/site-codes/nope/rotate');
    expect(unknown.status).toBe(404);
    expect((unknown.body as { message: string }).message).toMatch(/Site nope not found/);
    const byDevice = await server.call(
      siteDevice,
      'POST',
      `/api/devices/site-codes/${mine}/rotate`,
    );
    expect(byDevice.status).toBe(403);
  });

  it('a rotated site code stops joining new phones; phones that joined stay', async () => {
    const { supervisor, mine, mineCode, siteDevice } = await start();
    await server.call(supervisor, 'POST', `/api/devices/site-codes/${mine}/rotate`);
    const stale = await server.call(NOBODY, 'POST', '/api/devices/join', {
      code: mineCode,
      deviceName: 'Late phone',
    });
    expect(stale.status).toBe(403);
    expect((await server.call(siteDevice, 'GET', '/api/auth/me')).status).toBe(200);
  });

  it('cannot read another site’s photo (bytes, list), upload to it or delete it; its own site’s it can', async () => {
    const { minePlod, otherPlod, siteDevice, everySite } = await start();
    const refusedBytes = await bytes(siteDevice, OTHER_PHOTO);
    expect(refusedBytes.status).toBe(403);
    expect(((await refusedBytes.json()) as { message: string }).message).toMatch(
      /site this device has not joined/,
    );
    const list = await server.call(
      siteDevice,
      'GET',
      `/api/attachments?shiftSummaryId=${otherPlod}`,
    );
    expect(list.status).toBe(403);
    expect((list.body as { message: string }).message).toMatch(/site this device has not joined/);
    const added = await upload(siteDevice, otherPlod, '01936b2c-0000-7000-8000-00000000b003');
    expect(added.status).toBe(403);
    expect(added.body.message).toMatch(/site this device has not joined/);
    expect(
      (await server.call(siteDevice, 'DELETE', `/api/attachments/${OTHER_PHOTO}`)).status,
    ).toBe(403);
    // Its own site's photo, and everything for the phone joined with the crew code.
    for (const [device, plod, photo] of [
      [siteDevice, minePlod, MINE_PHOTO],
      [everySite, otherPlod, OTHER_PHOTO],
    ] as const) {
      expect((await bytes(device, photo)).status).toBe(200);
      const listed = await server.call(device, 'GET', `/api/attachments?shiftSummaryId=${plod}`);
      expect((listed.body as { id: string }[]).map((a) => a.id)).toEqual([photo]);
    }
  });

  it('cannot read or write another site’s plod over REST, nor move its own plod there', async () => {
    const { other, minePlod, otherPlod, siteDevice, everySite } = await start();
    const refused: [string, string, unknown?][] = [
      ['GET', `/api/shift-summaries/${otherPlod}`],
      ['GET', `/api/shift-summaries/${otherPlod}/history`],
      ['GET', `/api/shift-summaries/${otherPlod}/crew`],
      ['GET', `/api/shift-summaries/${otherPlod}/export-csv`],
      ['GET', `/api/timesheet-entries?shiftSummaryId=${otherPlod}`],
      ['GET', `/api/timesheet-entries/${otherPlod}`],
      ['GET', `/api/run-sheet-entries?shiftSummaryId=${otherPlod}`],
      ['PATCH', `/api/shift-summaries/${otherPlod}`, { notes: 'not mine' }],
      ['DELETE', `/api/shift-summaries/${otherPlod}`],
      ['POST', '/api/timesheet-entries', { ...TIMESHEET, shiftSummaryId: otherPlod }],
      ['PATCH', `/api/shift-summaries/${minePlod}`, { siteId: other }],
    ];
    for (const [method, path, body] of refused) {
      const res = await server.call(siteDevice, method, path, body);
      expect([method, path, res.status]).toEqual([method, path, 403]);
      expect((res.body as { message: string }).message).toMatch(/site this device has not joined/);
    }
    // Lists hold its sites' plods only.
    const list = await server.call(siteDevice, 'GET', '/api/shift-summaries');
    expect((list.body as { id: string }[]).map((r) => r.id)).toEqual([minePlod]);
    // Its own site's plod it reads and writes; the phone joined with the crew code reads and
    // writes every site's plods, as before.
    for (const [device, plod] of [
      [siteDevice, minePlod],
      [everySite, otherPlod],
    ] as const) {
      expect((await server.call(device, 'GET', `/api/shift-summaries/${plod}`)).status).toBe(200);
      const entry = await server.call(device, 'POST', '/api/timesheet-entries', {
        ...TIMESHEET,
        shiftSummaryId: plod,
      });
      expect(entry.status).toBe(201);
    }
    const everyList = await server.call(everySite, 'GET', '/api/shift-summaries');
    expect((everyList.body as unknown[]).length).toBe(2);
  });

  it('over /sync opens its site’s plods, new plods and the shared documents; another site’s is refused', async () => {
    const { minePlod, otherPlod, siteDevice, everySite } = await start();
    const url = (doc: string, device: Device) => `${server.url}/${doc}?token=${device.token}`;
    expect(await upgradeStatus(url(`report:${otherPlod}`, siteDevice))).toBe(403);
    for (const doc of [
      'setup',
      'holes',
      'reports-index',
      `report:${minePlod}`,
      `report:${NEW_PLOD}`,
    ]) {
      expect([doc, await upgradeStatus(url(doc, siteDevice))]).toEqual([doc, 101]);
    }
    expect(await upgradeStatus(url(`report:${otherPlod}`, everySite))).toBe(101);
    // The stock client syncs its own site's plod.
    const phone = connectClient(server.url, `report:${minePlod}`, {
      params: { token: siteDevice.token },
    });
    sockets.push(phone);
    await synced(phone);
    expect(phone.doc.getMap('meta').get('reportId')).toBe(minePlod);
  });

  it('a phone that joins again with a second site’s code keeps its id and gains that site', async () => {
    const { mine, other, otherPlod, otherCode, siteDevice } = await start();
    const again = await server.call(siteDevice, 'POST', '/api/devices/join', {
      code: otherCode,
      deviceName: 'Rig 7 phone',
    });
    expect(again.status).toBe(201);
    const body = again.body as { token: string; deviceId: string; siteIds: string[] };
    expect(body.deviceId).toBe(siteDevice.deviceId);
    expect(body.siteIds).toEqual([mine, other]);
    // The token it sent is replaced.
    expect((await server.call(siteDevice, 'GET', '/api/auth/me')).status).toBe(401);
    const moved: Device = { kind: 'device', token: body.token, deviceId: body.deviceId };
    expect((await server.call(moved, 'GET', `/api/shift-summaries/${otherPlod}`)).status).toBe(200);
    expect((await bytes(moved, OTHER_PHOTO)).status).toBe(200);
  });
});
