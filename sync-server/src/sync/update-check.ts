import { isAscii, isUtf8 } from 'node:buffer';
import * as decoding from 'lib0/decoding';
import * as Y from 'yjs';

/**
 * The versions whose update encoder (yjs) and decoding (lib0) this reader follows, read by read. Both
 * are pinned exactly (package.json files and pnpm-workspace.yaml's overrides); another version may
 * write or read an update differently, so update-check-version.test.ts fails until the reader has
 * been checked against the new one and these are changed with it.
 */
export const READER_WRITTEN_FOR = { yjs: '13.6.33', lib0: '0.2.120' } as const;

/** Why an update is refused before it reaches `Y.applyUpdate`; the message says what was wrong. */
export class UnreadableUpdate extends Error {}

/** Deeper nesting of array and object values is refused (Yjs reads them recursively). */
export const MAX_VALUE_DEPTH = 1_000;

/**
 * Checks, without building anything, that Yjs can read a whole update (V1, as the y-websocket
 * protocol carries it) and integrate it whole. What `Y.decodeUpdate` refuses (running out of bytes,
 * an unknown struct, type or value kind, text that is not UTF-8, bad JSON, a sub-document without
 * options), this refuses with UnreadableUpdate; it also refuses a single byte read past the end
 * (Yjs reads `undefined` and fails a little later) and values nested deeper than MAX_VALUE_DEPTH.
 *
 * Why reading it through matters: `Y.applyUpdate` reads every struct before it integrates any, so a
 * failure there would change nothing; but it reads the delete set only after integrating the
 * structs, applying each range as it reads it, so an update whose delete set is cut short would
 * leave its structs and part of its deletions in the document and the store. Finding the delete set
 * means walking the structs: this walks them with the same reads in the same order as Yjs 13
 * (`readClientsStructRefs`, the content readers, UpdateDecoderV1 over lib0 0.2's decoding).
 * It replaces a `Y.decodeUpdate` pass, which built every struct only to throw them away.
 *
 * Readable is not enough: Yjs trusts an update to be as its own encoder writes it, and throws
 * partway through integrating one that is not, after the structs before it went into the document
 * (and out to the store and other clients), or keeps a document that differs from what it emits.
 * So this also refuses what Yjs never writes: a struct whose origin, right origin or parent is a
 * clock of its own client at or after its own (Yjs looks those up without checking they exist),
 * a struct or deletion of length 0, a Skip struct with flags, and a client's structs in two places.
 *
 * With `knownClock` (the document's next clock for a client), it answers whether some client's
 * structs start below what the document already has: see `applyClientUpdate` for why that matters.
 */
export function checkUpdate(update: Uint8Array, knownClock?: (client: number) => number): boolean {
  try {
    return readUpdate(new Reader(update), knownClock);
  } catch (error) {
    if (error instanceof UnreadableUpdate) throw error;
    // lib0's readVarUint ('Unexpected end of array', 'Integer out of Range'), JSON.parse.
    const message = error instanceof Error ? error.message : String(error);
    throw new UnreadableUpdate(message, { cause: error });
  }
}

function readUpdate(reader: Reader, knownClock?: (client: number) => number): boolean {
  let repeats = false;
  const clients = reader.varUint();
  const seen = clients > 1 ? new SeenClients() : null;
  for (let c = 0; c < clients; c++) {
    const structs = reader.varUint();
    const client = reader.varUint();
    seen?.add(client);
    const clock = reader.varUint();
    if (structs > 0 && knownClock !== undefined && clock < knownClock(client)) repeats = true;
    reader.clock.begin(client, clock);
    for (let s = 0; s < structs; s++) readStruct(reader);
  }
  // The delete set: per client, its id and its ranges (clock, length).
  const dsClients = reader.varUint();
  for (let c = 0; c < dsClients; c++) {
    reader.varUint(); // client
    const ranges = reader.varUint();
    for (let r = 0; r < ranges; r++) {
      reader.varUint(); // clock
      if (reader.varUint() === 0) throw new UnreadableUpdate('a deletion of length 0');
    }
  }
  return repeats;
}

/** Most rounds of held structs applied after one update (each round integrates some). */
const MAX_HELD_ROUNDS = 100;

