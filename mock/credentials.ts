/**
 * Password hashing (docs/rules.md#people-and-credentials): scrypt from `node:crypto`, memory-hard, compared in constant time.
 * A stored hash names its own cost (`scrypt$<log2 N>$<r>$<p>$<salt>$<hash>`, base64url), so a hash made with other
 * parameters still verifies and is re-hashed at the next successful login (`needsRehash`). Plain passwords are never
 * stored, returned or logged: only these functions see them.
 */
import { randomBytes, randomInt, scrypt as scryptCb, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** Current cost: N = 2^15, r = 8, p = 1 (32 MiB of memory, about 50–100 ms on these machines). */
export const SCRYPT = { logN: 15, r: 8, p: 1, keyLen: 32, saltLen: 16 } as const;

interface Parsed {
  logN: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

function parse(stored: string): Parsed | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [logN, r, p] = parts.slice(1, 4).map(Number);
  if (![logN, r, p].every((n) => Number.isInteger(n) && n > 0) || logN > 20) return undefined;
  return { logN, r, p, salt: Buffer.from(parts[4], 'base64url'), hash: Buffer.from(parts[5], 'base64url') };
}

function options(logN: number, r: number, p: number): ScryptOptions {
  const N = 2 ** logN;
  return { N, r, p, maxmem: 128 * N * r * p * 2 };
}

function format(logN: number, r: number, p: number, salt: Buffer, hash: Buffer): string {
  return ['scrypt', logN, r, p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

function derive(password: string, salt: Buffer, logN: number, r: number, p: number, keyLen: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(password.normalize('NFC'), salt, keyLen, options(logN, r, p), (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** A new hash of `password` at the current cost (async: the work runs on libuv's thread pool). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SCRYPT.saltLen);
  const hash = await derive(password, salt, SCRYPT.logN, SCRYPT.r, SCRYPT.p, SCRYPT.keyLen);
  return format(SCRYPT.logN, SCRYPT.r, SCRYPT.p, salt, hash);
}

/** Synchronous form for seeding (demo accounts are hashed once per process, see `seedHash`). */
export function hashPasswordSync(password: string): string {
  const salt = randomBytes(SCRYPT.saltLen);
  const hash = scryptSync(password.normalize('NFC'), salt, SCRYPT.keyLen, options(SCRYPT.logN, SCRYPT.r, SCRYPT.p));
  return format(SCRYPT.logN, SCRYPT.r, SCRYPT.p, salt, hash);
}

/** Whether `password` matches `stored` (constant-time comparison; a malformed hash never matches). */
export async function verifyPassword(password: string, stored: string | undefined): Promise<boolean> {
  const parsed = stored ? parse(stored) : undefined;
  if (!parsed) {
    // Same work as a real check, so an unknown account answers in the same time as a wrong password.
    await derive(password, randomBytes(SCRYPT.saltLen), SCRYPT.logN, SCRYPT.r, SCRYPT.p, SCRYPT.keyLen);
    return false;
  }
  const key = await derive(password, parsed.salt, parsed.logN, parsed.r, parsed.p, parsed.hash.length);
  return key.length === parsed.hash.length && timingSafeEqual(key, parsed.hash);
}

/** True when `stored` was made with another cost than the current one: re-hash it after a successful check. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.logN !== SCRYPT.logN || parsed.r !== SCRYPT.r || parsed.p !== SCRYPT.p || parsed.hash.length !== SCRYPT.keyLen;
}

const seedHashes = new Map<string, string>();
/** The hash of a demo password, computed once per process (the seed is restored before every test). */
export function seedHash(password: string): string {
  let h = seedHashes.get(password);
  if (!h) {
    h = hashPasswordSync(password);
    seedHashes.set(password, h);
  }
  return h;
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
/** A random one-time password (12 characters, about 70 bits), for new owners; shown once, changed at first login. */
export function oneTimePassword(length = 12): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** A random numeric code (SMS), `digits` long, uniformly distributed. */
export function randomCode(digits = 6): string {
  return String(randomInt(10 ** digits)).padStart(digits, '0');
}
