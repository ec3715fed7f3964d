import { brotliCompressSync } from 'node:zlib';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import { type AnchorDeps, anchorStep } from '@/shared/evidence/anchor.ts';
import vectors from '@/shared/evidence/fixtures/tessellation-vectors.json' with { type: 'json' };
import { toHex, utf8 } from '@/shared/evidence/hex.ts';
import { tessellationJsonText } from '@/shared/evidence/tessellation-json.ts';
import { tessellationCodec, tessellationJsonHash } from './tessellation-codec.ts';

const METAGRAPH = 'DAG0evidence';
const ROOT = 'ab'.repeat(32);
const key = new Uint8Array(32).fill(9);
const peerId = toHex(secp256k1.getPublicKey(key, false).subarray(1));
const sign = (hash: string) => ({
  id: peerId,
  signature: toHex(
    secp256k1.sign(sha512(utf8(hash)).subarray(0, 32), key, { prehash: false, format: 'der' }),
  ),
});

/**
 * A global snapshot as a real L0 answers it: no `hash`, a 64-bit balance, and the metagraph's
 * state channel as signed binaries whose content is its currency snapshot in Brotli JSON, the
 * data application's on-chain state in bytes inside (our construction of tessellation's shapes).
 */
function realLikeSnapshot(onChainState: string) {
  const currency = JSON.stringify({
    value: { ordinal: 3, dataApplication: { onChainState: [...utf8(onChainState)], blocks: [] } },
    proofs: [],
  });
  const content = [...brotliCompressSync(Buffer.from(currency))].map((b) =>
    b > 127 ? b - 256 : b,
  );
  const value = `{"ordinal":2572400,"height":1,"info":null,"balances":{"DAG1":9223372036854775807},
    "stateChannelSnapshots":{"${METAGRAPH}":[{"value":{"lastSnapshotHash":"${'0'.repeat(64)}",
    "content":${JSON.stringify(content)},"fee":0},"proofs":[]}]}}`;
  const hash = tessellationJsonHash(tessellationJsonText(value));
  return { hash, text: `{"value":${value},"proofs":${JSON.stringify([sign(hash)])}}` };
}

const deps = (text: string, codec: AnchorDeps['codec'] = tessellationCodec): AnchorDeps => ({
  metagraphId: METAGRAPH,
  readSnapshot: async () => text,
  trustedPeers: async () => [peerId],
  codec,
});
const batch = (hash: string) => ({
  batchId: 'b1',
  root: ROOT,
  globalSnapshotOrdinal: 2572400,
  globalSnapshotHash: hash,
});

describe('tessellation JSON hash', () => {
  it("hashes as tessellation's Hasher.forJson does (its test vector)", () => {
    const { json, hash } = vectors.emptyMapJsonHash;
    expect(tessellationJsonHash(json)).toBe(hash);
  });

  it('anchors on a snapshot without a stated hash: computed, signed, root in its state channel', async () => {
    const snap = realLikeSnapshot(`{"roots":["${ROOT}"]}`);
    const step = await anchorStep(batch(snap.hash), deps(snap.text));
    expect(step).toMatchObject({ ok: true });
    expect(step.detail).toBe(
      `Anchored in global snapshot 2572400 (${snap.hash}): hash computed from its content; signed by 1 of its 1 signers known as L0 peers`,
    );
  });

  it('fails a snapshot whose content does not hash to the named hash', async () => {
    const snap = realLikeSnapshot(`{"roots":["${ROOT}"]}`);
    const edited = snap.text.replace('9223372036854775807', '9223372036854775806');
    const step = await anchorStep(batch(snap.hash), deps(edited));
    expect(step.ok).toBe(false);
    expect(step.detail).toContain('its content hashes to');
  });

  it('leaves pending what cannot be read: no Brotli here, or a channel not showing the root', async () => {
    const snap = realLikeSnapshot(`{"roots":["${ROOT}"]}`);
    const browser = { ...deps(snap.text), codec: undefined };
    expect((await anchorStep(batch(snap.hash), browser)).ok).toBeNull();
    const other = realLikeSnapshot('{"roots":["cd"]}');
    const step = await anchorStep(batch(other.hash), deps(other.text));
    expect(step.ok).toBeNull();
    expect(step.detail).toContain('state channel cannot be read here');
  });
});