/**
 * Applies a client's update, checked by `checkUpdate` (`repeats` is its answer for this document),
 * as one transaction with `origin`. The same as `Y.applyUpdate` for an update that starts where the
 * document's clocks end while nothing is held back, which is almost every update.
 *
 * Otherwise Yjs trusts a struct that starts inside what the document has to agree with it: it puts
 * the new part after its own earlier clock but keeps the parent the struct names, so an update that
 * names another parent there links the item into one list while giving it another parent. The
 * document held in memory then differs from the update Yjs emits (what is stored and sent on), so
 * the relay's copy diverges from every client's. So such an update is cut at the document's state
 * vector first (`Y.diffUpdate`: the known part goes, the rest names its own earlier clock as origin
 * and takes that item's parent, as every client reads it). Yjs holds back structs whose earlier
 * clocks or origins are missing and applies them again when those arrive, as they were, so held
 * structs are taken out before each update and applied afterwards, cut the same way.
 */
export function applyClientUpdate(
  doc: Y.Doc,
  update: Uint8Array,
  repeats: boolean,
  origin: unknown,
): void {
  const store = doc.store;
  if (!repeats && store.pendingStructs === null) {
    Y.applyUpdate(doc, update, origin);
    return;
  }
  doc.transact(() => {
    const held = store.pendingStructs;
    // Taken out, Yjs cannot apply them again by itself (it would, as they were) ...
    store.pendingStructs = null;
    let waiting = held;
    try {
      Y.applyUpdate(doc, repeats ? Y.diffUpdate(update, Y.encodeStateVector(doc)) : update, origin);
      waiting = mergeHeld(held, store.pendingStructs);
      // ... so it is done here, cut at the state vector, for as long as it makes progress.
      for (let round = 0; waiting !== null && round < MAX_HELD_ROUNDS; round++) {
        if (!canProgress(store, waiting.missing)) break;
        const next = Y.diffUpdateV2(waiting.update, Y.encodeStateVector(doc));
        store.pendingStructs = null;
        Y.applyUpdateV2(doc, next, origin);
        waiting = store.pendingStructs;
      }
    } finally {
      store.pendingStructs = waiting;
    }
  }, origin);
}

type Held = NonNullable<Y.Doc['store']['pendingStructs']>;

/** Yjs's own merge of held structs: the lowest missing clock per client, one update. */
function mergeHeld(held: Held | null, fresh: Held | null): Held | null {
  if (held === null || fresh === null) return held ?? fresh;
  const missing = new Map(held.missing);
  for (const [client, clock] of fresh.missing) {
    const known = missing.get(client);
    if (known === undefined || known > clock) missing.set(client, clock);
  }
  return { missing, update: Y.mergeUpdatesV2([held.update, fresh.update]) };
}

/** Whether something held waits on a clock the document now has (Yjs's test before a retry). */
function canProgress(store: Y.Doc['store'], missing: Map<number, number>): boolean {
  for (const [client, clock] of missing) if (clock < Y.getState(store, client)) return true;
  return false;
}

/**
 * The clients an update has structs for. Yjs writes each client once; reading, it keeps only the
 * last run of structs of a client, and `Y.diffUpdate` joins two runs into one with other clocks.
 */
class SeenClients {
  private few: number[] = [];
  private many: Set<number> | null = null;

  add(client: number): void {
    if (this.many === null && this.few.length < 16) {
      if (this.few.includes(client)) throw twice(client);
      this.few.push(client);
      return;
    }
    this.many ??= new Set(this.few);
    if (this.many.has(client)) throw twice(client);
    this.many.add(client);
  }
}

