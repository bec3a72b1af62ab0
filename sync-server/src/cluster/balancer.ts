import net from 'node:net';

export interface Backend {
  host: string;
  port: number;
}

export interface Balancer {
  port: number;
  close(): Promise<void>;
}

/** How long a backend that refused a connection is passed over. */
const RESTING_MS = 2_000;

/**
 * A plain TCP load balancer: each connection goes to the next backend in turn, and to the one after
 * if that one refuses (a stopped or killed process), so that clients of a lost process reconnect to
 * the others. It knows nothing of HTTP or of documents: every process can take every connection, which
 * is what several Plod processes on one PostgreSQL expect of the balancer in front of them. For a
 * worked example on one machine (docs/operations.md); production uses nginx, HAProxy or a cloud
 * load balancer.
 */
export function startBalancer(backends: readonly Backend[], port = 0, host = '127.0.0.1') {
  if (backends.length === 0) throw new Error('the balancer needs at least one backend');
  let next = 0;
  const restingUntil = new Map<Backend, number>();
  const sockets = new Set<net.Socket>();

  const connect = (client: net.Socket, tried: number) => {
    if (tried >= backends.length) {
      client.destroy();
      return;
    }
    // Skip resting backends unless every one is resting.
    let backend = backends[next % backends.length] as Backend;
    for (let i = 0; i < backends.length; i++) {
      const candidate = backends[(next + i) % backends.length] as Backend;
      if ((restingUntil.get(candidate) ?? 0) <= Date.now()) {
        backend = candidate;
        next += i;
        break;
      }
    }
    next += 1;
    const upstream = net.connect(backend.port, backend.host);
    sockets.add(upstream);
    upstream.once('close', () => sockets.delete(upstream));
    const refused = () => {
      restingUntil.set(backend, Date.now() + RESTING_MS);
      upstream.destroy();
      connect(client, tried + 1);
    };
    upstream.once('error', refused);
    upstream.once('connect', () => {
      upstream.removeListener('error', refused);
      if (client.destroyed) {
        upstream.destroy();
        return;
      }
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
      client.pipe(upstream);
      upstream.pipe(client);
      client.once('close', () => upstream.destroy());
      upstream.once('close', () => client.destroy());
      client.resume();
    });
  };

  const server = net.createServer({ pauseOnConnect: true }, (client) => {
    sockets.add(client);
    client.once('close', () => sockets.delete(client));
    connect(client, 0);
  });
  return new Promise<Balancer>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address() as net.AddressInfo;
      resolve({
        port: address.port,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
