import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { LocalPhotos } from './local-photos.ts';

const photo = (id: string) => ({
  id,
  reportId: '01936b2c-0000-7000-8000-000000000001',
  holeId: 'DH001',
  fromDepth: 12.5,
  toDepth: 15,
  contentType: 'image/jpeg',
  data: Uint8Array.from([0xff, 0xd8, 0xff, 0xd9]).buffer,
});

describe('LocalPhotos (a photo’s bytes kept on the phone)', () => {
  it('keeps a photo on the phone, lists it to upload, and marks it saved', async () => {
    const photos = new LocalPhotos(new IDBFactory());
    await photos.keep(photo('a'));
    await photos.keep(photo('b'));
    expect((await photos.pending()).map((p) => p.id)).toEqual(['a', 'b']);
    await photos.failed('a');
    expect((await photos.get('a'))?.attempts).toBe(1);
    await photos.saved('a');
    expect((await photos.pending()).map((p) => p.id)).toEqual(['b']);
    const saved = await photos.get('a');
    expect(saved?.state).toBe('saved');
    // Saved photos keep their bytes, so the phone still shows them.
    expect(new Uint8Array(saved?.data ?? new ArrayBuffer(0))).toEqual(
      Uint8Array.from([0xff, 0xd8, 0xff, 0xd9]),
    );
  });

  it('forgets a deleted photo', async () => {
    const photos = new LocalPhotos(new IDBFactory());
    await photos.keep(photo('a'));
    await photos.remove('a');
    expect(await photos.get('a')).toBeNull();
    expect(await photos.pending()).toEqual([]);
  });
});
