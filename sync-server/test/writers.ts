import { expect } from 'vitest';
import type * as Y from 'yjs';
import { connectClient, synced, waitFor } from './helpers.ts';
import type { TestClient } from './helpers.ts';

/** A durable client writing `name:i` = i into the map `m`: its local update i is its local seq i. */
export interface Writer {
  name: string;
  client: TestClient;
}

/** How the writers stream: up to `upTo` updates each, awaiting `pause` after every tenth. */
export interface Streaming {
  upTo: number;
  pause: () => Promise<unknown>;
}

/** Writers streaming (`streamFrom`), and what a test waits for while they do. */
export interface Stream {
  /** Ends the stream once each writer's current update is written. */
  stop(): Promise<void>;
  /** Stops the stream, then waits until every update each writer sent is acknowledged. */
  settle(): Promise<void>;
  /** How many updates each writer has seen acknowledged so far, writer by writer. */
  acknowledged(): number[];
  /**
   * Waits until each writer has seen `count` more updates acknowledged than `since` says (writer
   * by writer; none there counts as 0).
   */
  untilAcknowledged(
    count: number,
    options: { since?: readonly number[]; message: string; timeoutMs: number },
  ): Promise<void>;
}

/**
 * One durable client on `room` a name, each pushed to `clients`; once all have synced, they stream
 * as `streamFrom` says.
 */
export async function streamingWriters(
  url: string,
  room: string,
  names: string[],
  options: Streaming & { clients: TestClient[] },
): Promise<Stream & { writers: Writer[] }> {
  const writers = names.map((name) => {
    const client = connectClient(url, room, { durability: true });
    options.clients.push(client);
    return { name, client };
  });
  await Promise.all(writers.map((w) => synced(w.client)));
  return { writers, ...streamFrom(writers, options) };
}

/** How the writers stream: up to `upTo` updates each, awaiting `pause` after every tenth. */
export interface Streaming {
  upTo: number;
  pause: () => Promise<unknown>;
}

/**
 * Each writer (synced) writes `name:1`, `name:2`, … up to `upTo`, awaiting `pause` after every
 * tenth, until `stop`.
 */
export function streamFrom(writers: readonly Writer[], options: Streaming): Stream {
  let streaming = true;
  const stream = async ({ name, client }: Writer) => {
    const map = client.doc.getMap<number>('m');
    for (let i = 1; streaming && i <= options.upTo; i++) {
      map.set(`${name}:${i}`, i); // local update i <-> local seq i
      if (i % 10 === 0) await options.pause();
    }
  };
  const streams = writers.map(stream);
  const stop = async () => {
    streaming = false;
    await Promise.all(streams);
  };
  const acknowledged = () => writers.map((w) => w.client.tracker?.durableSeq ?? 0);
  return {
    stop,
    acknowledged,
    settle: async () => {
      await stop();
      await waitFor(
        () => writers.every((w) => w.client.tracker?.pending === 0),
        'every update acknowledged',
        20_000,
      );
    },
    untilAcknowledged: (count, { since = [], message, timeoutMs }) =>
      waitFor(
        () => acknowledged().every((seq, i) => seq >= (since[i] ?? 0) + count),
        message,
        timeoutMs,
      ),
  };
}

/**
 * Expects in `map` every update each writer sent (up to its local seq), naming how many it had
 * seen acknowledged at `moment` (`acknowledged[i]` for writer i).
 */
export function expectEverySentIn(
  map: Y.Map<unknown>,
  writers: readonly Writer[],
  acknowledged: readonly number[],
  moment: string,
): void {
  writers.forEach((w, index) => {
    const missing: number[] = [];
    const last = w.client.tracker?.localSeq ?? 0;
    for (let i = 1; i <= last; i++) {
      if (map.get(`${w.name}:${i}`) !== i) missing.push(i);
    }
    expect(
      missing,
      `${w.name}: acknowledged ${acknowledged[index]} at ${moment}, sent ${last}`,
    ).toEqual([]);
  });
}

/** Expects in `map` every update each writer had seen acknowledged (`acknowledged[i]` for writer i). */
export function expectAcknowledgedIn(
  map: Y.Map<unknown>,
  writers: readonly Writer[],
  acknowledged: readonly number[],
): void {
  writers.forEach((w, index) => {
    const missing: number[] = [];
    for (let i = 1; i <= (acknowledged[index] ?? 0); i++) {
      if (map.get(`${w.name}:${i}`) !== i) missing.push(i);
    }
    expect(missing, `client ${w.name} acknowledged ${acknowledged[index]}`).toEqual([]);
  });
}

/**
 * After a restart at `url`: the writers reconnect by themselves, a new reader (pushed to `clients`)
 * gets every writer's last update, acknowledged or resent, and every update is acknowledged again.
 */
export async function expectServedAfterRestart(
  url: string,
  room: string,
  writers: readonly Writer[],
  clients: TestClient[],
): Promise<void> {
  await waitFor(() => writers.every((w) => w.client.provider.synced), 'writers back', 15_000);
  const reader = connectClient(url, room);
  clients.push(reader);
  await synced(reader);
  await waitFor(
    () =>
      writers.every((w) => reader.doc.getMap('m').has(`${w.name}:${w.client.tracker?.localSeq}`)),
    'every update, acknowledged or resent, on the restarted server',
    15_000,
  );
  await waitFor(() => writers.every((w) => w.client.tracker?.pending === 0), 'all durable again');
}
