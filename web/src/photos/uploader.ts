import type { LocalPhoto, LocalPhotos } from './local-photos';

/** What the phone shows of a photo it took: kept here, being sent, saved, or refused. */
export type PhotoUploadState = 'on-phone' | 'uploading' | 'saved' | 'refused';

export interface PhotoUploadStatus {
  state: PhotoUploadState;
  /** The server's reason, when it refused the photo. */
  message: string | null;
}

/** How one upload went: the server holds it, refused it for good, or is to be asked again later. */
export type SendResult =
  { kind: 'saved' } | { kind: 'refused'; message: string } | { kind: 'retry'; message: string };

export interface PhotoUploaderOptions {
  store: LocalPhotos;
  /** Sends one photo's bytes under its id (the server answers a repeat of the same id as done). */
  send: (photo: LocalPhoto) => Promise<SendResult>;
  /** Runs `task` after `ms`; answers a cancel. Tests pass their own clock. */
  schedule?: (task: () => void, ms: number) => () => void;
  online?: boolean;
}

/** The first retry waits a second, each next one twice as long, never more than a minute. */
export const FIRST_RETRY_MS = 1000;
export const LONGEST_RETRY_MS = 60_000;

/** How long to wait before sending again a photo that failed `attempts` times. */
export function retryDelayMs(attempts: number): number {
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

const defaultSchedule = (task: () => void, ms: number) => {
  const timer = setTimeout(task, ms);
  return () => clearTimeout(timer);
};

const statusOf = (photo: LocalPhoto): PhotoUploadStatus => ({
  state: photo.state,
  message: photo.state === 'refused' ? (photo.error ?? null) : null,
});

/**
 * Sends the photos kept on this phone (the outbox: IndexedDB, so it outlives a reload) whenever
 * the app is online: each in turn, by its id, so a repeat after a lost answer stores it once. A
 * photo is marked saved only when the server answered that it holds it; its bytes are never
 * dropped before. A failure that may pass (no signal, the plod not on the server yet, a server
 * error) is tried again after a growing wait; a refusal (too large, not an image) waits for the
 * person to tap Retry.
 */
export class PhotoUploader {
  private readonly store: LocalPhotos;
  private readonly send: PhotoUploaderOptions['send'];
  private readonly schedule: NonNullable<PhotoUploaderOptions['schedule']>;
  private online: boolean;
  private statuses: ReadonlyMap<string, PhotoUploadStatus> = new Map();
  private readonly listeners = new Set<() => void>();
  private running: Promise<void> | null = null;
  private again = false;
  private cancelTimer: (() => void) | null = null;
  private loaded: Promise<void> | null = null;

  constructor(options: PhotoUploaderOptions) {
    this.store = options.store;
    this.send = options.send;
    this.schedule = options.schedule ?? defaultSchedule;
    this.online = options.online ?? true;
  }

  /** Reads what the outbox holds (after a reload), then sends what waits if online. */
  load(): Promise<void> {
    this.loaded ??= (async () => {
      const kept = await this.store.all();
      const next = new Map(this.statuses);
      for (const photo of kept) if (!next.has(photo.id)) next.set(photo.id, statusOf(photo));
      this.publish(next);
      this.kick();
    })();
    return this.loaded;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Every photo this phone holds, by attachment id (a new Map whenever one changes). */
  getSnapshot = (): ReadonlyMap<string, PhotoUploadStatus> => this.statuses;

  /** The app went online or offline: online, whatever waits is sent now. */
  setOnline(online: boolean): void {
    this.online = online;
    if (online) this.kick();
  }

  /** Keeps a photo just taken in the outbox (on the phone), then sends it if online. */
  async take(photo: Omit<LocalPhoto, 'state' | 'attempts'>): Promise<void> {
    await this.store.keep(photo);
    this.set(photo.id, { state: 'on-phone', message: null });
    this.kick();
  }

  /** Sends a refused photo again (the person tapped Retry). */
  async retry(id: string): Promise<void> {
    await this.store.retry(id);
    this.set(id, { state: 'on-phone', message: null });
    this.kick();
  }

  /**
   * The plod no longer names the photo. Bytes the server holds are dropped from the phone (it
   * shows the photo from the server if an undo brings it back); a photo not yet uploaded stays
   * in the outbox, so an undo finds it whole.
   */
  async forget(id: string): Promise<void> {
    const kept = await this.store.get(id);
    if (kept?.state !== 'saved') return;
    await this.store.remove(id);
    const next = new Map(this.statuses);
    next.delete(id);
    this.publish(next);
  }

  /** Starts sending unless a round is already running (which then runs once more). */
  kick(): void {
    if (!this.online) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.cancelTimer?.();
    this.cancelTimer = null;
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  /** Resolves when the round running now (if any) has ended. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    let wait: number | null = null;
    for (const photo of await this.store.pending()) {
      if (!this.online) return;
      this.set(photo.id, { state: 'uploading', message: null });
      let result: SendResult;
      try {
        result = await this.send(photo);
      } catch (error) {
        result = { kind: 'retry', message: error instanceof Error ? error.message : String(error) };
      }
      if (result.kind === 'saved') {
        await this.store.saved(photo.id);
        this.set(photo.id, { state: 'saved', message: null });
      } else if (result.kind === 'refused') {
        await this.store.refused(photo.id, result.message);
        this.set(photo.id, { state: 'refused', message: result.message });
      } else {
        await this.store.failed(photo.id);
        this.set(photo.id, { state: 'on-phone', message: null });
        const delay = retryDelayMs(photo.attempts + 1);
        wait = wait === null ? delay : Math.min(wait, delay);
      }
    }
    if (wait !== null && this.online) {
      this.cancelTimer = this.schedule(() => {
        this.cancelTimer = null;
        this.kick();
      }, wait);
    }
  }

  private set(id: string, status: PhotoUploadStatus): void {
    const next = new Map(this.statuses);
    next.set(id, status);
    this.publish(next);
  }

  private publish(next: ReadonlyMap<string, PhotoUploadStatus>): void {
    this.statuses = next;
    this.listeners.forEach((listener) => listener());
  }
}
