import { createHash, randomBytes, randomInt } from 'node:crypto';

/** X's snowflake epoch (2010-11-04): ids made from current times have 19 digits. */
const EPOCH_MS = 1288834974657n;
let sequence = randomInt(4096);

/**
 * A snowflake-like id: milliseconds since X's epoch, then 10 random "worker" bits and a
 * 12-bit sequence, so ids made in the same millisecond still differ and sort by time.
 */
export function snowflake(at: Date): bigint {
  sequence = (sequence + 1) % 4096;
  const ms = BigInt(at.getTime()) - EPOCH_MS;
  return (ms << 22n) | (BigInt(randomInt(1024)) << 12n) | BigInt(sequence);
}

/** An unguessable opaque token (codes, access/refresh tokens, session ids, nonces). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are stored hashed: a database dump does not hand out working credentials. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** X ids in paths and query strings: 1 to 19 digits. */
export const ID_PATTERN = /^[0-9]{1,19}$/;
export const USERNAME_PATTERN = /^[A-Za-z0-9_]{1,15}$/;
