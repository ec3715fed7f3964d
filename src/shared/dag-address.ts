/**
 * DAG address validation (Constellation §3.1), pure so the browser can use it too.
 * An address is "DAG" + a parity digit + the last 36 base58 characters of sha256(SPKI public key).
 * The parity digit is the sum of the decimal digits in those 36 characters, mod 9.
 */

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;

/** Parity digit of the 36-character base58 tail of an address. */
export function dagAddressParity(tail: string): number {
  let sum = 0;
  for (const ch of tail) if (ch >= '0' && ch <= '9') sum += ch.charCodeAt(0) - 48;
  return sum % 9;
}

export function isValidDagAddress(value: unknown): value is string {
  if (typeof value !== 'string' || value.length !== 40 || !value.startsWith('DAG')) return false;
  const tail = value.slice(4);
  return BASE58.test(tail) && value[3] === String(dagAddressParity(tail));
}
