import { isUtf8 } from 'node:buffer';
import * as decoding from 'lib0/decoding';

/** Why an update is refused before it reaches `Y.applyUpdate`; the message says what was wrong. */
export class UnreadableUpdate extends Error {}

/** Deeper nesting of array and object values is refused (Yjs reads them recursively). */
export const MAX_VALUE_DEPTH = 1_000;

/**
 * Checks, without building anything, that Yjs can read a whole update (V1, as the y-websocket
 * protocol carries it): what `Y.decodeUpdate` accepts, this accepts, and what it refuses (running out
 * of bytes, an unknown struct, type or value kind, text that is not UTF-8, bad JSON, a sub-document
 * without options), this refuses with UnreadableUpdate. Stricter in two places only: a single byte
 * read past the end (Yjs reads `undefined` and fails a little later) and values nested deeper than
 * MAX_VALUE_DEPTH.
 *
 * Why a readable update is safe to apply: `Y.applyUpdate` reads every struct before it integrates
 * any, so a failure there would change nothing; but it reads the delete set only after integrating
 * the structs, applying each range as it reads it, so an update whose delete set is cut short would
 * leave its structs and part of its deletions in the document and the store. Finding the delete set
 * means walking the structs: this walks them with the same reads in the same order as Yjs 13
 * (`readClientsStructRefs`, the content readers, UpdateDecoderV1 over lib0 0.2's decoding).
 * It replaces a `Y.decodeUpdate` pass, which built every struct only to throw them away.
 */
export function checkUpdate(update: Uint8Array): void {
  try {
    readUpdate(new Reader(update));
  } catch (error) {
    if (error instanceof UnreadableUpdate) throw error;
    // lib0's readVarUint ('Unexpected end of array', 'Integer out of Range'), JSON.parse.
    const message = error instanceof Error ? error.message : String(error);
    throw new UnreadableUpdate(message, { cause: error });
  }
}

function readUpdate(reader: Reader): void {
  const clients = reader.varUint();
  for (let c = 0; c < clients; c++) {
    const structs = reader.varUint();
    reader.varUint(); // client
    reader.varUint(); // clock
    for (let s = 0; s < structs; s++) readStruct(reader);
  }
  // The delete set: per client, its id and its ranges (clock, length).
  const dsClients = reader.varUint();
  for (let c = 0; c < dsClients; c++) {
    reader.varUint(); // client
    const ranges = reader.varUint();
    for (let r = 0; r < ranges; r++) {
      reader.varUint(); // clock
      reader.varUint(); // length
    }
  }
}

/** A struct's info byte: content ref in the low five bits (Yjs's BITS5), flags BIT6..BIT8. */
const CONTENT_REF = 0b0001_1111;
const HAS_PARENT_SUB = 0b0010_0000;
const HAS_RIGHT_ORIGIN = 0b0100_0000;
const HAS_ORIGIN = 0b1000_0000;

const GC_REF = 0;
const SKIP_REF = 10;

/** Yjs type refs 0-6; YXmlElement (3) and YXmlHook (5) carry a name. */
const XML_ELEMENT_REF = 3;
const XML_HOOK_REF = 5;
const LAST_TYPE_REF = 6;

/** lib0 `writeAny` tags. */
const ANY_UNDEFINED = 127;
const ANY_NULL = 126;

function readStruct(reader: Reader): void {
  const info = reader.byte();
  const ref = info & CONTENT_REF;
  if (ref === GC_REF || ref === SKIP_REF) {
    reader.varUint(); // length
    return;
  }
  if ((info & HAS_ORIGIN) !== 0) reader.id();
  if ((info & HAS_RIGHT_ORIGIN) !== 0) reader.id();
  if ((info & (HAS_ORIGIN | HAS_RIGHT_ORIGIN)) === 0) {
    // Parent: a root type's name (parent info 1) or the id of the item holding the type.
    if (reader.varUint() === 1) reader.string();
    else reader.id();
    if ((info & HAS_PARENT_SUB) !== 0) reader.string();
  }
  readContent(reader, ref);
}

