/**
 * The reference relay, `@y/websocket-server` 0.1.1 (in memory, no durability), as its own
 * `server.js` starts it, but on 127.0.0.1 and a free port, announcing the port the way our server logs it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { setupWSConnection } from '@y/websocket-server/utils';

const wss = new WebSocketServer({ noServer: true });
const server = http.createServer((_request, response) => {
  response.writeHead(200, { 'Content-Type': 'text/plain' });
  response.end('okay');
});
wss.on('connection', (socket, request) => {
  // Same document naming as ours: ws://host/sync/{docName}.
  const docName = (request.url ?? '').replace(/^\/sync\//, '').split('?')[0] ?? '';
  setupWSConnection(socket, request, { docName });
});
server.on('upgrade', (request, socket, head) => {
  wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ msg: 'server listening', port })}\n`);
});
process.on('SIGTERM', () => process.exit(0));
