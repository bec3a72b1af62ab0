/**
 * A plain TCP load balancer in front of several Plod processes on one machine (docs/operations.md,
 * "Running several processes on PostgreSQL"):
 *
 *   pnpm --filter @plod/sync-server balancer 8080 127.0.0.1:8787 127.0.0.1:8788
 */
import { startBalancer } from './balancer.ts';

const [listen, ...targets] = process.argv.slice(2);
const port = Number(listen);
const backends = targets.map((target) => {
  const match = /^([^:]+):(\d+)$/.exec(target);
  if (!match) throw new Error(`backend ${target} is not host:port`);
  return { host: match[1] ?? '127.0.0.1', port: Number(match[2]) };
});
if (!Number.isInteger(port) || port <= 0 || backends.length === 0) {
  process.stderr.write('usage: balancer <listen port> <host:port> [<host:port> ...]\n');
  process.exit(2);
}
const balancer = await startBalancer(backends, port, process.env.HOST ?? '127.0.0.1');
process.stdout.write(`balancing 127.0.0.1:${balancer.port} over ${targets.join(', ')}\n`);
const stop = () => void balancer.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
