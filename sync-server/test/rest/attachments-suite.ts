import { describe, expect, it } from 'vitest';
import { NOBODY, secureServersOn, twoSitesWithPlods } from '../auth/helpers.ts';
import type { As, SecureServer } from '../auth/helpers.ts';
import type { AppTablesBackend } from '../support/app-tables.ts';
import { readPdf } from '../pdf.ts';

/** The start of a JPEG (SOI and a JFIF APP0 marker): what the server checks of the bytes. */
const JPEG = Uint8Array.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01,
  0x00, 0x01, 0x00, 0x00, 0xff, 0xd9,
]);
/** An 8 x 6 px JPEG a browser encoded: a whole image, which the PDF can draw. */
const WHOLE_JPEG = Uint8Array.from(
  Buffer.from(
    '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAoHBwgHBgoICAgLCgoLDhgQDg0NDh0VFhEYIx8lJCIfIiEmKzcvJik0KSEiMEExNDk7Pj4+JS5ESUM8SDc9Pjv/2wBDAQoLCw4NDhwQEBw7KCIoOzs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozv/wAARCAAGAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAX/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCMBOPf/9k=',
    'base64',
  ),
);
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const PHOTO_ID = '01936b2c-0000-7000-8000-00000000a001';

interface Upload {
  id?: string;
  shiftSummaryId: string;
  bytes?: Uint8Array;
  type?: string;
  fields?: Record<string, string>;
}

