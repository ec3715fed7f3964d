import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import vectors from './fixtures/tessellation-vectors.json' with { type: 'json' };
import { toHex, utf8 } from './hex.ts';
import { judgeSnapshotProofs, signsSnapshotHash } from './snapshot-proofs.ts';

const { hash, proofs } = vectors;
const peers = proofs.map((p) => p.id);

/** A validator of our own, signing as tessellation does (SHA512withECDSA over the hash text). */
function validator(seed: number) {
  const key = new Uint8Array(32).fill(seed);
  const id = toHex(secp256k1.getPublicKey(key, false).subarray(1));
  const sign = (h: string) => ({
    id,
    signature: toHex(
      secp256k1.sign(sha512(utf8(h)).subarray(0, 32), key, { prehash: false, format: 'der' }),
    ),
  });
  return { id, sign };
}

describe('snapshot proofs', () => {
  it("verifies a published snapshot's validator signatures over its hash (tessellation vector)", () => {
    for (const proof of proofs) expect(signsSnapshotHash(hash, proof)).toBe(true);
    expect(judgeSnapshotProofs(hash, proofs, peers)).toEqual({
      ok: true,
      detail: 'signed by 2 of its 2 signers known as L0 peers',
    });
  });

  it('fails a signature over another hash, a forged one, or none at all', () => {
    const other = `${hash.slice(0, -1)}d`;
    expect(judgeSnapshotProofs(other, proofs, peers).ok).toBe(false);
    const flipped = proofs[0]!.signature.replace(/.{2}$/, (b) => (b === '00' ? '01' : '00'));
    const forged = [{ ...proofs[0]!, signature: flipped }, proofs[1]!];
    expect(judgeSnapshotProofs(hash, forged, peers)).toMatchObject({ ok: false });
    const mallory = validator(7);
    const impostor = [{ ...mallory.sign(hash), id: proofs[0]!.id }];
    expect(judgeSnapshotProofs(hash, impostor, peers).ok).toBe(false);
    expect(judgeSnapshotProofs(hash, [], peers).ok).toBe(false);
    expect(judgeSnapshotProofs(hash, undefined, peers).ok).toBe(false);
  });

  it('passes only when more than half of the signers are trusted peers', () => {
    const [a, b, c] = [validator(1), validator(2), validator(3)];
    const all = [a.sign(hash), b.sign(hash), c.sign(hash)];
    expect(judgeSnapshotProofs(hash, all, [a.id, b.id]).ok).toBe(true);
    expect(judgeSnapshotProofs(hash, all, [a.id]).ok).toBeNull();
    expect(judgeSnapshotProofs(hash, all.slice(0, 2), [a.id]).ok).toBeNull();
    // Unknown peers (the cluster could not be read): checked signatures, still pending.
    expect(judgeSnapshotProofs(hash, all, null).ok).toBeNull();
  });
});
