import * as decoding from 'lib0/decoding';
import { describe, expect, it } from 'vitest';
import {
  MESSAGE_LATE_EDITS,
  NO_LATE_EDITS,
  encodeLateEditsState,
  encodeLateEditsSubscribe,
  readLateEditsBody,
} from '@plod/model/sync';
import { CloseCode } from '../../src/close-codes.ts';
import {
  closedAfterEach,
  connectClient,
  rawSocket,
  startServer,
  synced,
  waitFor,
} from '../helpers.ts';

const lateEditMessages = (messages: readonly Uint8Array[]) =>
  messages.filter((m) => decoding.readVarUint(decoding.createDecoder(m)) === MESSAGE_LATE_EDITS);

describe('late-edit notices (message 101) on the relay', () => {
  const { clients, keepServer } = closedAfterEach();

  it('answers a subscription, and never sends 101 to a client that did not subscribe', async () => {
    const server = keepServer(await startServer());
    // A stock y-websocket client syncs and edits; it never hears of late edits.
    const stock = connectClient(server.url, 'report:notices');
    clients.push(stock);
    await synced(stock);
    stock.doc.getMap('m').set('k', 1);
    const quiet = await rawSocket(server.url, 'report:notices');
    await waitFor(() => quiet.messages.length > 0, 'the server speaks first');

    const subscriber = await rawSocket(server.url, 'report:notices');
    subscriber.socket.send(encodeLateEditsSubscribe());
    await waitFor(() => lateEditMessages(subscriber.messages).length === 1, 'state sent');
    const [reply] = lateEditMessages(subscriber.messages);
    const decoder = decoding.createDecoder(reply ?? new Uint8Array());
    decoding.readVarUint(decoder);
    // A socket nothing is held for (no crew device's hold here) is told nothing waits.
    expect(readLateEditsBody(decoder)).toEqual({ kind: 'state', state: NO_LATE_EDITS });
    expect(lateEditMessages(quiet.messages)).toEqual([]);
    quiet.socket.close();
    subscriber.socket.close();
  });

  it('closes a socket that sends a state (only the server sends those) or an unknown kind', async () => {
    const server = keepServer(await startServer());
    for (const frame of [
      encodeLateEditsState(NO_LATE_EDITS),
      new Uint8Array([MESSAGE_LATE_EDITS, 9]),
    ]) {
      const bad = await rawSocket(server.url, 'report:notices');
      bad.socket.send(frame);
      expect(await bad.closed).toBe(CloseCode.BadFrame);
    }
  });
});
