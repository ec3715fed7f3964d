import { createPublicKey, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.ts';
import { fromHex, sha256Hex } from './hex.ts';
import { publicKeyId, signValue, verifyValue } from './signature.ts';

// The SDK's cross-language vectors (Constellation-Labs/digital-evidence-sdk,
// shared/test_vectors/fingerprint_vectors.json @ b0b5c87), kept as data in this folder.
const vectors = JSON.parse(
  readFileSync(new URL('./fingerprint-vectors.json', import.meta.url), 'utf8'),
).vectors as Vector[];
interface Vector {
  name: string;
  privateKey: string;
  fingerprintValue: Record<string, unknown>;
  documentContent?: string;
  documentContentHash?: string;
  expectedCanonicalFields?: string[];
}
const vector = (name: string) => vectors.find((v) => v.name === name)!;

describe('SECP256K1_RFC8785_V1 against the SDK vectors', () => {
  const basic = vector('basic_fingerprint_submission');

  it('hashes the document content to documentContentHash', () => {
    expect(sha256Hex(basic.documentContent!)).toBe(basic.documentContentHash);
  });

  it('canonicalizes the value with the expected field order, with and without signerId', () => {
    expect(Object.keys(JSON.parse(canonicalJson(basic.fingerprintValue)))).toEqual(
      basic.expectedCanonicalFields,
    );
    const withSigner = vector('fingerprint_with_signer_id');
    const value = { ...withSigner.fingerprintValue, signerId: publicKeyId(withSigner.privateKey) };
    expect(Object.keys(JSON.parse(canonicalJson(value)))).toEqual(
      withSigner.expectedCanonicalFields,
    );
    expect(value.signerId).toMatch(/^[0-9a-f]{128}$/);
  });

  it('signs deterministically, verifies, and rejects a changed value or another key', () => {
    const proof = signValue(basic.fingerprintValue, basic.privateKey);
    expect(proof.algorithm).toBe('SECP256K1_RFC8785_V1');
    expect(proof.id).toBe(publicKeyId(basic.privateKey));
    expect(signValue(basic.fingerprintValue, basic.privateKey)).toEqual(proof);
    expect(verifyValue(basic.fingerprintValue, proof)).toBe(true);
    // Field order does not matter: the signature is over the canonical form.
    const reordered = Object.fromEntries(Object.entries(basic.fingerprintValue).reverse());
    expect(verifyValue(reordered, proof)).toBe(true);
    expect(verifyValue({ ...basic.fingerprintValue, version: 2 }, proof)).toBe(false);
    const other = signValue(basic.fingerprintValue, '11'.repeat(32));
    expect(verifyValue(basic.fingerprintValue, { ...proof, id: other.id })).toBe(false);
    expect(verifyValue(basic.fingerprintValue, { ...proof, signature: 'zz' })).toBe(false);
  });

  it('verifies with OpenSSL SHA512withECDSA over the hex hash, as the network does', () => {
    const proof = signValue(basic.fingerprintValue, basic.privateKey);
    const xy = fromHex(proof.id);
    const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64url');
    const key = createPublicKey({
      key: { kty: 'EC', crv: 'secp256k1', x: b64(xy.subarray(0, 32)), y: b64(xy.subarray(32)) },
      format: 'jwk',
    });
    const hashHex = sha256Hex(canonicalJson(basic.fingerprintValue));
    const sig = Buffer.from(proof.signature, 'hex');
    expect(verify('sha512', Buffer.from(hashHex), { key, dsaEncoding: 'der' }, sig)).toBe(true);
  });

  it("matches the SDK's metadata hash: SHA-256 of the value's canonical JSON", () => {
    const meta = vector('fingerprint_with_metadata');
    const hash = sha256Hex(canonicalJson(meta.fingerprintValue));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(sha256Hex(canonicalJson({ ...meta.fingerprintValue }))).toBe(hash);
  });
});
