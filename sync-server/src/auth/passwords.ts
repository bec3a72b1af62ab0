import crypto from 'node:crypto';

/**
 * Password hashing with scrypt. The parameters are stored with each hash (`scrypt$N$r$p$salt$hash`),
 * so raising them later leaves old hashes verifiable.
 */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

export const SCRYPT_PARAMS: ScryptParams = { N: 2 ** 15, r: 8, p: 1 };
const KEY_BYTES = 32;
const SALT_BYTES = 16;
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 1024;

/** scrypt needs 128 * N * r bytes; Node's default ceiling (32 MiB) is exactly N=2^15, r=8, so leave room. */
const maxmem = (params: ScryptParams) => 256 * params.N * params.r;

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    crypto.scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_BYTES,
      { ...params, maxmem: maxmem(params) },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

const encode = (params: ScryptParams, salt: Buffer, key: Buffer) =>
  `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64')}$${key.toString('base64')}`;

/** A new hash with a fresh random salt. */
export async function hashPassword(password: string, params = SCRYPT_PARAMS): Promise<string> {
  const salt = crypto.randomBytes(SALT_BYTES);
  return encode(params, salt, await derive(password, salt, params));
}

/** The same, blocking: for the first supervisor created at startup. */
export function hashPasswordSync(password: string, params = SCRYPT_PARAMS): string {
  const salt = crypto.randomBytes(SALT_BYTES);
  const key = crypto.scryptSync(password.normalize('NFKC'), salt, KEY_BYTES, {
    ...params,
    maxmem: maxmem(params),
  });
  return encode(params, salt, key);
}

interface ParsedHash {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

function parse(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (!Number.isInteger(N) || !Number.isInteger(r) || !Number.isInteger(p)) return null;
  return {
    params: { N: N ?? 0, r: r ?? 0, p: p ?? 0 },
    salt: Buffer.from(parts[4] ?? '', 'base64'),
    key: Buffer.from(parts[5] ?? '', 'base64'),
  };
}

/** True when `password` matches `stored`; compares in constant time. A malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed || parsed.key.length !== KEY_BYTES) return false;
  const key = await derive(password, parsed.salt, parsed.params);
  return crypto.timingSafeEqual(key, parsed.key);
}

const dummies = new Map<string, Promise<string>>();

/**
 * A hash of a random password, verified against when the username is unknown so that the answer takes
 * as long as for a real account (the timing does not tell which usernames exist): one per cost.
 */
export function dummyHash(params = SCRYPT_PARAMS): Promise<string> {
  const key = `${params.N}$${params.r}$${params.p}`;
  let dummy = dummies.get(key);
  if (!dummy) {
    dummy = hashPassword(crypto.randomBytes(16).toString('base64'), params);
    dummies.set(key, dummy);
  }
  return dummy;
}
