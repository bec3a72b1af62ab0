import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { LocalPhotos, type LocalPhoto } from './local-photos';
import { PhotoUploader, retryDelayMs, type SendResult } from './uploader';

const REPORT = '01936b2c-0000-7000-8000-000000000001';
const photo = (id: string) => ({
  id,
  reportId: REPORT,
  holeId: 'DH001',
  fromDepth: 12.5,
  toDepth: 15,
  contentType: 'image/jpeg',
  data: Uint8Array.from([0xff, 0xd8, 0xff, 0xd9]).buffer,
});

/** A server the test answers by hand, and a clock the test moves. */
function harness(answers: (photo: LocalPhoto, call: number) => SendResult) {
  const store = new LocalPhotos(new IDBFactory());
  const sent: string[] = [];
  const timers: { ms: number; task: () => void }[] = [];
  const uploader = new PhotoUploader({
    store,
    online: false,
    send: (p) => {
      sent.push(p.id);
      return Promise.resolve(answers(p, sent.length));
    },
    schedule: (task, ms) => {
      const timer = { ms, task };
      timers.push(timer);
      return () => timers.splice(timers.indexOf(timer), 1);
    },
  });
  const fire = async () => {
    const timer = timers.shift();
    if (!timer) throw new Error('no retry scheduled');
    timer.task();
    await uploader.idle();
    return timer.ms;
  };
  return { store, sent, timers, uploader, fire };
}

const state = (uploader: PhotoUploader, id: string) => uploader.getSnapshot().get(id)?.state;

describe('PhotoUploader (the outbox sent whenever the app is online)', () => {
  it('keeps a photo taken offline on the phone, and sends it once online', async () => {
    const { uploader, sent, store } = harness(() => ({ kind: 'saved' }));
    await uploader.take(photo('a'));
    await uploader.idle();
    expect(sent).toEqual([]);
    expect(state(uploader, 'a')).toBe('on-phone');
    uploader.setOnline(true);
    await uploader.idle();
    expect(sent).toEqual(['a']);
    expect(state(uploader, 'a')).toBe('saved');
    expect((await store.get('a'))?.state).toBe('saved');
  });

  it('shows Uploading while the server has not answered', async () => {
    let answer: (r: SendResult) => void = () => {};
    let asked: () => void = () => {};
    const sending = new Promise<void>((resolve) => (asked = resolve));
    const store = new LocalPhotos(new IDBFactory());
    const uploader = new PhotoUploader({
      store,
      online: true,
      send: () =>
        new Promise<SendResult>((resolve) => {
          answer = resolve;
          asked();
        }),
    });
    const seen: (string | undefined)[] = [];
    uploader.subscribe(() => seen.push(state(uploader, 'a')));
    await uploader.take(photo('a'));
    await sending;
    expect(state(uploader, 'a')).toBe('uploading');
    // The bytes stay on the phone, not yet marked saved, while the server is asked.
    expect((await store.get('a'))?.state).toBe('on-phone');
    answer({ kind: 'saved' });
    await uploader.idle();
    expect(seen).toEqual(['on-phone', 'uploading', 'saved']);
  });

  it('tries again after a growing wait when the upload fails, never dropping the bytes', async () => {
    const { uploader, sent, store, fire, timers } = harness((_p, call) =>
      call < 3 ? { kind: 'retry', message: 'no signal' } : { kind: 'saved' },
    );
    uploader.setOnline(true);
    await uploader.take(photo('a'));
    await uploader.idle();
    expect(state(uploader, 'a')).toBe('on-phone');
    expect((await store.get('a'))?.attempts).toBe(1);
    expect(new Uint8Array((await store.get('a'))?.data ?? new ArrayBuffer(0))).toHaveLength(4);
    expect(await fire()).toBe(retryDelayMs(1));
    expect(await fire()).toBe(retryDelayMs(2));
    expect(sent).toEqual(['a', 'a', 'a']);
    expect(state(uploader, 'a')).toBe('saved');
    expect(timers).toHaveLength(0);
  });

  it('waits 1 s, then twice as long each time, at most a minute', () => {
    expect([1, 2, 3, 4, 7, 30].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 60000, 60000]);
  });

  it('shows a refusal with the server’s words and sends again only on Retry', async () => {
    const { uploader, sent, timers } = harness((_p, call) =>
      call === 1 ? { kind: 'refused', message: 'Photo larger than 5 MB' } : { kind: 'saved' },
    );
    uploader.setOnline(true);
    await uploader.take(photo('a'));
    await uploader.idle();
    expect(uploader.getSnapshot().get('a')).toEqual({
      state: 'refused',
      message: 'Photo larger than 5 MB',
    });
    expect(timers).toHaveLength(0);
    uploader.kick();
    await uploader.idle();
    expect(sent).toEqual(['a']);
    await uploader.retry('a');
    await uploader.idle();
    expect(sent).toEqual(['a', 'a']);
    expect(state(uploader, 'a')).toBe('saved');
  });

  it('finds the outbox again after a reload, and sends what waits', async () => {
    const factory = new IDBFactory();
    const before = new PhotoUploader({
      store: new LocalPhotos(factory),
      online: false,
      send: () => Promise.resolve({ kind: 'saved' }),
    });
    await before.take(photo('a'));
    await before.take(photo('b'));
    const sent: string[] = [];
    const after = new PhotoUploader({
      store: new LocalPhotos(factory),
      online: false,
      send: (p) => {
        sent.push(p.id);
        return Promise.resolve({ kind: 'saved' });
      },
    });
    await after.load();
    expect([...after.getSnapshot().entries()].map(([id, s]) => [id, s.state])).toEqual([
      ['a', 'on-phone'],
      ['b', 'on-phone'],
    ]);
    after.setOnline(true);
    await after.idle();
    expect(sent).toEqual(['a', 'b']);
  });

  it('stops sending when the app goes offline, and a throw is a failure to retry', async () => {
    const { uploader, sent, store } = harness(() => {
      uploader.setOnline(false);
      throw new Error('network down');
    });
    await uploader.take(photo('a'));
    await uploader.take(photo('b'));
    uploader.setOnline(true);
    await uploader.idle();
    expect(sent).toEqual(['a']);
    expect((await store.get('a'))?.attempts).toBe(1);
    expect((await store.pending()).map((p) => p.id)).toEqual(['a', 'b']);
  });

  it('drops a deleted photo’s bytes only once the server holds them', async () => {
    const { uploader, store } = harness(() => ({ kind: 'saved' }));
    await uploader.take(photo('kept'));
    await uploader.forget('kept');
    // Not uploaded yet: kept, so an undo of the delete finds it whole.
    expect((await store.get('kept'))?.state).toBe('on-phone');
    uploader.setOnline(true);
    await uploader.idle();
    await uploader.forget('kept');
    expect(await store.get('kept')).toBeNull();
    expect(uploader.getSnapshot().has('kept')).toBe(false);
  });
});
