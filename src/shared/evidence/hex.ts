import { sha256 } from '@noble/hashes/sha2.js';

export const toHex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

export function fromHex(hex: string): Uint8Array {
  if (!/^([0-9a-fA-F]{2})*$/.test(hex)) throw new TypeError('not a hex string');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export const utf8 = (text: string) => new TextEncoder().encode(text);

/** SHA-256 of a string's UTF-8 bytes, as lowercase hex. */
export const sha256Hex = (text: string) => toHex(sha256(utf8(text)));