function twice(client: number): UnreadableUpdate {
  return new UnreadableUpdate(`structs of client ${client} in two places`);
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

/** Reads one struct of the run `reader.clock` follows, and moves that clock past it. */
function readStruct(reader: Reader): void {
  const info = reader.byte();
  const ref = info & CONTENT_REF;
  // `Y.decodeUpdate` and `Y.diffUpdate` read a Skip only without flags (as Yjs writes it).
  if (ref === SKIP_REF && info !== SKIP_REF) throw new UnreadableUpdate('a skip with flags');
  if (ref === GC_REF || ref === SKIP_REF) {
    reader.clock.advance(reader.varUint());
    return;
  }
  if ((info & HAS_ORIGIN) !== 0) reader.earlierId('origin');
  if ((info & HAS_RIGHT_ORIGIN) !== 0) reader.earlierId('right origin');
  if ((info & (HAS_ORIGIN | HAS_RIGHT_ORIGIN)) === 0) {
    // Parent: a root type's name (parent info 1) or the id of the item holding the type.
    if (reader.varUint() === 1) reader.string();
    else reader.earlierId('parent');
    if ((info & HAS_PARENT_SUB) !== 0) reader.string();
  }
  readContent(reader, ref);
}

/** Reads a struct's content and moves the run's clock past it (by its length as Yjs counts it). */
function readContent(reader: Reader, ref: number): void {
  switch (ref) {
    case 1: // ContentDeleted: length
      reader.clock.advance(reader.varUint());
      return;
    case 2: {
      // ContentJSON: count, then JSON texts ('undefined' stands for undefined)
      const count = reader.varUint();
      for (let i = 0; i < count; i++) {
        const text = reader.text();
        if (text !== 'undefined') JSON.parse(text);
      }
      reader.clock.advance(count);
      return;
    }
    case 3: // ContentBinary
      reader.bytes();
      break;
    case 4: // ContentString: as many clocks as UTF-16 code units
      reader.contentString();
      return;
    case 5: // ContentEmbed: JSON
      JSON.parse(reader.text());
      break;
    case 6: // ContentFormat: key, JSON
      reader.string();
      JSON.parse(reader.text());
      break;
    case 7: {
      // ContentType: type ref, and a name for XML elements and hooks
      const typeRef = reader.varUint();
      if (typeRef > LAST_TYPE_REF) throw new UnreadableUpdate(`unknown type ref ${typeRef}`);
      if (typeRef === XML_ELEMENT_REF || typeRef === XML_HOOK_REF) reader.string();
      break;
    }
    case 8: {
      // ContentAny: count, then values
      const count = reader.varUint();
      for (let i = 0; i < count; i++) readAny(reader);
      reader.clock.advance(count);
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
      break;
    }
    default:
      throw new UnreadableUpdate(`unknown content ref ${ref}`);
  }
  reader.clock.advance(1); // binary, embed, format, type, sub-document
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
  /** Where the current run of structs has got to. */
  readonly clock: RunClock;

  constructor(private readonly update: Uint8Array) {
    this.decoder = decoding.createDecoder(update);
    this.clock = new RunClock(update);
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

  /**
   * An id the current struct points at. Its own client's clocks from the struct's own on are not in
   * any document yet when Yjs looks them up (it checks only other clients' clocks first).
   */
  earlierId(what: string): void {
    const client = this.varUint();
    const clock = this.varUint();
    if (client === this.clock.client && !this.clock.isBefore(clock)) {
      throw new UnreadableUpdate(`a struct whose ${what} is itself or later`);
    }
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

  /** A ContentString's text, checked, and its clocks (UTF-16 code units, counted only if needed). */
  contentString(): void {
    const bytes = this.bytes();
    if (isAscii(bytes)) {
      this.clock.advance(bytes.length);
      return;
    }
    if (!isUtf8(bytes)) throw new UnreadableUpdate('text that is not UTF-8');
    this.clock.advanceText(this.decoder.pos - bytes.length, this.decoder.pos);
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

/**
 * The clock of the next struct in a run. Text that is not ASCII takes as many clocks as it has
 * UTF-16 code units, between a third of its bytes and all of them, and counting them is a loop in
 * JavaScript over every byte: so the last such text is counted only when a pointer of the run's own
 * client falls inside the range of clocks it leaves open (or when more such text follows), and the
 * clock is kept as a range [low, high] meanwhile.
 */
class RunClock {
  client = 0;
  private low = 0;
  private high = 0;
  /** Bytes [start, end) of text not counted yet (start === end: none). */
  private start = 0;
  private end = 0;

  constructor(private readonly update: Uint8Array) {}

  begin(client: number, clock: number): void {
    this.client = client;
    this.low = clock;
    this.high = clock;
    this.start = this.end = 0;
  }

  advance(length: number): void {
    if (length === 0) throw new UnreadableUpdate('a struct of length 0');
    this.low += length;
    this.high += length;
  }

  /** Non-ASCII UTF-8 text at `update[start, end)` (checked, not empty). */
  advanceText(start: number, end: number): void {
    this.count();
    this.low += Math.ceil((end - start) / 3);
    this.high += end - start;
    this.start = start;
    this.end = end;
  }

  /** Whether `clock` comes before the current struct's own. */
  isBefore(clock: number): boolean {
    if (clock < this.low) return true;
    if (clock >= this.high) return false;
    this.count();
    return clock < this.low;
  }

  private count(): void {
    const { start, end, update } = this;
    if (start === end) return;
    let units = 0;
    // One unit per character (a byte that is not a continuation byte), two from U+10000 on.
    for (let at = start; at < end; at++) {
      const byte = update[at] ?? 0;
      units += ((byte & 0xc0) !== 0x80 ? 1 : 0) + (byte >= 0xf0 ? 1 : 0);
    }
    this.low += units - Math.ceil((end - start) / 3);
    this.high -= end - start - units;
    this.start = this.end = 0;
  }
}