function readContent(reader: Reader, ref: number): void {
  switch (ref) {
    case 1: // ContentDeleted: length
      reader.varUint();
      return;
    case 2: {
      // ContentJSON: count, then JSON texts ('undefined' stands for undefined)
      const count = reader.varUint();
      for (let i = 0; i < count; i++) {
        const text = reader.text();
        if (text !== 'undefined') JSON.parse(text);
      }
      return;
    }
    case 3: // ContentBinary
      reader.bytes();
      return;
    case 4: // ContentString
      reader.string();
      return;
    case 5: // ContentEmbed: JSON
      JSON.parse(reader.text());
      return;
    case 6: // ContentFormat: key, JSON
      reader.string();
      JSON.parse(reader.text());
      return;
    case 7: {
      // ContentType: type ref, and a name for XML elements and hooks
      const typeRef = reader.varUint();
      if (typeRef > LAST_TYPE_REF) throw new UnreadableUpdate(`unknown type ref ${typeRef}`);
      if (typeRef === XML_ELEMENT_REF || typeRef === XML_HOOK_REF) reader.string();
      return;
    }
    case 8: {
      // ContentAny: count, then values
      const count = reader.varUint();
      for (let i = 0; i < count; i++) readAny(reader);
      return;
    }
    case 9: {
      // ContentDoc: guid, options (Yjs reads properties of them, so not undefined or null)
      reader.string();
      const tag = reader.peekByte();
      if (tag === ANY_UNDEFINED || tag === ANY_NULL) {
        throw new UnreadableUpdate('sub-document without options');
      }
      readAny(reader);
      return;
    }
    default:
      throw new UnreadableUpdate(`unknown content ref ${ref}`);
  }
}

/**
 * Reads past one lib0 `readAny` value. Iterative: each level of nesting costs at least two bytes of
 * the update, and levels beyond MAX_VALUE_DEPTH are refused.
 */
function readAny(reader: Reader): void {
  // Arrays and objects being read, innermost last: values each still holds, and whether keyed.
  const outer: { left: number; keyed: boolean }[] = [];
  let left = 1;
  let keyed = false;
  for (;;) {
    if (left === 0) {
      const level = outer.pop();
      if (!level) return;
      ({ left, keyed } = level);
      continue;
    }
    left -= 1;
    if (keyed) reader.string(); // an object entry's key
    const tag = reader.byte();
    switch (tag) {
      case ANY_UNDEFINED:
      case ANY_NULL:
      case 121: // false
      case 120: // true
        break;
      case 125: // integer (varint)
        reader.varInt();
        break;
      case 124: // float32
        reader.skip(4);
        break;
      case 123: // float64
      case 122: // bigint64
        reader.skip(8);
        break;
      case 119: // string
        reader.string();
        break;
      case 116: // Uint8Array
        reader.bytes();
        break;
      case 118: // object: count, then (key, value) pairs
      case 117: {
        // array: count, then values
        const count = reader.varUint();
        if (outer.length >= MAX_VALUE_DEPTH) throw new UnreadableUpdate('values nested too deep');
        outer.push({ left, keyed });
        left = count;
        keyed = tag === 118;
        break;
      }
      default:
        throw new UnreadableUpdate(`unknown value tag ${tag}`);
    }
  }
}

/** lib0 decodes strings with this (fatal: text that is not UTF-8 throws). */
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Reads over lib0's decoder in which every read past the end throws. */
class Reader {
  private readonly decoder: decoding.Decoder;

  constructor(private readonly update: Uint8Array) {
    this.decoder = decoding.createDecoder(update);
  }

  /** lib0's readVarUint, which already throws at the end and beyond 2^53. */
  varUint(): number {
    return decoding.readVarUint(this.decoder);
  }

  /** lib0's readVarInt reads its first byte unchecked. */
  varInt(): void {
    this.need(1);
    decoding.readVarInt(this.decoder);
  }

  byte(): number {
    this.need(1);
    return decoding.readUint8(this.decoder);
  }

  peekByte(): number {
    this.need(1);
    return decoding.peekUint8(this.decoder);
  }

  id(): void {
    this.varUint(); // client
    this.varUint(); // clock
  }

  /** Length-prefixed bytes (binary content, Uint8Array values). */
  bytes(): Uint8Array {
    const length = this.varUint();
    this.need(length);
    const start = this.decoder.pos;
    this.decoder.pos += length;
    return this.update.subarray(start, start + length);
  }

  /** A length-prefixed UTF-8 string, checked without decoding it. */
  string(): void {
    if (!isUtf8(this.bytes())) throw new UnreadableUpdate('text that is not UTF-8');
  }

  /** A length-prefixed UTF-8 string, decoded (for JSON content). */
  text(): string {
    return utf8.decode(this.bytes());
  }

  skip(length: number): void {
    this.need(length);
    this.decoder.pos += length;
  }

  private need(length: number): void {
    if (this.decoder.pos + length > this.update.length) {
      throw new UnreadableUpdate('unexpected end of update');
    }
  }
}