/** Photos of a plod through REST, their bytes in the app tables of `backend` (SQLite and PostgreSQL). */
export function attachmentsSuite(backend: AppTablesBackend): void {
  describe(`/api/attachments (${backend.label})`, () => {
    let server: SecureServer;
    const { startSecureServer } = secureServersOn(backend);

    const headersOf = (as: As): Record<string, string> => {
      if (as.kind === 'device') return { authorization: `Bearer ${as.token}` };
      if (as.kind === 'supervisor' || as.kind === 'client') {
        return { cookie: as.cookie, origin: server.http };
      }
      return {};
    };

    const upload = async (as: As, u: Upload) => {
      const form = new FormData();
      form.set(
        'file',
        new Blob([u.bytes ?? JPEG], { type: u.type ?? 'image/jpeg' }),
        'core-tray.jpg',
      );
      form.set('id', u.id ?? PHOTO_ID);
      form.set('shiftSummaryId', u.shiftSummaryId);
      for (const [key, value] of Object.entries(u.fields ?? {})) form.set(key, value);
      const res = await fetch(`${server.http}/api/attachments`, {
        method: 'POST',
        headers: headersOf(as),
        body: form,
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };

    /** The plod names PHOTO_ID (as a phone's synced reference does) before its bytes arrive. */
    const namePhoto = async (as: As, plod: string) => {
      const added = await server.call(as, 'POST', `/api/photos?shiftSummaryId=${plod}`, {
        attachmentId: PHOTO_ID,
        contentType: 'image/jpeg',
        bytes: JPEG.byteLength,
        width: 8,
        height: 6,
      });
      expect(added.status).toBe(201);
    };

    const get = (as: As, id: string) =>
      fetch(`${server.http}/api/attachments/${id}`, { headers: headersOf(as) });

    /** Two sites with a plod each, a crew device, and a client account given the first site only. */
    const start = async () => {
      server = await startSecureServer();
      const supervisor = await server.signIn();
      const { mine, minePlod, otherPlod } = await twoSitesWithPlods(server, supervisor, {
        date: '2025-03-02',
      });
      const created = await server.call(supervisor, 'POST', '/api/client-accounts', {
        username: 'acme',
        password: 'client password 9',
        siteIds: [mine],
      });
      expect(created.status).toBe(201);
      const client = await server.signInClient('acme', 'client password 9');
      const device = await server.join('Rig 7 phone');
      return { supervisor, client, device, minePlod, otherPlod };
    };

    it('stores an upload once (a retry answers 200), lists it and serves its bytes privately', async () => {
      const { device, supervisor, minePlod } = await start();
      const first = await upload(device, {
        shiftSummaryId: minePlod,
        fields: { holeId: 'DH001', fromDepth: '12.5', toDepth: '15' },
      });
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({
        id: PHOTO_ID,
        reportId: minePlod,
        holeId: 'DH001',
        fromDepth: 12.5,
        toDepth: 15,
        contentType: 'image/jpeg',
        bytes: JPEG.byteLength,
        createdBy: 'Rig 7 phone',
      });
      const retry = await upload(device, { shiftSummaryId: minePlod });
      expect(retry.status).toBe(200);
      expect(retry.body).toEqual(first.body);

      const list = await server.call(
        supervisor,
        'GET',
        `/api/attachments?shiftSummaryId=${minePlod}`,
      );
      expect(list.status).toBe(200);
      expect(list.body).toEqual([first.body]);

      const image = await get(supervisor, PHOTO_ID);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/jpeg');
      expect(image.headers.get('cache-control')).toMatch(/^private\b/);
      expect(new Uint8Array(await image.arrayBuffer())).toEqual(JPEG);
      // The bytes are a row of the app tables, never in the plod's document.
      const rows = await backend.withTables(server.dataDir, (sql) =>
        sql.all<{ n: number | string }>('SELECT count(*) AS n FROM attachment'),
      );
      expect(Number(rows[0]?.n)).toBe(1);
    });

    it('refuses other bytes under an id already stored (409), and keeps the first', async () => {
      const { device, minePlod } = await start();
      expect((await upload(device, { shiftSummaryId: minePlod })).status).toBe(201);
      const clash = await upload(device, {
        shiftSummaryId: minePlod,
        bytes: PNG,
        type: 'image/png',
      });
      expect(clash.status).toBe(409);
      expect(clash.body.message).toMatch(/already stored/);
      expect(new Uint8Array(await (await get(device, PHOTO_ID)).arrayBuffer())).toEqual(JPEG);
    });

    it('answers an upload over the size limit with 413 and a message', async () => {
      const { device, minePlod } = await start();
      const big = new Uint8Array(5 * 1024 * 1024 + 1);
      big.set(JPEG);
      const res = await upload(device, { shiftSummaryId: minePlod, bytes: big });
      expect(res.status).toBe(413);
      expect(res.body.message).toMatch(/larger than 5 MB/);
      const list = await server.call(device, 'GET', `/api/attachments?shiftSummaryId=${minePlod}`);
      expect(list.body).toEqual([]);
    });

    it('answers a non-image with 415 and a message, by its stated type and by its bytes', async () => {
      const { device, minePlod } = await start();
      const text = await upload(device, {
        shiftSummaryId: minePlod,
        bytes: new TextEncoder().encode('not a photo'),
        type: 'text/plain',
      });
      expect(text.status).toBe(415);
      expect(text.body.message).toMatch(/JPEG, PNG or WebP/);
      const disguised = await upload(device, {
        shiftSummaryId: minePlod,
        bytes: new TextEncoder().encode('<svg></svg>'),
        type: 'image/jpeg',
      });
      expect(disguised.status).toBe(415);
      const json = await server.call(device, 'POST', '/api/attachments', { file: 'x' });
      expect(json.status).toBe(415);
    });

    it('answers bad fields with 400 and a message', async () => {
      const { device, minePlod } = await start();
      const badId = await upload(device, { shiftSummaryId: minePlod, id: 'photo-1' });
      expect(badId.status).toBe(400);
      expect(badId.body.message).toMatch(/id is required/);
      const badDepth = await upload(device, {
        shiftSummaryId: minePlod,
        fields: { fromDepth: '20', toDepth: '10' },
      });
      expect(badDepth.status).toBe(400);
      expect(badDepth.body.message).toMatch(/toDepth/);
    });

    it('serves a photo only to those who may read its plod', async () => {
      const { device, client, minePlod, otherPlod } = await start();
      const otherId = '01936b2c-0000-7000-8000-00000000a002';
      expect((await upload(device, { shiftSummaryId: minePlod })).status).toBe(201);
      expect((await upload(device, { shiftSummaryId: otherPlod, id: otherId })).status).toBe(201);
      // The client account of the first site reads its photo, never the other site's.
      expect((await get(client, PHOTO_ID)).status).toBe(200);
      const refused = await get(client, otherId);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toMatch(/site/);
      const list = await server.call(client, 'GET', `/api/attachments?shiftSummaryId=${otherPlod}`);
      expect(list.status).toBe(403);
      // Nobody signed in reads nothing, and a client account adds nothing.
      expect((await get(NOBODY, PHOTO_ID)).status).toBe(401);
      expect((await upload(client, { shiftSummaryId: minePlod, id: otherId })).status).toBe(403);
    });

    it('lets a crew device add to a plod it may write, not to a submitted one', async () => {
      const { device, supervisor, minePlod } = await start();
      const sent = await server.call(supervisor, 'PATCH', `/api/shift-summaries/${minePlod}`, {
        status: 'sent',
      });
      expect(sent.status).toBe(200);
      const res = await upload(device, { shiftSummaryId: minePlod });
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/submitted/);
      expect((await upload(supervisor, { shiftSummaryId: minePlod })).status).toBe(201);
    });

    it('takes the bytes of a photo the plod named before it was submitted', async () => {
      const { device, supervisor, minePlod } = await start();
      // Taken on the phone while the plod was open: its reference synced, its bytes not yet.
      await namePhoto(device, minePlod);
      const sent = await server.call(supervisor, 'PATCH', `/api/shift-summaries/${minePlod}`, {
        status: 'sent',
      });
      expect(sent.status).toBe(200);
      expect((await upload(device, { shiftSummaryId: minePlod })).status).toBe(201);
      // A photo the plod does not name is still refused.
      const other = '01936b2c-0000-7000-8000-00000000a009';
      expect((await upload(device, { shiftSummaryId: minePlod, id: other })).status).toBe(403);
    });

    it('deletes a photo: its bytes are gone and the list no longer names it', async () => {
      const { device, minePlod } = await start();
      expect((await upload(device, { shiftSummaryId: minePlod })).status).toBe(201);
      const removed = await server.call(device, 'DELETE', `/api/attachments/${PHOTO_ID}`);
      expect(removed.status).toBe(200);
      expect((await get(device, PHOTO_ID)).status).toBe(404);
      const list = await server.call(device, 'GET', `/api/attachments?shiftSummaryId=${minePlod}`);
      expect(list.body).toEqual([]);
      expect((await server.call(device, 'DELETE', `/api/attachments/${PHOTO_ID}`)).status).toBe(
        404,
      );
    });

    it('draws each stored photo of the plod in its PDF, and names one not uploaded yet', async () => {
      const { device, supervisor, minePlod } = await start();
      const reference = (attachmentId: string, caption: string) => ({
        attachmentId,
        holeId: 'DH001',
        fromDepth: 12,
        toDepth: 15,
        caption,
        contentType: 'image/jpeg',
        bytes: WHOLE_JPEG.byteLength,
        width: 8,
        height: 6,
      });
      const q = `?shiftSummaryId=${minePlod}`;
      const waiting = '01936b2c-0000-7000-8000-00000000a003';
      for (const [id, caption] of [
        [PHOTO_ID, 'Tray 1'],
        [waiting, 'Tray 2'],
      ] as const) {
        const added = await server.call(device, 'POST', `/api/photos${q}`, reference(id, caption));
        expect(added.status).toBe(201);
      }
      expect((await upload(device, { shiftSummaryId: minePlod, bytes: WHOLE_JPEG })).status).toBe(
        201,
      );
      const res = await fetch(`${server.http}/api/shift-summaries/${minePlod}/pdf`, {
        headers: headersOf(supervisor),
      });
      expect(res.status).toBe(200);
      const pdf = await readPdf(new Uint8Array(await res.arrayBuffer()));
      expect(pdf.figures).toContain('Core photo: DH001 12.0–15.0 m · Tray 1');
      expect(pdf.images).toBe(1);
      const text = pdf.text.join('\n');
      expect(text).toContain('Photos');
      expect(text).toContain('DH001 12.0–15.0 m · Tray 2');
      expect(text).toContain('Not uploaded yet');
    });

    it('names a stored photo the PDF cannot draw instead of failing the PDF', async () => {
      const { device, supervisor, minePlod } = await start();
      await namePhoto(device, minePlod);
      // The server's check reads only the start of the bytes: this JPEG has no image in it.
      expect((await upload(device, { shiftSummaryId: minePlod })).status).toBe(201);
      const res = await fetch(`${server.http}/api/shift-summaries/${minePlod}/pdf`, {
        headers: headersOf(supervisor),
      });
      expect(res.status).toBe(200);
      const pdf = await readPdf(new Uint8Array(await res.arrayBuffer()));
      expect(pdf.images).toBe(0);
      expect(pdf.text.join('\n')).toContain('Photo not shown in the PDF');
    });
  });
}
