import * as z from 'zod/mini';

/**
 * The two inclusion proofs the vendor's sources describe (issue 41): the TypeScript SDK's binary
 * Merkle proof (packages/typescript/src/network/types.ts `FingerprintProof.proof`) and the MCP
 * server's Merkle Patricia Trie proof (packages/mcp-server/src/types/api.ts
 * `MerklePatriciaInclusionProof`). A verifier tells them apart by their fields.
 */
export const binaryProofSchema = z.object({
  batchId: z.string(),
  batchRoot: z.string(),
  /** The SDK's batch signature; only checked against a pinned key (optional, decision 0051). */
  signature: z.optional(z.string()),
  proofPath: z.array(z.string()),
  proofIndices: z.array(z.int()),
  treeHeight: z.int(),
});
export const mptProofSchema = z.object({
  leafKey: z.string(),
  leafValue: z.string(),
  root: z.string(),
  proof: z.array(
    z.object({
      hash: z.string(),
      prefix: z.string(),
      children: z.optional(z.record(z.string(), z.string())),
      value: z.optional(z.string()),
    }),
  ),
});
export const inclusionProofSchema = z.union([binaryProofSchema, mptProofSchema]);
export type InclusionProof = z.infer<typeof inclusionProofSchema>;
export type BinaryProof = z.infer<typeof binaryProofSchema>;
export type MptProofData = z.infer<typeof mptProofSchema>;

/** The batch as a verifier needs it, from either shape: its root and the snapshot it names. */
export const batchAnchorSchema = z.object({
  batchId: z.string(),
  root: z.nullable(z.string()),
  globalSnapshotOrdinal: z.nullable(z.number()),
  globalSnapshotHash: z.nullable(z.string()),
});
export type BatchAnchorInfo = z.infer<typeof batchAnchorSchema>;

export const isMptProof = (p: InclusionProof): p is MptProofData => 'leafKey' in p;
