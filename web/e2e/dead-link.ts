import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A phone's way to the server that can go dead without a word, as leaving coverage does: a TCP
 * relay on its own port whose connections, once cut, pass nothing either way (no data, no close, no
 * WebSocket pong) until restored. Chromium's offline switch is not that: it lets an open socket's
 * frames through for seconds.
 */
export interface DeadLink {
  /** The app's origin through this link (http://127.0.0.1:{port}). */
  origin: string;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function openDeadLink(target: URL): Promise<DeadLink> {
  let dead = false;
  const pairs = new Set<[Socket, Socket]>();
  const server: Server = createServer((phone) => {
    const upstream = connect(Number(target.port), target.hostname);
    const pair: [Socket, Socket] = [phone, upstream];
    pairs.add(pair);
    const forward = (from: Socket, to: Socket) =>
      from.on('data', (chunk) => {
        // Bytes sent while the link is dead are lost, as radio is: nothing is queued.
        if (!dead) to.write(chunk);
      });
    forward(phone, upstream);
    forward(upstream, phone);
    const end = () => {
      pairs.delete(pair);
      phone.destroy();
      upstream.destroy();
    };
    phone.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    cut: () => {
      dead = true;
    },
    restore: () => {
      // After an outage the old connections are gone (the network forgot them): the phone opens
      // new ones.
      for (const [a, b] of pairs) {
        a.destroy();
        b.destroy();
      }
      dead = false;
    },
    close: async () => {
      for (const [a, b] of pairs) {
        a.destroy();
        b.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
