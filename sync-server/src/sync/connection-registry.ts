import { CloseCode } from '../close-codes.ts';
import type { Connection, KeepaliveSilence } from './connection.ts';

/** Every open sync socket: for limits, health, keepalive pings and shutdown. */
export class ConnectionRegistry {
  accepting = true;
  private readonly connections = new Set<Connection>();
  private pingTimer: NodeJS.Timeout | null = null;

  get size(): number {
    return this.connections.size;
  }

  add(connection: Connection): void {
    this.connections.add(connection);
  }

  delete(connection: Connection): void {
    this.connections.delete(connection);
  }

  /** Closes every socket opened for `subject` (a revoked device, a signed-out session). */
  closeSubject(subject: string, code: CloseCode, reason: string): number {
    let closed = 0;
    for (const connection of this.connections) {
      if (connection.subject !== subject) continue;
      connection.close(code, reason);
      closed += 1;
    }
    return closed;
  }

  /**
   * Pings every socket each interval; one silent for long enough loses its presence, and later the
   * socket (see Connection.ping).
   */
  startKeepalive(intervalMs: number, silence: KeepaliveSilence): void {
    this.pingTimer = setInterval(() => {
      const now = Date.now();
      for (const connection of this.connections) connection.ping(now, silence);
    }, intervalMs);
    this.pingTimer.unref();
  }

  /** Stops accepting and closes every socket with 1012 (service restart); clients reconnect. */
  closeAll(): void {
    this.accepting = false;
    if (this.pingTimer) clearInterval(this.pingTimer);
    for (const connection of this.connections) {
      connection.close(CloseCode.ServiceRestart, 'server restarting');
    }
  }

  /** Resolves once every socket has closed (or after `timeoutMs`). */
  async whenEmpty(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.connections.size > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}
