import { createHash } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import type { SnapshotCodec } from '@/shared/evidence/anchor.ts';

/**
 * Tessellation's JSON hash, for snapshots after the switch from Kryo (decision 0066): SHA-256 of
 * the Brotli-compressed (quality 2, default 22-bit window) canonical JSON text
 * (Constellation-Labs/tessellation@098dbbe `Hasher.forJson` → `JsonSerializer.forSync` →
 * `JsonBrotliBinarySerializer`, `compressionLevel = 2`). Brotli is deterministic for the same
 * input and parameters, and Node's zlib carries the same Google library as the node's brotli4j;
 * a tessellation test vector pins it (tessellation-codec.test.ts). Node only: browsers have no
 * Brotli encoder, so the verify panel goes without (anchor.ts says so).
 */
export function tessellationJsonHash(canonicalText: string): string {
  const compressed = brotliCompressSync(Buffer.from(canonicalText, 'utf8'), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 2 },
  });
  return createHash('sha256').update(compressed).digest('hex');
}

/**
 * A state channel's `content` bytes: the metagraph's signed currency snapshot as Brotli JSON
 * (tessellation `StateChannelSnapshotService.createBinary`: `jsonBrotliBinarySerializer`).
 */
export function inflateBrotli(bytes: Uint8Array): Uint8Array {
  return brotliDecompressSync(bytes);
}

export const tessellationCodec: SnapshotCodec = {
  hashJson: tessellationJsonHash,
  inflate: inflateBrotli,
};
