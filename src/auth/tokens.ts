import { createHash, randomBytes } from 'node:crypto';

/** Randomness as a dependency, so tests can mint predictable tokens when they need to. */
export type RandomBytes = (size: number) => Buffer;
export const cryptoRandomBytes: RandomBytes = (size) => randomBytes(size);

/** 32 random bytes: session cookies, email tokens and upload links alike. */
export const TOKEN_BYTES = 32;

export interface MintedToken {
  /** Given to the holder once; never stored. */
  token: string;
  /** SHA-256 of the token, hex; the only form the database sees. */
  digest: string;
}

export function mintToken(random: RandomBytes = cryptoRandomBytes): MintedToken {
  const token = random(TOKEN_BYTES).toString('base64url');
  return { token, digest: digestToken(token) };
}

export function digestToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A presented token can only be well formed if it is 43 base64url characters (32 bytes). */
export function isWellFormedToken(token: unknown): token is string {
  return typeof token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(token);
}
