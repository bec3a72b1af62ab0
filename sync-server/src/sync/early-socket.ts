import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as syncProtocol from 'y-protocols/sync';
import { MESSAGE_SYNC } from '@plod/model/sync';

export type MessageHandler = (data: unknown, isBinary: boolean) => void;

/**
 * Whether `message` is exactly a sync step 1 carrying the empty state vector (a client with nothing
 * yet). Such a client lacks everything, so the stored snapshot as-is is the exact answer.
 */
export function isEmptyStep1(message: Uint8Array): boolean {
  try {
    const decoder = decoding.createDecoder(message);
    if (decoding.readVarUint(decoder) !== MESSAGE_SYNC) return false;
    if (decoding.readVarUint(decoder) !== syncProtocol.messageYjsSyncStep1) return false;
    const stateVector = decoding.readVarUint8Array(decoder);
    return !decoding.hasContent(decoder) && stateVector.length === 1 && stateVector[0] === 0;
  } catch {
    return false;
  }
}

/** A sync step 2 message carrying `update` (the bytes are written once, not re-encoded). */
export function encodeStep2(update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_SYNC);
  encoding.writeVarUint(encoder, syncProtocol.messageYjsSyncStep2);
  encoding.writeVarUint8Array(encoder, update);
  return encoding.toUint8Array(encoder);
}

/**
 * A socket's messages while its document is still being built from the stored snapshot. A first
 * message that is a fresh client's sync step 1 is answered at once from the snapshot (the state
 * the document is being built from, and nobody can change it before it is built). Everything else
 * is queued untouched, in order, and handed to the Connection once the document is ready, which
 * judges it (bad frames included) exactly as if it had just arrived. Nothing is applied before that.
 */
export class EarlySocket {
  /** Whether the step 1 was answered from the snapshot (the Connection then sends what changed since). */
  answered = false;
  private queue: { data: unknown; isBinary: boolean }[] = [];
  private queuedBytes = 0;
  private target: MessageHandler | null = null;

  constructor(
    private readonly snapshot: Uint8Array,
    private readonly send: (message: Uint8Array) => void,
    /** Called on the first message: the answer (if any) is out, so the build may take the loop. */
    private readonly onFirstMessage: () => void,
    /** Called instead of queueing past this many bytes (the document takes too long). */
    private readonly maxQueuedBytes: number,
    private readonly onOverflow: () => void,
  ) {}

  handleMessage(data: unknown, isBinary: boolean): void {
    if (this.target) {
      this.target(data, isBinary);
      return;
    }
    const first = this.queue.length === 0 && !this.answered;
    if (first && isBinary && data instanceof Uint8Array && isEmptyStep1(data)) {
      this.answered = true;
      this.send(encodeStep2(this.snapshot));
    } else {
      this.queuedBytes += data instanceof Uint8Array ? data.byteLength : 0;
      if (this.queuedBytes > this.maxQueuedBytes) {
        this.queue = [];
        this.onOverflow();
        return;
      }
      this.queue.push({ data, isBinary });
    }
    if (first) this.onFirstMessage();
  }

  /** From now on messages go to `target`, starting with the queued ones in arrival order. */
  handOver(target: MessageHandler): void {
    const queued = this.queue;
    this.queue = [];
    this.target = target;
    for (const message of queued) target(message.data, message.isBinary);
  }
}
