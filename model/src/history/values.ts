/**
 * Values as the history keeps them. Short values are kept whole; a long text (a signature, a long
 * note) or a nested value is kept as a digest with a preview, so a shift's few hundred changes stay
 * small in the document, while two different values still compare as different.
 */
export interface DigestValue {
  digest: string;
  /** Length of the full value's text. */
  length: number;
  /** Its first characters, for reading. */
  preview: string;
}

export type HistoryValue = string | number | boolean | null | DigestValue;
export type HistoryFields = Record<string, HistoryValue>;

/** Texts longer than this are kept as a digest. */
export const MAX_KEPT_TEXT = 280;
const PREVIEW_LENGTH = 60;

/** FNV-1a (32 bit) of a text, base 36: a short, stable fingerprint (not a security measure). */
export function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

function digestOf(text: string): DigestValue {
  return {
    digest: `${fingerprint(text)}.${fingerprint(`${text.length}:${text}`)}`,
    length: text.length,
    preview: text.slice(0, PREVIEW_LENGTH),
  };
}

/** The history's form of a stored value (undefined, i.e. absent, is kept as null). */
export function toHistoryValue(value: unknown): HistoryValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') return value.length > MAX_KEPT_TEXT ? digestOf(value) : value;
  return digestOf(JSON.stringify(value));
}

/** Equality of two history values (digests compare by digest). */
export function sameHistoryValue(a: HistoryValue, b: HistoryValue): boolean {
  if (isDigest(a) || isDigest(b)) {
    return isDigest(a) && isDigest(b) && a.digest === b.digest && a.length === b.length;
  }
  return a === b;
}

export function isDigest(value: unknown): value is DigestValue {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as DigestValue).digest === 'string' &&
    typeof (value as DigestValue).length === 'number' &&
    typeof (value as DigestValue).preview === 'string'
  );
}

/** A value read back from the document: anything else (a forged or damaged record) reads as null. */
export function readHistoryValue(value: unknown): HistoryValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (isDigest(value)) {
    return { digest: value.digest, length: value.length, preview: value.preview };
  }
  return null;
}

/** Fields of an added or removed entry read back from the document. */
export function readHistoryFields(value: unknown): HistoryFields | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || isDigest(value)) {
    return null;
  }
  const fields: HistoryFields = {};
  for (const [key, field] of Object.entries(value)) fields[key] = readHistoryValue(field);
  return fields;
}
