import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';

/** y-websocket message types (first varuint of every WebSocket message). */
export const MESSAGE_SYNC = 0;
export const MESSAGE_AWARENESS = 1;
export const MESSAGE_AUTH = 2;
export const MESSAGE_QUERY_AWARENESS = 3;

/**
 * Plod's opt-in durability message type. y-websocket uses 0-3; stock clients never send 100 and the
 * server only sends it in reply to a barrier, so clients that do not opt in never see it.
 */
export const MESSAGE_DURABILITY = 100;

/** Kinds of durability message, written right after MESSAGE_DURABILITY. */
export const DurabilityKind = {
  /** client -> server: "tell me when everything I sent before this is durable"; carries local seq N. */
  Barrier: 0,
  /** server -> client: "everything you sent before barrier N is committed". */
  Durable: 1,
} as const;
export type DurabilityKind = (typeof DurabilityKind)[keyof typeof DurabilityKind];

export interface DurabilityMessage {
  kind: DurabilityKind;
  seq: number;
}

/** Longest document name accepted on /sync/{docName}. */
export const MAX_DOC_NAME_LENGTH = 128;
const DOC_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9:._-]*$/;

/** True for a document name the relay accepts (`report:{id}`, `setup`, `holes`, ...). */
export function isValidDocName(name: string): boolean {
  return name.length <= MAX_DOC_NAME_LENGTH && DOC_NAME_PATTERN.test(name);
}

function encodeDurability(kind: DurabilityKind, seq: number): Uint8Array {
  if (!Number.isSafeInteger(seq) || seq < 0) throw new RangeError(`bad durability seq ${seq}`);
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_DURABILITY);
  encoding.writeVarUint(encoder, kind);
  encoding.writeVarUint(encoder, seq);
  return encoding.toUint8Array(encoder);
}

/** A whole WebSocket message asking the server to acknowledge durability through local seq N. */
export function encodeBarrier(seq: number): Uint8Array {
  return encodeDurability(DurabilityKind.Barrier, seq);
}

/** A whole WebSocket message telling a client its updates through seq N are durable. */
export function encodeDurable(seq: number): Uint8Array {
  return encodeDurability(DurabilityKind.Durable, seq);
}

/**
 * Reads the body of a durability message from a decoder positioned after MESSAGE_DURABILITY.
 * Throws on an unknown kind or truncated input.
 */
export function readDurabilityBody(decoder: decoding.Decoder): DurabilityMessage {
  const kind = decoding.readVarUint(decoder);
  const seq = decoding.readVarUint(decoder);
  if (kind !== DurabilityKind.Barrier && kind !== DurabilityKind.Durable) {
    throw new RangeError(`unknown durability message kind ${kind}`);
  }
  return { kind, seq };
}

/** Decodes a whole durability message (including its type); throws if it is not one. */
export function decodeDurability(message: Uint8Array): DurabilityMessage {
  const decoder = decoding.createDecoder(message);
  const type = decoding.readVarUint(decoder);
  if (type !== MESSAGE_DURABILITY) throw new RangeError(`not a durability message: ${type}`);
  const body = readDurabilityBody(decoder);
  if (decoding.hasContent(decoder)) throw new RangeError('trailing bytes in durability message');
  return body;
}
