/**
 * A WebSocket that never reaches a server: lets tests run real WebsocketProviders that connect
 * and disconnect without a network. `open()` and `fail()` drive it by hand.
 */
export class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static readonly instances: FakeSocket[] = [];
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readyState = FakeSocket.CONNECTING;
  binaryType = 'blob';
  onopen: (() => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onmessage: ((event: { data: ArrayBuffer }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  readonly sent: Uint8Array[] = [];

  constructor(
    readonly url: string,
    readonly protocols: string | string[] = [],
  ) {
    FakeSocket.instances.push(this);
  }

  send(data: Uint8Array): void {
    this.sent.push(data);
  }

  open(): void {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }

  fail(): void {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({ code: 1006, reason: '' });
  }

  /** The server closes the connection with `code` and `reason` (4400-4499: for good). */
  refuse(code: number, reason: string): void {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({ code, reason });
  }

  /** A message from the server. */
  receive(data: Uint8Array): void {
    this.onmessage?.({ data: data.slice().buffer });
  }

  close(): void {
    this.readyState = FakeSocket.CLOSED;
  }
}

export const FakeWebSocket = FakeSocket as unknown as typeof WebSocket;
