// Which documents this device has ever had from the server. A screen can then tell "the list is
// empty" (a downloaded setup with no sites yet) from "the list is not on this phone" (never fetched),
// and say which.
const PREFIX = 'plod:downloaded:';

/** The documents this device has completed a server handshake for, at least once, ever. */
export class DownloadedDocs {
  private readonly session = new Set<string>();
  private readonly listeners = new Set<() => void>();

  constructor(private readonly storage: Storage | null) {}

  has(name: string): boolean {
    if (this.session.has(name)) return true;
    try {
      return this.storage?.getItem(PREFIX + name) != null;
    } catch {
      return false;
    }
  }

  /** Records a completed handshake (idempotent); listeners hear of the first one only. */
  mark(name: string, at = Date.now()): void {
    if (this.has(name)) return;
    this.session.add(name);
    try {
      this.storage?.setItem(PREFIX + name, new Date(at).toISOString());
    } catch {
      // Storage blocked or full: known for this visit only.
    }
    this.listeners.forEach((listener) => listener());
  }

  /** Forgets a document that left the device: it is no longer here to open offline. */
  forget(name: string): void {
    if (!this.has(name)) return;
    this.session.delete(name);
    try {
      this.storage?.removeItem(PREFIX + name);
    } catch {
      // Storage blocked: nothing was recorded there either.
    }
    this.listeners.forEach((listener) => listener());
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}
