// @y/websocket-server 0.1.1 ships no type declarations for its ESM entry; the bench uses one function.
declare module '@y/websocket-server/utils' {
  import type { IncomingMessage } from 'node:http';
  import type { WebSocket } from 'ws';

  export function setupWSConnection(
    conn: WebSocket,
    request: IncomingMessage,
    options?: { docName?: string; gc?: boolean },
  ): void;
}
