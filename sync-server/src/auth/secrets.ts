import crypto from 'node:crypto';

/** A bearer secret (session or device token): 32 random bytes, base64url. */
export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256 (hex); a copied database holds no usable token. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

/** No 0/O, 1/I: a code read aloud or copied from a screen is typed right. 32 symbols, 5 bits each. */
const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const CODE_LENGTH = 8;
export const MIN_CREW_CODE_LENGTH = 6;

/** A fresh crew access code, 8 symbols (40 bits), stored without the dash. */
export function newCrewCode(): string {
  const bytes = crypto.randomBytes(CODE_LENGTH);
  return Array.from(bytes, (byte) => CODE_ALPHABET[byte & 31]).join('');
}

/** What is compared: upper case, without dashes and spaces. */
export function normalizeCrewCode(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}

/** Shown grouped by four (`K7QM-4XPD`). */
export function formatCrewCode(code: string): string {
  return (code.match(/.{1,4}/g) ?? []).join('-');
}

/** Constant-time comparison of two codes as typed (case, dashes and spaces ignored). */
export function sameCrewCode(typed: string, stored: string): boolean {
  const a = crypto.createHash('sha256').update(normalizeCrewCode(typed)).digest();
  const b = crypto.createHash('sha256').update(normalizeCrewCode(stored)).digest();
  return crypto.timingSafeEqual(a, b);
}

/** A readable random password for the first supervisor (about 120 bits). */
export function newPassword(): string {
  return crypto.randomBytes(15).toString('base64url');
}
